// Test-only helpers (imported by *.test.ts files, never by extension code).
import { Mp3Encoder } from '@breezystack/lamejs';
import { vi } from 'vitest';
import { pcm16Wav } from '../audio/wav';

function tone(seconds: number, sampleRate: number): Int16Array {
  const samples = new Int16Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < samples.length; i++) samples[i] = Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / sampleRate));
  return samples;
}

/** A real MP3 (lamejs) of a 440 Hz tone. */
export function makeMp3(seconds = 1, sampleRate = 16_000): Uint8Array {
  const encoder = new Mp3Encoder(1, sampleRate, 48);
  const parts = [encoder.encodeBuffer(tone(seconds, sampleRate)), encoder.flush()];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/** A 16-bit mono PCM WAV of a 440 Hz tone. */
export function makeWav(seconds = 1, sampleRate = 16_000): Uint8Array {
  return pcm16Wav(tone(seconds, sampleRate), sampleRate);
}

export interface FakeCall {
  url: string;
  init: RequestInit;
}

/** A fetch stand-in that records calls and answers with real Response objects. */
export function fakeFetch(answer: (call: FakeCall) => Response | Promise<Response>) {
  const calls: FakeCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = { url: String(input), init };
    calls.push(call);
    return answer(call);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls, spy: fetch };
}

/** A fetch answer that never arrives, but rejects like real fetch when the request's signal aborts. */
export function hangUntilAborted({ init }: FakeCall): Promise<Response> {
  return new Promise((_, reject) => {
    const signal = init.signal!;
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/** A JSON Response with the given status. */
export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
