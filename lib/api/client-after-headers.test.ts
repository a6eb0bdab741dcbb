import { beforeEach, describe, expect, it } from 'vitest';
import { createServiceClient } from './client';
import { decideRetry } from './retry-policy';
import type { ServiceError } from './errors';
import { fakeFetch, makeMp3 } from './fake-fetch.test-helpers';
import { useEnglishMessages } from '../i18n.test-helpers';

/** A 200 whose body delivers half its bytes and then breaks, as a dropped connection does. */
function brokenBody(type: string, bytes: Uint8Array): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes.subarray(0, bytes.length >> 1));
      controller.error(new TypeError('terminated'));
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': type, 'content-length': String(bytes.length) } });
}

const client = (answer: () => Response) =>
  createServiceClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k-123456789', fetch: fakeFetch(answer).fetch });

const failure = (p: Promise<unknown>) => p.then(() => { throw new Error('expected a rejection'); }, (e: unknown) => e as ServiceError);
const fresh = () => ({ rateLimited: 0, transient: 0 });

// Errors are worded from public/_locales/en, as in an English browser.
beforeEach(() => useEnglishMessages());

describe('a failure after the 2xx headers arrived', () => {
  it('on speech is a badResponse that may be charged, and is never retried', async () => {
    const e = await failure(client(() => brokenBody('audio/mpeg', makeMp3(1))).tts({ text: 'Hi', voice_id: 'v' }));
    expect(e).toMatchObject({ kind: 'badResponse', status: 200, mayBeCharged: true });
    expect(e.message).toMatch(/cut short \(the connection broke before the whole answer arrived\).*may already be paid for/);
    expect(decideRetry(e, true, fresh(), Math.random).retry).toBe(false);
  });

  it('on a translation too, and so is a 200 whose JSON is unreadable', async () => {
    const cut = await failure(client(() => brokenBody('application/json', new TextEncoder().encode('{"success":true,"translation":"[ES] Hola"}'))).translate({ text: 'Hi', target_language: 'Spanish' }));
    expect(cut).toMatchObject({ kind: 'badResponse', mayBeCharged: true });
    const garbled = await failure(client(() => new Response('{"success": tr', { status: 200, headers: { 'content-type': 'application/json' } })).translate({ text: 'Hi', target_language: 'Spanish' }));
    expect(garbled).toMatchObject({ kind: 'badResponse', mayBeCharged: true });
    expect(garbled.message).toMatch(/cut short \(the body is not valid JSON\)/);
  });

  it('a whole answer of another content type is said to be unusable, not cut short, and may be paid', async () => {
    const page = () => new Response('<html><body>Gateway page</body></html>', { status: 200, headers: { 'content-type': 'text/html' } });
    const e = await failure(client(page).tts({ text: 'Hi', voice_id: 'v' }));
    expect(e).toMatchObject({ kind: 'badResponse', mayBeCharged: true, unusable: true });
    expect(e.message).toMatch(/^The service's answer could not be used \(expected mp3 audio, got text\/html \(HTTP 200\)\)\..*may already be paid for/);
    expect(e.message).not.toContain('cut short');
    expect(decideRetry(e, true, fresh(), Math.random).retry).toBe(false);
  });

  it('on a free request stays retryable: asking again costs nothing', async () => {
    const e = await failure(client(() => brokenBody('application/json', new TextEncoder().encode('{"user":{"id":"u"}}'))).getUser());
    expect(e.kind).toBe('network');
    expect(e.mayBeCharged).toBeUndefined();
    expect(decideRetry(e, false, fresh(), Math.random).retry).toBe(true);
  });

  it('before any response is a network error, which paid work may retry', async () => {
    const e = await failure(client(() => { throw new TypeError('Failed to fetch'); }).tts({ text: 'Hi', voice_id: 'v' }));
    expect(e).toMatchObject({ kind: 'network' });
    expect(e.mayBeCharged).toBeUndefined();
    expect(decideRetry(e, true, fresh(), Math.random).retry).toBe(true);
  });
});

/** A 200 whose body arrives in `pieces` parts, `gapMs` apart. */
function trickle(type: string, bytes: Uint8Array, pieces: number, gapMs: number): Response {
  const size = Math.ceil(bytes.length / pieces);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent >= bytes.length) return controller.close();
      await new Promise((r) => setTimeout(r, gapMs));
      controller.enqueue(bytes.subarray(sent, sent + size));
      sent += size;
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': type } });
}

describe('the time budget', () => {
  const slowClient = (answer: () => Response) =>
    createServiceClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k-123456789', fetch: fakeFetch(answer).fetch, timeoutMs: 200 });

  it('covers silences, not the whole transfer: a long answer that keeps coming is read to its end', async () => {
    const audio = makeMp3(1);
    // Six pieces 80 ms apart: 480 ms in all, more than twice the 200 ms budget.
    const speech = await slowClient(() => trickle('audio/mpeg', audio, 6, 80)).tts({ text: 'Hi', voice_id: 'v' });
    expect(speech.audio).toEqual(audio);
  });

  it('a transfer that stalls after the service accepted the request is reported as possibly paid, not retried', async () => {
    const e = await failure(slowClient(() => trickle('audio/mpeg', makeMp3(1), 2, 400)).tts({ text: 'Hi', voice_id: 'v' }));
    expect(e).toMatchObject({ kind: 'badResponse', mayBeCharged: true });
    expect(e.message).toMatch(/the transfer stalled/);
  });
});

describe('a 5xx on paid work', () => {
  const plain = (status: number) => () => new Response('Internal error: the result was lost after billing', { status, headers: { 'content-type': 'text/plain' } });

  it('from the service itself (500) says it may already be paid for, and is not retried', async () => {
    for (const call of [
      (c: ReturnType<typeof client>) => c.tts({ text: 'Hi', voice_id: 'v' }),
      (c: ReturnType<typeof client>) => c.translate({ text: 'Hi', target_language: 'Spanish' }),
    ]) {
      const e = await failure(call(client(plain(500))));
      expect(e).toMatchObject({ kind: 'server', status: 500, mayBeCharged: true });
      expect(e.message).toMatch(/^The service had a problem \(HTTP 500\) after it took the request\. It may already be paid for/);
      expect(decideRetry(e, true, fresh(), Math.random).retry).toBe(false);
    }
  });

  it('from a gateway (502, 503, 504) never reached the service: nothing was charged, one more try is fair', async () => {
    for (const status of [502, 503, 504]) {
      const e = await failure(client(plain(status)).tts({ text: 'Hi', voice_id: 'v' }));
      expect(e.mayBeCharged).toBeUndefined();
      expect(e.message).toMatch(/Try again in a moment/);
      expect(decideRetry(e, true, fresh(), () => 0.5).retry).toBe(true);
    }
  });

  it('on free requests says nothing of payment and is retried', async () => {
    const e = await failure(client(plain(500)).getUser());
    expect(e.mayBeCharged).toBeUndefined();
    expect(e.message).toMatch(/^The service had a problem \(HTTP 500\)\. Try again in a moment\./);
    expect(decideRetry(e, false, fresh(), () => 0.5).retry).toBe(true);
  });
});
