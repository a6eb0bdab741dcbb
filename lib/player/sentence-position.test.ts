import { describe, expect, it } from 'vitest';
import { chunkOfSentence, sentenceAtFraction, sentenceStartFraction } from './sentence-position';

const chunks = [
  { index: 0, text: 'One.', firstSentence: 0, lastSentence: 0, sentenceOffsets: [0] },
  // Offsets 0, 11 and 42 of 101 characters.
  { index: 1, text: `${'a'.repeat(10)} ${'b'.repeat(30)} ${'c'.repeat(59)}`, firstSentence: 1, lastSentence: 3, sentenceOffsets: [0, 11, 42] },
];

describe('chunkOfSentence', () => {
  it('finds the chunk holding a sentence, the last one past the end', () => {
    expect(chunkOfSentence(chunks, 0)).toBe(0);
    expect(chunkOfSentence(chunks, 2)).toBe(1);
    expect(chunkOfSentence(chunks, 9)).toBe(1);
  });
});

describe('sentenceStartFraction / sentenceAtFraction', () => {
  it('are inverses at sentence starts, exactly (no rounding to the previous sentence)', () => {
    for (const sentence of [1, 2, 3]) {
      expect(sentenceAtFraction(chunks[1]!, sentenceStartFraction(chunks[1]!, sentence))).toBe(sentence);
    }
    expect(sentenceStartFraction(chunks[1]!, 2)).toBeCloseTo(11 / 101);
  });

  it('maps a fraction inside a sentence to it', () => {
    expect(sentenceAtFraction(chunks[1]!, 0.3)).toBe(2);
    expect(sentenceAtFraction(chunks[1]!, 1)).toBe(3);
  });

  it('starts a sentence outside the chunk at its beginning', () => {
    expect(sentenceStartFraction(chunks[1]!, 0)).toBe(0);
  });
});
