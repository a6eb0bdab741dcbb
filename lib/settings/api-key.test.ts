import { describe, expect, it } from 'vitest';
import { checkKeyCharacters, normaliseKey } from './api-key';

describe('normaliseKey', () => {
  it.each([
    ['  sk-live-123 \n', 'sk-live-123'],
    ['Bearer sk-live-123', 'sk-live-123'],
    ['\u200Bsk-live-\u200D123\uFEFF', 'sk-live-123'],
    ['bearer\u00A0sk-live-123', 'sk-live-123'],
  ])('%j → %s', (raw, key) => expect(normaliseKey(raw)).toBe(key));
});

describe('checkKeyCharacters', () => {
  it('accepts visible ASCII', () => expect(checkKeyCharacters('sk_live-AZaz09.~+/=')).toEqual({ ok: true }));

  it('names the first character that cannot be sent in a header', () => {
    expect(checkKeyCharacters('sk-live-ké')).toEqual({ ok: false, position: 10, codePoint: 'U+00E9' });
    expect(checkKeyCharacters('sk live')).toEqual({ ok: false, position: 3, codePoint: 'U+0020' });
  });
});
