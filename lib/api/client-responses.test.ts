import { beforeEach, describe, expect, it } from 'vitest';
import { createServiceClient } from './client';
import { serializeError, type ServiceError } from './errors';
import { fakeFetch, json } from './fake-fetch.test-helpers';
import { useEnglishMessages } from '../i18n.test-helpers';

const KEY = 'sk-live-9f8e7d6c5b4a';

function apiAnswering(answer: () => Response) {
  return createServiceClient({ baseUrl: 'http://127.0.0.1:9', apiKey: KEY, fetch: fakeFetch(answer).fetch });
}

async function userError(answer: () => Response): Promise<ServiceError> {
  try {
    await apiAnswering(answer).getUser();
  } catch (e) {
    return e as ServiceError;
  }
  throw new Error('expected a rejection');
}

const text = (status: number, body: string, type = 'text/plain', headers: Record<string, string> = {}) => () =>
  new Response(body, { status, headers: { 'content-type': type, ...headers } });

// Errors are worded from public/_locales/en, as in an English browser.
beforeEach(() => useEnglishMessages());

describe('status mapping', () => {
  it.each([
    [400, 'invalidRequest'],
    [401, 'unauthorized'],
    [403, 'unauthorized'],
    [402, 'insufficientCredits'],
    [429, 'rateLimited'],
    [500, 'server'],
    [502, 'server'],
    [503, 'server'],
    [404, 'badResponse'],
    [418, 'badResponse'],
    [301, 'badResponse'],
  ] as const)('HTTP %i → %s', async (status, kind) => {
    const e = await userError(() => new Response(null, { status }));
    expect(e.kind).toBe(kind);
    expect(e.status).toBe(status);
    expect(e.message).not.toContain('Service said');
  });

  it('gives actionable messages', async () => {
    expect((await userError(text(401, ''))).message).toBe(
      'The service rejected your API key. Open the options and check the key.',
    );
    expect((await userError(text(402, ''))).message).toBe(
      "You don't have enough credits for this. Top up your account or use shorter text.",
    );
    expect((await userError(text(500, ''))).message).toBe('The service had a problem (HTTP 500). Try again in a moment.');
  });
});

describe('server messages', () => {
  it.each([
    ['JSON message', text(400, '{"message":"voice_id is unknown"}', 'application/json'), 'voice_id is unknown'],
    ['JSON error string', text(402, '{"error":"Balance too low"}', 'application/json'), 'Balance too low'],
    ['JSON error.message', text(500, '{"error":{"code":"E1","message":"Engine crashed"}}', 'application/json'), 'Engine crashed'],
    ['JSON detail', text(400, '{"detail":"speed out of range"}', 'application/problem+json'), 'speed out of range'],
    ['JSON errors[0]', text(400, '{"errors":[{"message":"text too long"}]}', 'application/json'), 'text too long'],
    ['plain text', text(503, 'Upstream overloaded\nmore', 'text/plain'), 'Upstream overloaded'],
    ['HTML', text(502, '<html><head><title>Bad Gateway</title></head></html>', 'text/html'), 'Bad Gateway'],
  ])('appends a %s', async (_, answer, message) => {
    const e = await userError(answer);
    expect(e.serverMessage).toBe(message);
    expect(e.message).toContain(`Service said: "${message}"`);
  });

  it('adds nothing for an empty or message-less body', async () => {
    expect((await userError(text(500, ''))).serverMessage).toBeUndefined();
    expect((await userError(text(500, '{"code":1}', 'application/json'))).serverMessage).toBeUndefined();
  });

  it('truncates a long message', async () => {
    const e = await userError(text(500, 'z'.repeat(5000)));
    expect(e.serverMessage!.length).toBeLessThanOrEqual(200);
    expect(e.message.length).toBeLessThan(400);
  });

  it.each([
    [401, `{"message":"Invalid API key: ${KEY}"}`],
    [400, `Bad header Authorization: Bearer ${KEY}`],
    [402, `<title>No credits for ${encodeURIComponent(KEY)}</title>`],
    [429, `{"error":{"message":"slow down ${KEY}"}}`],
    [500, `${KEY}`],
  ])('never repeats the API key (HTTP %i)', async (status, body) => {
    const e = await userError(text(status, body, body.startsWith('{') ? 'application/json' : 'text/plain'));
    for (const exposed of [e.message, e.serverMessage ?? '', JSON.stringify(serializeError(e)), String(e.stack)]) {
      expect(exposed).not.toContain(KEY);
    }
  });
});

describe('a key cut in two by the length cap', () => {
  it('is redacted before the message is shortened, so no part of it reaches the user', async () => {
    // The key starts right before the 200-character cap: cutting first would leave "sk-live-9f8…".
    const body = `${'x'.repeat(190)} ${KEY} and more`;
    const e = await userError(text(500, body));
    expect(e.message).not.toMatch(/sk-live/);
    expect(e.serverMessage).toMatch(/^x+ \[redact/);
  });
});

describe('Retry-After', () => {
  it('reads delta-seconds', async () => {
    const e = await userError(text(429, '', 'text/plain', { 'retry-after': '7' }));
    expect(e.retryAfterMs).toBe(7000);
    expect(e.message).toBe('The service is busy (rate limit). Try again in 7 s.');
  });

  it('reads an HTTP-date', async () => {
    const at = new Date(Date.now() + 20_000).toUTCString();
    const e = await userError(text(429, '', 'text/plain', { 'retry-after': at }));
    expect(e.retryAfterMs).toBeGreaterThan(18_000);
    expect(e.retryAfterMs).toBeLessThanOrEqual(20_000);
  });

  it('is absent when the header is missing or garbage', async () => {
    expect((await userError(text(429, ''))).retryAfterMs).toBeUndefined();
    expect((await userError(text(429, '', 'text/plain', { 'retry-after': 'later' }))).retryAfterMs).toBeUndefined();
  });
});

describe('JSON bodies', () => {
  it('rejects a wrong content type without quoting the body', async () => {
    const e = await userError(text(200, '<html>secret page</html>', 'text/html'));
    expect(e.kind).toBe('badResponse');
    expect(e.message).toContain('expected JSON, got text/html');
    expect(e.message).not.toContain('secret page');
  });

  it('rejects invalid JSON', async () => {
    const e = await userError(text(200, '{"user": {', 'application/json'));
    expect(e.kind).toBe('badResponse');
    expect(e.message).toContain('not valid JSON');
  });

  it('rejects missing and wrong-typed fields, naming the field', async () => {
    const missing = await userError(() => json(200, { user: { id: 'u', email: 'e', plan: 'pro' } }));
    expect(missing.kind).toBe('badResponse');
    expect(missing.message).toContain('"user.credits"');
    const wrong = await userError(() => json(200, { user: { id: 'u', email: 'e', credits: 'lots', plan: 'pro' } }));
    expect(wrong.message).toContain('"user.credits"');
  });

  it('tolerates extra fields', async () => {
    const user = await apiAnswering(() =>
      json(200, { user: { id: 'u', email: 'e', credits: 1, plan: 'team', x: 1 }, meta: {} }),
    ).getUser();
    expect(user).toEqual({ id: 'u', email: 'e', credits: 1, plan: 'team' });
  });
});
