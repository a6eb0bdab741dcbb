import { describe, expect, it } from 'vitest';
import { batchedCost, costBound, planBatches, splitBatchTranslation } from './batches';

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

  it('makes the first request short, so the first paragraph comes back soon', () => {
    const blocks = Array.from({ length: 6 }, (_, i) => ({ text: String(i).repeat(300), source: 'en' }));
    const { batches } = planBatches(blocks, 5000, 500);
    expect(batches.map((b) => b.items.map((i) => i.block))).toEqual([[0], [1, 2, 3, 4, 5]]);
    expect(planBatches(blocks, 5000, 700).batches.map((b) => b.items.length)).toEqual([2, 4]);
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

describe('costBound', () => {
  it('is never below what any grouping of the blocks costs', () => {
    const blocks = Array.from({ length: 30 }, (_, i) => ({ text: 'w'.repeat(3 + ((i * 37) % 120)), source: i % 3 ? 'en' : null }));
    const bound = costBound(blocks);
    expect(bound).toBeGreaterThanOrEqual(batchedCost(blocks));
    for (let size = 1; size <= 30; size += 7) {
      let sum = 0;
      for (let i = 0; i < blocks.length; i += size) sum += batchedCost(blocks.slice(i, i + size), 200);
      expect(sum).toBeLessThanOrEqual(bound);
    }
    // Ten 10-character paragraphs: 12 credits in one request, never more than 20 in any.
    expect(batchedCost(Array.from({ length: 10 }, () => ({ text: 'x'.repeat(10), source: null })))).toBe(12);
    expect(costBound(Array.from({ length: 10 }, () => ({ text: 'x'.repeat(10), source: null })))).toBe(20);
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
