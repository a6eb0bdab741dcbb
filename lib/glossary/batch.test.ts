import { describe, expect, it } from 'vitest';
import { BLOCK_SEPARATOR } from '../translate/batches';
import { batchPieces, joinBatch, PIECE_SEPARATOR, splitBatch } from './batch';

describe('batching the pieces of a protected text', () => {
  it('uses the separator page translation relies on being kept', () => {
    expect(PIECE_SEPARATOR).toBe(BLOCK_SEPARATOR);
  });

  it('groups pieces into requests of at most maxChars once joined, a longer piece alone', () => {
    expect(batchPieces(['aaaa', 'bbbb', 'cccc'], 10)).toEqual([[0, 1], [2]]);
    expect(batchPieces(['aaaa', 'b'.repeat(20), 'c'], 10)).toEqual([[0], [1], [2]]);
    expect(batchPieces(['a', 'b', 'c'])).toEqual([[0, 1, 2]]);
    expect(batchPieces([])).toEqual([]);
  });

  it('counts code points as the service does', () => {
    expect(batchPieces(['😀😀😀😀', '😀😀😀😀'], 10)).toEqual([[0, 1]]);
  });

  it('splits an answer back into pieces, or says it cannot', () => {
    expect(splitBatch(joinBatch(['eins', 'zwei']).replace('\n\n', ' \n \n'), 2)).toEqual(['eins', 'zwei']);
    expect(splitBatch('eins zwei', 2)).toBeNull();
  });
});
