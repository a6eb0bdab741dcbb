/** One chunk scheduled on the AudioContext's clock: its audio plays from `offset` at `when`. */
export interface Segment {
  chunk: number;
  /** Context time the chunk starts sounding. */
  when: number;
  /** Seconds into the chunk's audio where playback starts (after a jump into the chunk). */
  offset: number;
  /** Length of the chunk's whole audio. */
  duration: number;
  /** Context time the segment ends: when + duration - offset. */
  end: number;
}

/** Builds a segment, computing its end. */
export function segment(chunk: number, when: number, offset: number, duration: number): Segment {
  return { chunk, when, offset, duration, end: when + Math.max(0, duration - offset) };
}

/** Audio seconds of the segment played by context time `t`. */
export function playedSec(seg: Segment, t: number): number {
  return Math.max(0, Math.min(t, seg.end) - seg.when);
}

/** Seconds into the chunk's audio at context time `t` (before its start: its start offset). */
export function chunkPositionSec(seg: Segment, t: number): number {
  return seg.offset + playedSec(seg, t);
}
