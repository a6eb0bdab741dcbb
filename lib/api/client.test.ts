import { beforeEach, describe, expect, it } from 'vitest';
import { createServiceClient } from './client';
import { fakeFetch, hangUntilAborted, json } from './fake-fetch.test-helpers';
import { rejection } from './scheduler.test-helpers';
import { useEnglishMessages } from '../i18n.test-helpers';

const KEY = 'sk-live-9f8e7d6c5b4a';
const user = { id: 'usr_1', email: 'a@example.com', credits: 1234, plan: 'pro' };
const voice = { id: 'en-1', name: 'Ada', language: 'en', gender: 'female', preview_url: 'http://x/samples/en-1.mp3' };

function client(answer: Parameters<typeof fakeFetch>[0], timeoutMs?: number) {
  const fake = fakeFetch(answer);
  return { ...fake, api: createServiceClient({ baseUrl: 'https://api.example.com//', apiKey: KEY, fetch: fake.fetch, timeoutMs }) };
}

// Errors are worded from public/_locales/en, as in an English browser.
beforeEach(() => useEnglishMessages());

describe('createServiceClient requests', () => {
  it('GETs the user with the key only in the Authorization header', async () => {
    const { api, calls } = client(() => json(200, { user: { ...user, extra: true } }));
    await expect(api.getUser()).resolves.toEqual(user);
    expect(calls[0]!.url).toBe('https://api.example.com/api/v1/user');
    expect(calls[0]!.init.method).toBe('GET');
    expect(new Headers(calls[0]!.init.headers).get('authorization')).toBe(`Bearer ${KEY}`);
    expect(calls[0]!.url).not.toContain(KEY);
  });

  it('lists voices', async () => {
    const { api, calls } = client(() => json(200, { voices: [voice] }));
    await expect(api.getVoices()).resolves.toEqual([voice]);
    expect(calls[0]!.url).toBe('https://api.example.com/api/v1/voices');
  });

  it('POSTs a translation as JSON', async () => {
    const reply = { success: true, translation: 'Hola', source_language: 'English', target_language: 'Spanish' };
    const { api, calls } = client(() => json(200, reply));
    await expect(api.translate({ text: 'Hello', target_language: 'Spanish' })).resolves.toEqual(reply);
    const { init, url } = calls[0]!;
    expect(url).toBe('https://api.example.com/api/v1/translate');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({ text: 'Hello', target_language: 'Spanish' });
  });

  it('treats success: false as a bad response', async () => {
    const { api } = client(() => json(200, { success: false, translation: '' }));
    expect((await rejection(api.translate({ text: 'Hi', target_language: 'Spanish' }))).kind).toBe('badResponse');
  });

  it('validates requests before any fetch', async () => {
    const { api, spy } = client(() => json(200, {}));
    const cases = [
      api.tts({ text: '   ', voice_id: 'v' }),
      api.tts({ text: 'x'.repeat(6200), voice_id: 'v' }),
      api.tts({ text: 'hi', voice_id: 'v', speed: 3 }),
      api.tts({ text: 'hi', voice_id: 'v', format: 'ogg' as 'mp3' }),
      api.translate({ text: '', target_language: 'Spanish' }),
    ];
    const errors = await Promise.all(cases.map(rejection));
    expect(errors.map((e) => e.kind)).toEqual(Array(5).fill('invalidRequest'));
    expect(errors[1]!.message).toBe('The text is 6,200 characters; the service takes at most 5,000 per request.');
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('createServiceClient transport failures', () => {
  it('maps a fetch TypeError to network, naming only the origin', async () => {
    const { fetch } = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const api = createServiceClient({ baseUrl: 'https://user:pw@api.example.com/base/', apiKey: KEY, fetch });
    const e = await rejection(api.getUser());
    expect(e.kind).toBe('network');
    expect(e.message).toBe("Can't reach the service at https://api.example.com. Check the address and your connection.");
  });

  it('times out with kind timeout', async () => {
    const { api } = client(hangUntilAborted, 30);
    const e = await rejection(api.getVoices());
    expect(e.kind).toBe('timeout');
    expect(e.message).toContain("didn't answer within 1 s");
  });

  it("reports the caller's abort as cancelled, not timeout", async () => {
    const { api } = client(hangUntilAborted, 10_000);
    const controller = new AbortController();
    const pending = api.getVoices({ signal: controller.signal });
    controller.abort();
    expect((await rejection(pending)).kind).toBe('cancelled');
  });

  it('does not fetch when already cancelled', async () => {
    const { api, spy } = client(() => json(200, { voices: [] }));
    expect((await rejection(api.getVoices({ signal: AbortSignal.abort() }))).kind).toBe('cancelled');
    expect(spy).not.toHaveBeenCalled();
  });

  it('maps a body that fails to arrive to network', async () => {
    const body = new ReadableStream({ pull: (c) => c.error(new TypeError('terminated')) });
    const { api } = client(() => new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }));
    expect((await rejection(api.getUser())).kind).toBe('network');
  });
});
