import { describe, expect, it } from 'vitest';
import { entry } from './entry.test-helpers';
import { sayTerms, termsToProtect } from './match';
import { assemble, planProtection } from './protect';
import { protectedLengthBound, sayGrowthBound } from './spoken-bound';

// Translated freely unless an entry says otherwise: only what it is said as matters to these bounds.
const free = { mode: 'free' } as const;
const length = (text: string) => [...text].length;

describe('sayGrowthBound', () => {
  it('is the most "say as" lengthens a term where it applies, its words found one space apart; 1 with none that lengthens', () => {
    const entries = [
      entry('SQL', { translate: free, say: 'sequel' }),
      entry('New York', { translate: free, say: 'NY' }),
      entry('k8s', { translate: free, say: 'kubernetes', site: 'other.test' }),
      entry('Go', { translate: free, say: 'Golang language', language: 'de' }),
    ];
    expect(sayGrowthBound(entries, { language: 'es', site: 'news.test' })).toBe(2);
    expect(sayGrowthBound(entries, { language: 'es', site: 'other.test' })).toBe(10 / 3);
    expect(sayGrowthBound(entries, { language: 'de', site: null })).toBe(15 / 2);
    expect(sayGrowthBound([entry('New York', { translate: free, say: 'NY' })], { language: null, site: null })).toBe(1);
  });

  it('bounds what sayTerms makes of any text, however the terms are spaced or cased', () => {
    const entries = [entry('sql', { translate: free, say: 'sequel' }), entry('Ice  cream', { translate: free, say: 'gelato' }), entry('ab', { translate: free, say: 'a b c d' })];
    const place = { language: 'en', site: null };
    const bound = sayGrowthBound(entries, place);
    for (const text of ['SQL', 'sql and SQL', 'Ice cream, Ice\u00a0cream.', 'ab ab ab', 'no term here', 'ab']) {
      expect(length(sayTerms(text, entries, place))).toBeLessThanOrEqual(length(text) * bound);
    }
  });
});

describe('protectedLengthBound', () => {
  it('bounds a protected translation put together from pieces at most `growth` times longer, a rendering longer than its term included', () => {
    const entries = [entry('JS', { translate: { mode: 'fixed', text: 'JavaScript del navegador', byTarget: {} } }), entry('Voxlate', { translate: { mode: 'keep' } })];
    const text = 'JS, JS and Voxlate: JS runs in the page.';
    const plan = planProtection(text, termsToProtect(text, entries, { language: null, site: null, target: 'es' }));
    const grown = plan.pieces.map((piece) => piece.replace(/\S/gu, 'ww').slice(0, Math.ceil(length(piece) * 1.6)));
    const bound = protectedLengthBound(plan, 1.6);
    expect(length(assemble(plan, grown, 'es'))).toBeLessThanOrEqual(bound);
    // Three renderings of 24 for terms of 2: the text's own length times the growth would not do.
    expect(bound).toBeGreaterThan(Math.ceil(length(text) * 1.6));
  });
});
