// @vitest-environment node
import { MPEGDecoder } from 'mpg123-decoder';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServiceClient } from '../../lib/api/client';
import { serializeError } from '../../lib/api/errors';
import { planFromString } from '../../lib/api/schemas';
import { useEmulator } from './emulator-harness';
import { rejection } from '../../lib/api/scheduler.test-helpers';
import { useEnglishMessages } from '../../lib/i18n.test-helpers';

const emu = useEmulator();
let decoder: MPEGDecoder;

beforeAll(async () => {
  decoder = new MPEGDecoder();
  await decoder.ready;
});
afterAll(() => decoder.free());

async function englishVoice(api: ServiceClient): Promise<string> {
  const voice = (await api.getVoices()).find((v) => v.language === 'en');
  if (!voice) throw new Error('no English voice');
  return voice.id;
}

async function mp3Seconds(bytes: Uint8Array): Promise<number> {
  await decoder.reset();
  const decoded = decoder.decode(bytes);
  expect(decoded.errors).toEqual([]);
  return decoded.samplesDecoded / decoded.sampleRate;
}

const SENTENCE = 'The quick brown fox jumps over the lazy dog. ';

// Errors are worded from public/_locales/en, as in an English browser.
beforeEach(() => useEnglishMessages());

describe('endpoints', () => {
  it('GET /user', async () => {
    const user = await emu.client('demo-free').getUser();
    expect(user).toMatchObject({ email: 'free@demo.test', credits: 2000, plan: 'free' });
    expect(user.id).toMatch(/^usr_/);
    expect(planFromString(user.plan)).toBe('free');
    expect(planFromString((await emu.client('demo-enterprise').getUser()).plan)).toBe('enterprise');
  });

  it('GET /voices', async () => {
    const voices = await emu.client('demo-pro').getVoices();
    expect(voices.length).toBeGreaterThan(0);
    for (const v of voices) expect(v.preview_url).toBe(`${emu.url()}/samples/${v.id}.mp3`);
    expect(new Set(voices.map((v) => v.language))).toContain('en');
  });

  it('POST /translate charges ceil(len / 10)', async () => {
    const api = emu.client('demo-free');
    const text = 'Hello, how are you today?';
    const result = await api.translate({ text, target_language: 'Spanish' });
    expect(result).toMatchObject({ success: true, source_language: 'English', target_language: 'Spanish' });
    expect(result.translation.length).toBeGreaterThan(0);
    expect((await api.getUser()).credits).toBe(2000 - Math.ceil(text.length / 10));
  });

  it('POST /tts returns real mp3 that grows with the text and shrinks with speed', async () => {
    const api = emu.client('demo-free');
    const voice_id = await englishVoice(api);
    const short = await api.tts({ text: SENTENCE, voice_id });
    const long = await api.tts({ text: SENTENCE.repeat(4), voice_id });
    const fast = await api.tts({ text: SENTENCE.repeat(4), voice_id, speed: 2 });
    expect(short).toMatchObject({ format: 'mp3', contentType: 'audio/mpeg', fileName: 'tts_output.mp3' });
    const s = await mp3Seconds(short.audio);
    const l = await mp3Seconds(long.audio);
    const f = await mp3Seconds(fast.audio);
    expect(s).toBeGreaterThan(1);
    expect(l).toBeGreaterThan(s * 2.5);
    expect(f).toBeLessThan(l * 0.75);
    expect(Math.abs(short.durationSec - s)).toBeLessThan(0.2);
    const charged = [SENTENCE, SENTENCE.repeat(4), SENTENCE.repeat(4)].reduce((n, t) => n + Math.ceil(t.length / 100), 0);
    expect((await api.getUser()).credits).toBe(2000 - charged);
  });

  it('POST /tts returns wav', async () => {
    const api = emu.client('demo-pro');
    const speech = await api.tts({ text: SENTENCE, voice_id: await englishVoice(api), format: 'wav' });
    expect(speech).toMatchObject({ format: 'wav', fileName: 'tts_output.wav' });
    expect(new TextDecoder().decode(speech.audio.subarray(0, 4))).toBe('RIFF');
    expect(speech.durationSec).toBeGreaterThan(1);
  });
});

describe('error statuses', () => {
  it('400 → invalidRequest with the server message', async () => {
    const e = await rejection(emu.client('demo-pro').tts({ text: 'Hi', voice_id: 'no-such-voice' }));
    expect(e).toMatchObject({ kind: 'invalidRequest', status: 400 });
    expect(e.message).toContain('Service said: "Unknown voice_id');
  });

  it('401 → unauthorized, without the key anywhere', async () => {
    const key = 'sk-not-a-real-key-5a5a5a';
    const e = await rejection(emu.client(key).getUser());
    expect(e).toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(JSON.stringify([e.message, e.serverMessage, serializeError(e)])).not.toContain(key);
  });

  it('402 → insufficientCredits, nothing charged', async () => {
    const api = emu.client('demo-low');
    const e = await rejection(api.tts({ text: SENTENCE.repeat(20), voice_id: await englishVoice(api) }));
    expect(e).toMatchObject({ kind: 'insufficientCredits', status: 402 });
    expect((await api.getUser()).credits).toBe(5);
  });

  it('429 → rateLimited with Retry-After once the free window is used up', async () => {
    const api = emu.client('demo-free');
    for (let i = 0; i < 10; i++) await api.getUser();
    const e = await rejection(api.getUser());
    expect(e).toMatchObject({ kind: 'rateLimited', status: 429 });
    expect(e.retryAfterMs).toBeGreaterThan(0);
  });

  it('500 → server', async () => {
    await emu.fault('server-error', { path: '/api/v1/user' });
    const e = await rejection(emu.client('demo-pro').getUser());
    expect(e).toMatchObject({ kind: 'server', status: 500 });
    expect(e.message).toContain('Service said: "Internal error: upstream voice engine crashed"');
  });
});

describe('faults', () => {
  it.each([
    ['malformed-json', '/api/v1/user', 'badResponse'],
    ['wrong-content-type', '/api/v1/user', 'badResponse'],
    ['missing-fields', '/api/v1/user', 'badResponse'],
    ['missing-fields', '/api/v1/voices', 'badResponse'],
    ['rate-limit', '/api/v1/voices', 'rateLimited'],
    ['server-error', '/api/v1/voices', 'server'],
  ] as const)('%s on %s → %s', async (type, path, kind) => {
    await emu.fault(type, { path });
    const api = emu.client('demo-pro');
    const e = await rejection(path === '/api/v1/user' ? api.getUser() : api.getVoices());
    expect(e.kind).toBe(kind);
    if (kind === 'rateLimited') expect(e.retryAfterMs).toBe(2000);
  });

  it('missing-fields on translate → badResponse', async () => {
    await emu.fault('missing-fields', { path: '/api/v1/translate' });
    const e = await rejection(emu.client('demo-pro').translate({ text: 'Hello', target_language: 'French' }));
    expect(e.kind).toBe('badResponse');
    expect(e.message).toContain('"translation"');
  });

  it.each(['truncated-audio', 'wrong-content-type'])('%s on tts → badResponse', async (type) => {
    const api = emu.client('demo-pro');
    const voice_id = await englishVoice(api);
    await emu.fault(type, { path: '/api/v1/tts' });
    expect((await rejection(api.tts({ text: SENTENCE, voice_id }))).kind).toBe('badResponse');
  });

  it('slow → timeout', async () => {
    await emu.fault('slow', { path: '/api/v1/user', delayMs: 2000 });
    const e = await rejection(emu.client('demo-pro', 300).getUser());
    expect(e.kind).toBe('timeout');
  });

  it("slow + caller's abort → cancelled", async () => {
    await emu.fault('slow', { path: '/api/v1/user', delayMs: 2000 });
    const pending = emu.client('demo-pro', 10_000).getUser({ signal: AbortSignal.timeout(200) });
    expect((await rejection(pending)).kind).toBe('cancelled');
  });
});
