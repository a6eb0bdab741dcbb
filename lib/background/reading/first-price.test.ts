import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { encodeMp3 } from '../../audio/encode.test-helpers';
import { useEnglishMessages } from '../../i18n.test-helpers';
import type { SpeechParams } from '../../player/contract';
import { prepareSpeech } from '../../speech/chunk';

const params: SpeechParams = { voiceId: 'en-amelia', language: 'en', speed: 1, format: 'mp3' };
const audio = encodeMp3(0.3);
const { chunks } = prepareSpeech('The first sentence is short. '.concat('Then the story goes on for a long while by the river, and on. '.repeat(300)), 'en');

/** The service: a balance that drops by `charge` for each speech request, or refuses it with `status`. */
let balance = 0;
let charge = 1;
let ttsStatus = 200;
let sent: string[] = [];
/** Speech answers wait for this while set (a slow service). */
let slowUntil: Promise<void> | null = null;
/** Rate-limits this many speech requests first. */
let busyFor = 0;

beforeEach(async () => {
  fakeBrowser.reset();
  useEnglishMessages();
  balance = 10_000;
  charge = 1;
  ttsStatus = 200;
  sent = [];
  slowUntil = null;
  busyFor = 0;
  await fakeBrowser.storage.local.set({ apiKey: 'k', settings: { serviceUrl: 'https://tts.test', confirmAboveCredits: 200 } });
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const path = new URL(url).pathname;
    sent.push(path);
    if (path.endsWith('/user')) return Response.json({ user: { id: 'usr_1', email: 'a@b.c', credits: balance, plan: 'pro' } });
    if (busyFor > 0 && path.endsWith('/tts')) {
      busyFor -= 1;
      return Response.json({ error: { code: 'rate_limited', message: 'busy' } }, { status: 429, headers: { 'Retry-After': '1' } });
    }
    if (slowUntil) await slowUntil;
    if (ttsStatus !== 200) return Response.json({ error: { code: 'insufficient_credits', message: 'no' } }, { status: ttsStatus });
    const text = JSON.parse(String(init!.body)).text as string;
    balance -= charge * Math.ceil(text.length / 100);
    expect([chunks[0]!.text, chunks[1]!.text]).toContain(text);
    return new Response(new Blob([audio as BlobPart]), { headers: { 'Content-Type': 'audio/mpeg' } });
  });
  const { clearAudioCache } = await import('../../speech/cache');
  await clearAudioCache();
});
afterEach(() => vi.unstubAllGlobals());

const firstPrice = async () => (await import('./first-price')).estimateAfterFirstRequest;

describe('estimateAfterFirstRequest', () => {
  it('sends the first two requests between two balance reads, and bounds the rest by what they cost', async () => {
    const estimate = await (await firstPrice())('s1', chunks, params, 200);
    expect(sent.filter((p) => p.endsWith('/tts'))).toHaveLength(2);
    expect(sent.filter((p) => p.endsWith('/user'))).toHaveLength(2);
    const [a, b] = [chunks[0]!.text, chunks[1]!.text];
    const perChar = (Math.ceil(a.length / 100) + Math.ceil(b.length / 100)) / (a.length + b.length);
    const rest = chunks.slice(2).reduce((sum, c) => sum + Math.max(1, Math.ceil([...c.text].length * perChar)), 0);
    // An upper bound: what the service will charge for the rest at its price.
    expect(rest).toBeGreaterThanOrEqual(chunks.slice(2).reduce((sum, c) => sum + Math.ceil(c.text.length / 100), 0));
    expect(estimate).toEqual({ credits: rest, learned: false });
    // Far below the cautious prior of 1 credit per 10 characters.
    expect(estimate!.credits).toBeLessThan(chunks.slice(1).reduce((sum, c) => sum + c.text.length / 10, 0) / 2);
    // The price is known from now on, and their audio waits in the cache for the reading.
    const { learnedPrice } = await import('../speech-price');
    expect(await learnedPrice('https://tts.test', 'mp3')).toEqual({ credits: Math.ceil(a.length / 100) + Math.ceil(b.length / 100), chars: a.length + b.length, requests: 2 });
    const { audioCacheKey, hasAudio } = await import('../../speech/cache');
    expect(await hasAudio(await audioCacheKey({ service: 'https://tts.test', text: chunks[0]!.text, ...params }))).toBe(true);
  });

  it('sends the first request alone when the second would pass the threshold', async () => {
    expect(Math.ceil(chunks[0]!.text.length / 10)).toBeLessThanOrEqual(5);
    expect(chunks[0]!.text.length / 10 + chunks[1]!.text.length / 10).toBeGreaterThan(5);
    expect(await (await firstPrice())('s1', chunks, params, 5)).not.toBeNull();
    expect(sent.filter((p) => p.endsWith('/tts'))).toHaveLength(1);
  });

  it('sends nothing when the first request alone is above the threshold', async () => {
    expect(await (await firstPrice())('s1', chunks, params, 0)).toBeNull();
    expect(sent).toEqual([]);
  });

  it('learns nothing (the cautious price stays) when the balance did not move', async () => {
    charge = 0;
    expect(await (await firstPrice())('s1', chunks, params, 200)).toBeNull();
  });

  it('a refused request is said, not asked about', async () => {
    ttsStatus = 402;
    await expect((await firstPrice())('s1', chunks, params, 200)).rejects.toMatchObject({ kind: 'insufficientCredits' });
  });

  it('a slow answer is waited for, saying why meanwhile: how busy the service is does not change the figure asked', async () => {
    let answer!: () => void;
    slowUntil = new Promise<void>((resolve) => (answer = resolve));
    let toldSlow = false;
    // The service answers only after the user was told it is slow.
    const estimate = await (await firstPrice())('slow', chunks, params, 200, () => {
      toldSlow = true;
      answer();
    });
    expect(toldSlow).toBe(true);
    expect(estimate).toMatchObject({ learned: false });
    expect(estimate!.credits).toBeLessThan(chunks.slice(1).reduce((sum, c) => sum + c.text.length / 10, 0) / 2);
  });

  it('a retry coming (a rate limit) is not waited for: the cautious price is asked instead', async () => {
    busyFor = 2;
    expect(await (await firstPrice())('busy', chunks, params, 200)).toBeNull();
  });
});
