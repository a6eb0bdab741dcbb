import { describe, expect, it } from 'vitest';
import { chunkPositionSec, playedSec, segment } from './segments';

describe('segments', () => {
  // Chunk 2 (4 s of audio) started 1 s in (after a jump) at context time 10: sounds until 13.
  const seg = segment(2, 10, 1, 4);

  it('ends after the rest of the audio', () => {
    expect(seg.end).toBe(13);
  });

  it('counts played audio, clamped to the segment', () => {
    expect(playedSec(seg, 9)).toBe(0);
    expect(playedSec(seg, 11.5)).toBe(1.5);
    expect(playedSec(seg, 20)).toBe(3);
  });

  it('gives the position inside the chunk', () => {
    expect(chunkPositionSec(seg, 9)).toBe(1);
    expect(chunkPositionSec(seg, 12)).toBe(3);
  });
});
