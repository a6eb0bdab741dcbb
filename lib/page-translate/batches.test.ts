import { describe, expect, it } from 'vitest';
import { batchedCost, planBatches, splitBatchTranslation } from './batches';

describe('planBatches', () => {
  it('joins paragraphs of one source up to the request limit, in the order given', () => {
    const blocks = [
      { text: 'a'.repeat(40), source: 'en' },
      { text: 'b'.repeat(40), source: 'en' },
      { text: 'c'.repeat(40), source: 'en' },
    ];
    const { batches } = planBatches(blocks, 90);
    expect(batches.map((b) => b.items.map((i) => i.block))).toEqual([[0, 1], [2]]);
    expect(batches[0]!.text).toBe(`${'a'.repeat(40)}\n\n${'b'.repeat(40)}`);
    // 82 characters → 9 credits; 40 → 4.
    expect(batches.map((b) => b.cost)).toEqual([9, 4]);
  });

  it('keeps each source language in its own requests', () => {
    const { batches } = planBatches([
      { text: 'Bonjour', source: 'fr' },
      { text: 'Hallo', source: 'de' },
      { text: 'Merci', source: 'fr' },
      { text: 'Hello', source: null },
    ]);
    expect(batches.map((b) => [b.source, b.text])).toEqual([
      ['fr', 'Bonjour\n\nMerci'],
      ['de', 'Hallo'],
      [null, 'Hello'],
    ]);
  });

  it('sends a paragraph longer than a request in parts and says how to join them', () => {
    const long = `${'One sentence here. '.repeat(8).trim()}`;
    const { batches, split } = planBatches([{ text: long, source: 'en' }], 60);
    const parts = split.get(0)!;
    expect(parts.parts.length).toBeGreaterThan(1);
    expect(batches.flatMap((b) => b.items).every((item) => item.text.length <= 60 && item.block === 0)).toBe(true);
  });

  it('costs batches as the service charges them: each request rounded up', () => {
    expect(batchedCost([{ text: 'x'.repeat(11), source: null }])).toBe(2);
    expect(batchedCost([{ text: 'x'.repeat(4), source: null }, { text: 'y'.repeat(4), source: null }])).toBe(1);
  });
});

describe('splitBatchTranslation', () => {
  const batch = planBatches([{ text: 'Hello', source: null }, { text: 'Thank you', source: null }]).batches[0]!;

  it('gives each paragraph its translation', () => {
    expect(splitBatchTranslation(batch, '[ES] Hola\n\n[ES] Gracias')).toEqual(['[ES] Hola', '[ES] Gracias']);
    expect(splitBatchTranslation(batch, ' [ES] Hola \n \n\n[ES] Gracias\n')).toEqual(['[ES] Hola', '[ES] Gracias']);
  });

  it('refuses a translation whose paragraphs do not match', () => {
    expect(splitBatchTranslation(batch, '[ES] Hola, gracias')).toBeNull();
  });
});
