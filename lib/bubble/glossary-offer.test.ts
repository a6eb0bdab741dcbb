// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { renderResult } from './bubble-view';
import { looksLikeTerm } from './controller';
import { ENGLISH_BUBBLE_LABELS } from './labels.test-helpers';

describe('the bubble offers a short translated text to the glossary', () => {
  it('a word or a few, on one line, is a term; a sentence or more is not', () => {
    expect(looksLikeTerm('harbour board')).toBe(true);
    expect(looksLikeTerm('  Voxlate ')).toBe(true);
    expect(looksLikeTerm('the harbour board meets today')).toBe(false);
    expect(looksLikeTerm('harbour\nboard')).toBe(false);
    expect(looksLikeTerm('x'.repeat(101))).toBe(false);
  });

  it('"Add to glossary…" is a button under the translation only when offered', () => {
    const result = { translation: 'junta', sourceName: 'English', targetCode: 'es', rtl: false, cost: 1, cached: false, balance: 9 };
    const onClick = vi.fn();
    const offered = renderResult(document, ENGLISH_BUBBLE_LABELS, result, { copy: () => undefined, listen: () => undefined, glossary: { label: 'Add to glossary…', onClick } });
    [...offered.querySelectorAll('button')].find((b) => b.textContent === 'Add to glossary…')!.click();
    expect(onClick).toHaveBeenCalledOnce();
    const plain = renderResult(document, ENGLISH_BUBBLE_LABELS, result, { copy: () => undefined, listen: () => undefined });
    expect([...plain.querySelectorAll('button')].map((b) => b.textContent)).not.toContain('Add to glossary…');
  });
});
