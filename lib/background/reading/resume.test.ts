import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { positionOf } from '../../settings/reading-positions';
import type { PlayerEvent, ReadingPlan } from '../../player/contract';
import { followPosition, resumePoint } from './resume';
import type { ReadingSession } from './session';

const PLAN: ReadingPlan = {
  sessionId: 's1',
  params: { voiceId: 'en-amelia', language: 'en', speed: 1, format: 'mp3' },
  chunks: [{ index: 0, text: 'One. Two. Three.', firstSentence: 0, lastSentence: 2, sentenceOffsets: [0, 5, 10] }],
  sentenceCount: 3,
  title: 'River',
};
const URL_READ = 'https://example.org/river#top';
const event = (status: PlayerEvent['status'], sentence: number): PlayerEvent => ({ sessionId: 's1', status, sentence, chunk: 0, elapsedSec: 1 });

beforeEach(() => fakeBrowser.reset());

describe('resume', () => {
  it('remembers the sentence a page is at, keeps it when stopped, forgets it once read to the end', async () => {
    const { id } = await fakeBrowser.tabs.create({ url: URL_READ });
    const point = (await resumePoint(id!, 'One. Two. Three.'))!;
    expect(point.from).toBeNull();
    const session: ReadingSession = { plan: PLAN, sentences: [], tabId: id!, frameId: 0, position: null, page: point.page };

    await followPosition(session, event('playing', 0));
    expect(await positionOf(URL_READ)).toBeNull();
    await followPosition(session, event('playing', 1));
    await followPosition(session, event('stopped', 2));
    expect(await positionOf('https://example.org/river')).toMatchObject({ sentence: 1, sentenceCount: 3, title: 'River' });
    expect((await resumePoint(id!, 'One. Two. Three.'))!.from).toMatchObject({ sentence: 1 });
    // The page's text changed since: it is read from its start.
    expect((await resumePoint(id!, 'One. Two. Four.'))!.from).toBeNull();

    await followPosition(session, event('ended', 2));
    expect(await positionOf(URL_READ)).toBeNull();
  });
});
