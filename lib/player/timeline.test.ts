import { describe, expect, it } from 'vitest';
import { chunkDurations, chunkStarts, estimateChunkSec } from './timeline';

const chunk = (text: string) => ({ index: 0, text, firstSentence: 0, lastSentence: 0, sentenceOffsets: [0] });

describe('estimateChunkSec', () => {
  it('takes 0.065 s per character at speed 1, less when faster', () => {
    expect(estimateChunkSec('x'.repeat(100), 1)).toBeCloseTo(6.5);
    expect(estimateChunkSec('x'.repeat(100), 2)).toBeCloseTo(3.25);
  });
});

describe('chunkDurations / chunkStarts', () => {
  it('uses real durations where known and estimates elsewhere', () => {
    const chunks = [chunk('x'.repeat(100)), chunk('x'.repeat(200)), chunk('x'.repeat(100))];
    const durations = chunkDurations(chunks, 1, [7, undefined]);
    expect(durations[0]).toBe(7);
    expect(durations[1]).toBeCloseTo(13);
    expect(durations[2]).toBeCloseTo(6.5);
    expect(chunkStarts([7, 13, 6.5])).toEqual([0, 7, 20]);
  });
});
