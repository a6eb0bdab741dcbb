import { beforeEach, describe, expect, it } from 'vitest';
import { createServiceClient } from './client';
import { fakeFetch, makeMp3, makeWav } from './fake-fetch.test-helpers';
import { rejection } from './scheduler.test-helpers';
import { useEnglishMessages } from '../i18n.test-helpers';

const KEY = 'sk-live-9f8e7d6c5b4a';
const MP3 = makeMp3(1);
const WAV = makeWav(0.5);

function speak(answer: () => Response, format?: 'mp3' | 'wav') {
  const fake = fakeFetch(answer);
  const api = createServiceClient({ baseUrl: 'http://127.0.0.1:9', apiKey: KEY, fetch: fake.fetch });
  return { result: api.tts({ text: 'Hello there', voice_id: 'en-1', format }), calls: fake.calls };
}

const audio = (bytes: Uint8Array | null, type: string, headers: Record<string, string> = {}) => () =>
  new Response(bytes as BodyInit | null, { status: 200, headers: { 'content-type': type, ...headers } });

// Errors are worded from public/_locales/en, as in an English browser.
beforeEach(() => useEnglishMessages());

describe('tts', () => {
  it('returns validated mp3 audio with its duration and file name', async () => {
    const { result, calls } = speak(audio(MP3, 'audio/mpeg', { 'content-disposition': 'attachment; filename="tts_output.mp3"' }));
    const speech = await result;
    expect(speech.format).toBe('mp3');
    expect(speech.contentType).toBe('audio/mpeg');
    expect(speech.fileName).toBe('tts_output.mp3');
    expect(speech.audio).toEqual(MP3);
    expect(speech.durationSec).toBeGreaterThan(0.9);
    expect(speech.durationSec).toBeLessThan(1.2);
    expect(calls[0]!.url).toBe('http://127.0.0.1:9/api/v1/tts');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ text: 'Hello there', voice_id: 'en-1' });
  });

  it('returns wav audio and defaults the file name', async () => {
    const speech = await speak(audio(WAV, 'audio/x-wav'), 'wav').result;
    expect(speech).toMatchObject({ format: 'wav', fileName: 'tts_output.wav', contentType: 'audio/x-wav' });
    expect(speech.durationSec).toBeCloseTo(0.5, 2);
  });

  it('decodes and sanitizes an RFC 6266 file name', async () => {
    const header = `attachment; filename*=UTF-8''..%2Fse%C3%B1al.mp3`;
    expect((await speak(audio(MP3, 'audio/mp3', { 'content-disposition': header })).result).fileName).toBe('señal.mp3');
  });

  it.each([
    ['a JSON body at 200', audio(new TextEncoder().encode('{"ok":true}'), 'application/json'), 'expected mp3 audio, got application/json'],
    ['no content type', audio(MP3, ''), 'expected mp3 audio, got'],
    ['wav for an mp3 request', audio(WAV, 'audio/wav'), 'expected mp3 audio, got audio/wav'],
    ['an empty body', audio(null, 'audio/mpeg'), 'the audio is empty'],
    ['truncated audio', audio(MP3.slice(0, Math.floor(MP3.length / 2) + 7), 'audio/mpeg'), 'cut off'],
    ['wav bytes labelled mp3', audio(WAV, 'audio/mpeg'), 'not MP3'],
  ])('rejects %s as badResponse', async (_, answer, reason) => {
    const e = await rejection(speak(answer).result);
    expect(e.kind).toBe('badResponse');
    expect(e.message).toContain(reason);
  });

  it('rejects truncated wav', async () => {
    const e = await rejection(speak(audio(WAV.slice(0, 1001), 'audio/wav'), 'wav').result);
    expect(e.kind).toBe('badResponse');
  });

  it('rejects a 2xx other than 200', async () => {
    const e = await rejection(speak(() => new Response(MP3 as BodyInit, { status: 203, headers: { 'content-type': 'audio/mpeg' } })).result);
    expect(e.kind).toBe('badResponse');
  });
});
