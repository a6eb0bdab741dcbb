import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './retry-policy';

const NOW = Date.parse('2025-01-01T00:00:00Z');

describe('parseRetryAfter', () => {
  it('reads delta-seconds', () => {
    expect(parseRetryAfter('0', NOW)).toBe(0);
    expect(parseRetryAfter('7', NOW)).toBe(7000);
    expect(parseRetryAfter(' 120 ', NOW)).toBe(120_000);
  });

  it('reads an HTTP-date relative to now', () => {
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:30 GMT', NOW)).toBe(30_000);
  });

  it('treats a date in the past as "now"', () => {
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:59:00 GMT', NOW)).toBe(0);
  });

  it.each([null, '', '   ', '-5', '+5', 'soon', '5s', 'NaN', '1e3'])('rejects %j', (value) => {
    expect(parseRetryAfter(value, NOW)).toBeUndefined();
  });
});
