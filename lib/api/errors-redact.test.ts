import { describe, expect, it } from 'vitest';
import { redactSecret } from './errors';

describe('redactSecret', () => {
  it('removes every occurrence of the secret', () => {
    expect(redactSecret('key sk-123 is invalid (sk-123)', 'sk-123')).toBe('key [redacted] is invalid ([redacted])');
  });

  it('removes the URL-encoded form too', () => {
    expect(redactSecret('q=a%2Fb', 'a/b')).toBe('q=[redacted]');
  });

  it('removes bearer tokens even when the secret is unknown', () => {
    expect(redactSecret('got header Authorization: Bearer abc.def', undefined)).toBe(
      'got header Authorization: Bearer [redacted]',
    );
  });

  it('leaves other text alone', () => {
    expect(redactSecret('all good', 'secret')).toBe('all good');
  });
});
