import { beforeEach, describe, expect, it } from 'vitest';
import { makeServiceError, type ServiceErrorKind } from './errors';
import { decideRetry, type RetryBudget } from './retry-policy';
import { useEnglishMessages } from '../i18n.test-helpers';

const half = () => 0.5;
const fresh = (): RetryBudget => ({ rateLimited: 0, transient: 0 });
const err = (kind: ServiceErrorKind, status?: number) => makeServiceError(kind, { status });

// Errors are worded from public/_locales/en, as in an English browser.
beforeEach(() => useEnglishMessages());

describe('decideRetry', () => {
  it.each([
    // kind, status, paid, retried?
    ['rateLimited', 429, true, true],
    ['rateLimited', 429, false, true],
    ['network', undefined, true, true],
    ['server', 500, true, false],
    ['server', 500, false, true],
    ['server', 503, true, true],
    ['server', 502, true, true],
    ['server', 503, false, true],
    ['timeout', undefined, true, false],
    ['timeout', undefined, false, true],
    ['badResponse', undefined, true, false],
    ['badResponse', undefined, false, true],
    ['badResponse', 404, false, false],
    ['unauthorized', 401, false, false],
    ['insufficientCredits', 402, true, false],
    ['invalidRequest', 400, true, false],
    ['cancelled', undefined, false, false],
  ] as const)('%s (HTTP %s, paid %s) → retry %s', (kind, status, paid, expected) => {
    expect(decideRetry(err(kind, status), paid, fresh(), half).retry).toBe(expected);
  });

  it('never retries a paid request that broke after its 2xx headers, whatever the kind', () => {
    const cut = makeServiceError('badResponse', { status: 200, mayBeCharged: true, reason: 'the connection broke' });
    expect(decideRetry(cut, true, fresh(), half).retry).toBe(false);
    expect(decideRetry(cut, false, fresh(), half).retry).toBe(false);
  });

  it('does not retry unknown errors', () => {
    expect(decideRetry(new Error('boom'), false, fresh(), half).retry).toBe(false);
  });

  it('honours Retry-After plus a little jitter', () => {
    const e = makeServiceError('rateLimited', { status: 429, retryAfterMs: 3000 });
    expect(decideRetry(e, true, fresh(), () => 0)).toEqual({ retry: true, delayMs: 3000 });
    expect(decideRetry(e, true, fresh(), () => 0.999)).toEqual({ retry: true, delayMs: 3250 });
  });

  it('without Retry-After waits out the rate window over its 5 retries', () => {
    const used = fresh();
    const delays = Array.from({ length: 6 }, () => decideRetry(err('rateLimited', 429), true, used, half, 60_000));
    expect(delays.map((d) => (d.retry ? d.delayMs : 'stop'))).toEqual([12000, 12000, 12000, 12000, 16000, 'stop']);
    const total = delays.reduce((sum, d) => sum + (d.retry ? d.delayMs : 0), 0);
    expect(total).toBeGreaterThan(60_000);
    // A short window (tests) still backs off exponentially.
    const quick = fresh();
    expect(Array.from({ length: 3 }, () => decideRetry(err('rateLimited', 429), true, quick, half, 2000)).map((d) => d.retry && d.delayMs)).toEqual([1000, 2000, 4000]);
  });

  it('does not wait by itself for a Retry-After longer than 90 s', () => {
    const long = makeServiceError('rateLimited', { status: 429, retryAfterMs: 3_600_000 });
    expect(decideRetry(long, true, fresh(), half).retry).toBe(false);
    const ok = makeServiceError('rateLimited', { status: 429, retryAfterMs: 45_000 });
    expect(decideRetry(ok, true, fresh(), () => 0)).toEqual({ retry: true, delayMs: 45_000 });
  });

  it('jitters the backoff between 0.5× and 1.5×', () => {
    expect(decideRetry(err('server', 503), true, fresh(), () => 0)).toEqual({ retry: true, delayMs: 250 });
    expect(decideRetry(err('server', 503), true, fresh(), () => 1)).toEqual({ retry: true, delayMs: 750 });
  });

  it('gives transient failures 2 retries, separate from the 429 budget', () => {
    const used = fresh();
    expect(decideRetry(err('network'), true, used, half).retry).toBe(true);
    expect(decideRetry(err('rateLimited', 429), true, used, half).retry).toBe(true);
    expect(decideRetry(err('server', 503), true, used, half).retry).toBe(true);
    expect(decideRetry(err('server', 503), true, used, half).retry).toBe(false);
    expect(decideRetry(err('rateLimited', 429), true, used, half).retry).toBe(true);
  });
});
