import { describe, expect, it } from 'vitest';
import type { Chunk } from './chunk';
import { sentenceAt } from './sentence-timing';

const chunk: Chunk = {
  index: 2,
  firstSentence: 10,
  lastSentence: 12,
  // Sentences of 10, 30 and 59 characters (+ separators): total 101.
  text: `${'a'.repeat(10)} ${'b'.repeat(30)} ${'c'.repeat(59)}`,
  sentenceOffsets: [0, 11, 42],
};

describe('sentenceAt', () => {
  it('maps elapsed time to a sentence by character proportion', () => {
    expect(sentenceAt(chunk, 0, 10.1)).toBe(10);
    expect(sentenceAt(chunk, 1.0, 10.1)).toBe(10);
    expect(sentenceAt(chunk, 1.2, 10.1)).toBe(11);
    expect(sentenceAt(chunk, 4.1, 10.1)).toBe(11);
    expect(sentenceAt(chunk, 4.3, 10.1)).toBe(12);
    expect(sentenceAt(chunk, 10.1, 10.1)).toBe(12);
  });

  it('clamps out-of-range and unknown times', () => {
    expect(sentenceAt(chunk, 99, 10)).toBe(12);
    expect(sentenceAt(chunk, -1, 10)).toBe(10);
    expect(sentenceAt(chunk, 5, 0)).toBe(10);
    expect(sentenceAt(chunk, Number.NaN, 10)).toBe(10);
    expect(sentenceAt(chunk, 5, Number.NaN)).toBe(10);
  });
});
