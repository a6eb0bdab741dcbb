import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { takeConfirmed } from '../spend/questions';
import { useEnglishMessages } from '../../i18n.test-helpers';
import type { ReadingPlan } from '../../player/contract';
import { updateSettings } from '../../settings/items';
import { audioCacheKey, putAudio } from '../../speech/cache';
import { prepareSpeech } from '../../speech/chunk';
import { chunkOfSentence } from '../../player/sentence-position';
import { offerRetry, RETRY_KIND, type RetryRequest } from './retry';
import { rememberAsked, type ReadingSession } from './session';

const SERVICE = 'http://127.0.0.1:1';
const PARAMS = { voiceId: 'en-amelia', language: 'en', speed: 1.25, format: 'mp3' } as const;
const TEXT = 'The morning was cool and bright, and the road ran long beside the quiet river. '.repeat(200);

function session(tabId: number | null = 7): ReadingSession {
  const { chunks, sentences } = prepareSpeech(TEXT, 'en');
  const plan: ReadingPlan = { sessionId: 's1', params: PARAMS, chunks, sentenceCount: sentences.length, title: 'T' };
  return { plan, sentences: sentences.map((x) => [x.start, x.end]), tabId, frameId: 0, position: null };
}

const creditsOf = (texts: string[]) => texts.reduce((sum, text) => sum + Math.ceil(text.length * 0.1), 0);

beforeEach(async () => {
  fakeBrowser.reset();
  useEnglishMessages();
  await updateSettings({ serviceUrl: SERVICE, confirmAboveCredits: 200 });
});

describe('offerRetry', () => {
  it('offers the reading again from the sentence it failed at, on its page, for what is not received yet', async () => {
    const failed = session();
    await rememberAsked('s1', { text: TEXT, title: 'T', tabId: 7, frameId: 0, page: { url: 'https://news.test/a', textKey: 'k' }, speed: 1 });
    const at = 40;
    const rest = failed.plan.chunks.slice(chunkOfSentence(failed.plan.chunks, at));
    // The first of them arrived before the failure: it plays free.
    await putAudio(await audioCacheKey({ service: SERVICE, text: rest[0]!.text, ...PARAMS }), { audio: new Uint8Array(8), format: 'mp3', fileName: 'a.mp3', durationSec: 1 });
    const offer = (await offerRetry(failed, at, 'server'))!;
    const figure = creditsOf(rest.slice(1).map((c) => c.text));
    expect(offer.label).toBe(`Retry from here (up to ${figure.toLocaleString('en')} credits)`);
    // Answered once, only on its page, with the same text, voice and speed the reading had then.
    expect(await takeConfirmed(offer.token, 8)).toBeNull();
    const taken = (await takeConfirmed(offer.token, 7))!;
    expect(taken).toMatchObject({ kind: RETRY_KIND, credits: figure });
    expect(taken.request).toMatchObject({ text: TEXT, tabId: 7, startSentence: at, retried: true, speed: 1.25, voiceId: 'en-amelia', page: { url: 'https://news.test/a', textKey: 'k' } } satisfies Partial<RetryRequest>);
    expect(await takeConfirmed(offer.token, 7)).toBeNull();
  });

  it('offers nothing for a failure a second try cannot get past, a reading from the popup, or a text it does not know', async () => {
    await rememberAsked('s1', { text: TEXT, title: 'T', tabId: 7, frameId: 0 });
    expect(await offerRetry(session(), 0, 'unauthorized')).toBeNull();
    expect(await offerRetry(session(), 0, 'insufficientCredits')).toBeNull();
    expect(await offerRetry(session(null), 0, 'server')).toBeNull();
    await rememberAsked('s2', { text: 'Another text.', title: 'T', tabId: 7, frameId: 0 });
    expect(await offerRetry(session(), 0, 'timeout')).toBeNull();
  });
});
