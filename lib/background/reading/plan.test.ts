import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useEnglishMessages } from '../../i18n.test-helpers';
import { audioCacheKey, clearAudioCache, putAudio } from '../../speech/cache';
import { chunkOfSentence } from '../../player/sentence-position';
import { buildPlan, planStartingAt } from './plan';

const SERVICE = 'http://127.0.0.1:4545';
const input = {
  sessionId: 's1',
  title: 'T',
  params: { voiceId: 'en-amelia', language: 'en', speed: 1, format: 'mp3' as const },
  text: Array.from({ length: 30 }, (_, i) => `This is sentence number ${i + 1} of the page.`).join(' '),
};

beforeEach(async () => {
  fakeBrowser.reset();
  useEnglishMessages();
  await clearAudioCache();
});

describe('planStartingAt', () => {
  it('starts afresh at the sentence when the audio around it is not cached: nothing before it is asked for', async () => {
    const { plan } = await planStartingAt(input, { sentence: 12 }, SERVICE);
    const start = plan.chunks[chunkOfSentence(plan.chunks, 12)]!;
    expect(start).toMatchObject({ firstSentence: 12, lastSentence: 12 });
    expect(plan.sentenceCount).toBe(30);
    // The sentences before it are still planned (for going back), in requests that grow backwards.
    expect(plan.chunks[chunkOfSentence(plan.chunks, 11)]).toMatchObject({ firstSentence: 11, lastSentence: 11 });
  });

  it('keeps the usual chunks when the chunk holding the sentence is cached: it plays from there for free', async () => {
    const usual = await planStartingAt(input, {}, SERVICE);
    const holding = usual.plan.chunks[chunkOfSentence(usual.plan.chunks, 12)]!;
    expect(holding.firstSentence).toBeLessThan(12);
    const key = await audioCacheKey({ service: SERVICE, text: holding.text, ...input.params });
    await putAudio(key, { audio: new Uint8Array([1]), format: 'mp3', fileName: 'a.mp3', durationSec: 1 });
    const { plan } = await planStartingAt(input, { sentence: 12 }, SERVICE);
    expect(plan.chunks).toEqual(usual.plan.chunks);
  });

  it('"from here" (a place in the text) keeps the usual chunks when the one holding it is bought or being bought: never paid twice', async () => {
    const usual = await planStartingAt(input, {}, SERVICE);
    const holding = usual.plan.chunks[chunkOfSentence(usual.plan.chunks, 12)]!;
    const key = await audioCacheKey({ service: SERVICE, text: holding.text, ...input.params });
    const offset = input.text.indexOf('sentence number 13 ');
    // Nothing bought: the sentence alone first.
    const fresh = await planStartingAt(input, { offset }, SERVICE);
    expect(fresh.startSentence).toBe(12);
    expect(fresh.plan.chunks[chunkOfSentence(fresh.plan.chunks, 12)]).toMatchObject({ firstSentence: 12, lastSentence: 12 });
    // The page's reading is asking for that chunk right now: the same chunks, joined, not bought again.
    const joined = await planStartingAt(input, { offset }, SERVICE, (k) => k === key);
    expect(joined.startSentence).toBe(12);
    expect(joined.plan.chunks).toEqual(usual.plan.chunks);
    // Already in the cache: the same.
    await putAudio(key, { audio: new Uint8Array([1]), format: 'mp3', fileName: 'a.mp3', durationSec: 1 });
    expect((await planStartingAt(input, { offset }, SERVICE)).plan.chunks).toEqual(usual.plan.chunks);
  });
});

const params = { voiceId: 'en-amelia', language: 'en', speed: 1, format: 'mp3' as const };
const TEXT = 'First sentence here. Second sentence there.\n\nThird sentence, in a new paragraph. Fourth and last.';

describe('buildPlan from a place in the text', () => {
  it('starts at the sentence holding the offset, in a request of its own', () => {
    const built = buildPlan({ sessionId: 's', text: TEXT, title: 't', params, startOffset: TEXT.indexOf('new paragraph') });
    expect(built.startSentence).toBe(2);
    const start = built.plan.chunks.find((c) => c.firstSentence === 2)!;
    expect(start).toMatchObject({ lastSentence: 2, text: 'Third sentence, in a new paragraph.' });
    // The sentences before it are still in the plan, for going back.
    expect(built.plan.sentenceCount).toBe(4);
    expect(built.plan.chunks[0]!.firstSentence).toBe(0);
  });

  it('starts at 0 without an offset, and refuses an offset after the last sentence', () => {
    expect(buildPlan({ sessionId: 's', text: TEXT, title: 't', params }).startSentence).toBe(0);
    expect(() => buildPlan({ sessionId: 's', text: TEXT, title: 't', params, startOffset: TEXT.length })).toThrow(/nothing to read after this point/);
  });
});

describe('a plan that fits the service as it is sent', () => {
  const long = Array.from({ length: 600 }, (_, i) => `Paragraph ${i + 1} tells how AI reads the page aloud.`).join(' ');

  it('with the user\'s pronunciations: every request, as said, is within the limit, also from a sentence on', async () => {
    const { speechFitOf } = await import('./said');
    const fit = await speechFitOf('s1', 'en', { glossary: [{ term: 'AI', translate: { mode: 'free' }, say: 'artificial intelligence', language: null, site: null, case: 'auto' }] });
    const said = (text: string) => text.replaceAll('AI', 'artificial intelligence');
    const unfit = buildPlan({ ...input, text: long });
    expect(Math.max(...unfit.plan.chunks.map((c) => said(c.text).length))).toBeGreaterThan(5000);
    for (const start of [undefined, 250]) {
      const { plan } = buildPlan({ ...input, text: long, fit, startSentence: start });
      expect(Math.max(...plan.chunks.map((c) => said(c.text).length))).toBeLessThanOrEqual(5000);
      expect(plan.sentenceCount).toBe(600);
    }
  });

  it('heard in another language: the written text leaves room for its translation to come back longer', async () => {
    const { speechFitOf } = await import('./said');
    const fit = await speechFitOf('s1', 'en', { glossary: [] }, { source: 'en', target: 'de' });
    const { plan } = buildPlan({ ...input, text: long, fit });
    // German runs up to a third longer than English: each chunk's translation still fits one request.
    expect(Math.max(...plan.chunks.map((c) => Math.ceil(c.text.length * 1.35)))).toBeLessThanOrEqual(5000);
    const fromJapanese = await speechFitOf('s1', 'ja', { glossary: [] }, { source: 'ja', target: 'en' });
    expect(fromJapanese.maxChars! * 3).toBeLessThanOrEqual(5000);
  });
});
