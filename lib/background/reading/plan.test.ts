import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { audioCacheKey, clearAudioCache, putAudio } from '../../speech/cache';
import { chunkOfSentence } from '../../player/sentence-position';
import { planStartingAt } from './plan';

const SERVICE = 'http://127.0.0.1:4545';
const input = {
  sessionId: 's1',
  title: 'T',
  params: { voiceId: 'en-amelia', language: 'en', speed: 1, format: 'mp3' as const },
  text: Array.from({ length: 30 }, (_, i) => `This is sentence number ${i + 1} of the page.`).join(' '),
};

beforeEach(async () => {
  fakeBrowser.reset();
  await clearAudioCache();
});

describe('planStartingAt', () => {
  it('starts afresh at the sentence when the audio around it is not cached: nothing before it is asked for', async () => {
    const { plan } = await planStartingAt(input, 12, SERVICE);
    const start = plan.chunks[chunkOfSentence(plan.chunks, 12)]!;
    expect(start).toMatchObject({ firstSentence: 12, lastSentence: 12 });
    expect(plan.sentenceCount).toBe(30);
  });

  it('keeps the usual chunks when the chunk holding the sentence is cached: it plays from there for free', async () => {
    const usual = await planStartingAt(input, undefined, SERVICE);
    const holding = usual.plan.chunks[chunkOfSentence(usual.plan.chunks, 12)]!;
    expect(holding.firstSentence).toBeLessThan(12);
    const key = await audioCacheKey({ service: SERVICE, text: holding.text, ...input.params });
    await putAudio(key, { audio: new Uint8Array([1]), format: 'mp3', fileName: 'a.mp3', durationSec: 1 });
    const { plan } = await planStartingAt(input, 12, SERVICE);
    expect(plan.chunks).toEqual(usual.plan.chunks);
  });
});
