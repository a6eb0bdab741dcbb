import { describe, expect, it } from 'vitest';
import { glossaryKeyPart } from './cache-key';
import { termsToProtect } from './match';
import { entry } from './entry.test-helpers';

const place = { language: 'en', site: null, target: 'de' };
const key = (text: string, entries: Parameters<typeof termsToProtect>[1]) => glossaryKeyPart(termsToProtect(text, entries, place));

describe('the glossary part of a translation cache key', () => {
  it('is empty when no term matched, the same key as without a glossary', () => {
    expect(key('Nothing here', [entry('Go')])).toBe('');
  });

  it('is stable, and unchanged by entries that did not match or changed only how a term is said', () => {
    const k = key('I write Go.', [entry('Go')]);
    expect(k).toMatch(/^g1:[0-9a-f]{16}$/u);
    expect(key('I write Go.', [entry('Go')])).toBe(k);
    expect(key('I write Go.', [entry('Rust'), entry('Go'), entry('Zig', { translate: { mode: 'fixed', text: 'Zick', byTarget: {} } })])).toBe(k);
    expect(key('I write Go.', [entry('Go', { say: 'gopher' })])).toBe(k);
  });

  it('changes when a matched term renders differently or another term matches', () => {
    const k = key('I write Go and Rust.', [entry('Go')]);
    expect(key('I write Go and Rust.', [entry('Go', { translate: { mode: 'fixed', text: 'Golang', byTarget: {} } })])).not.toBe(k);
    expect(key('I write Go and Rust.', [entry('Go'), entry('Rust')])).not.toBe(k);
  });
});
