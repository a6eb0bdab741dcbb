import { beforeEach, describe, expect, it } from 'vitest';
import { makeServiceError, truncateServerMessage, isServiceError, serializeError, ServiceError } from './errors';
import { useEnglishMessages } from '../i18n.test-helpers';

// Errors are worded from public/_locales/en, as in an English browser.
beforeEach(() => useEnglishMessages());

describe('ServiceError', () => {
  it('carries kind, status and retry hint', () => {
    const e = makeServiceError('rateLimited', { status: 429, retryAfterMs: 4200 });
    expect(e).toBeInstanceOf(Error);
    expect(isServiceError(e)).toBe(true);
    expect(e.kind).toBe('rateLimited');
    expect(e.status).toBe(429);
    expect(e.retryAfterMs).toBe(4200);
    expect(e.message).toBe('The service is busy (rate limit). Try again in 5 s.');
  });

  it('appends the server message, truncated', () => {
    const e = makeServiceError('server', { status: 503, serverMessage: 'y'.repeat(500) });
    expect(e.message.startsWith('The service had a problem (HTTP 503). Try again in a moment. Service said: "')).toBe(
      true,
    );
    expect(e.serverMessage?.length).toBe(200);
  });

  it('has an actionable message for every kind', () => {
    expect(makeServiceError('network', { origin: 'https://api.example' }).message).toBe(
      "Can't reach the service at https://api.example. Check the address and your connection.",
    );
    expect(makeServiceError('timeout', { timeoutMs: 30_000 }).message).toContain('30 s');
    expect(makeServiceError('badResponse', { reason: 'expected JSON' }).message).toContain('(expected JSON)');
    expect(makeServiceError('unauthorized').message).toBe(
      'The service rejected your API key. Open the options and check the key.',
    );
  });
});

describe('truncateServerMessage', () => {
  it('collapses whitespace', () => {
    expect(truncateServerMessage(' a \n b ')).toBe('a b');
  });
});

describe('serializeError', () => {
  it('keeps a ServiceError as plain data', () => {
    const out = serializeError(makeServiceError('rateLimited', { status: 429, retryAfterMs: 1000 }));
    expect(out).toEqual({
      kind: 'rateLimited',
      message: 'The service is busy (rate limit). Try again in 1 s.',
      status: 429,
      retryAfterMs: 1000,
    });
    expect(structuredClone(out)).toEqual(out);
  });

  it('omits absent fields', () => {
    expect(Object.keys(serializeError(new ServiceError('cancelled', 'x')))).toEqual(['kind', 'message']);
  });

  it('maps aborts', () => {
    expect(serializeError(new DOMException('x', 'AbortError')).kind).toBe('cancelled');
    expect(serializeError(new DOMException('x', 'TimeoutError')).kind).toBe('timeout');
  });

  it('never passes on the text of an unknown error', () => {
    for (const thrown of [new Error('Bearer sk-secret leaked'), 'sk-secret', { message: 'sk-secret' }, null, 42]) {
      const out = serializeError(thrown);
      expect(out.kind).toBe('badResponse');
      expect(JSON.stringify(out)).not.toContain('sk-secret');
    }
  });
});
