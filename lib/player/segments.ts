/**
 * One chunk scheduled on the AudioContext's clock: its audio plays from `offset` at `when`.
 * Offsets and durations are seconds of the chunk's audio as fetched; `rate` is how many of them
 * one second of listening covers (the audio time-stretched to a speed other than it was asked at).
 */
export interface Segment {
  chunk: number;
  /** Context time the chunk starts sounding. */
  when: number;
  /** Seconds into the chunk's audio where playback starts (after a jump into the chunk). */
  offset: number;
  /** Length of the chunk's whole audio. */
  duration: number;
  /** Seconds of the chunk's audio played per second of listening (1 unless stretched). */
  rate: number;
  /** Context time the segment ends: when + (until - offset) / rate. */
  end: number;
}

/** Builds a segment that plays the chunk's audio up to `until` (its end by default), computing its end. */
export function segment(chunk: number, when: number, offset: number, duration: number, rate = 1, until = duration): Segment {
  return { chunk, when, offset, duration, rate, end: when + Math.max(0, until - offset) / rate };
}

/** Audio seconds of the segment played by context time `t`. */
export function playedSec(seg: Segment, t: number): number {
  return Math.max(0, Math.min(t, seg.end) - seg.when);
}

/** Seconds into the chunk's audio at context time `t` (before its start: its start offset). */
export function chunkPositionSec(seg: Segment, t: number): number {
  return seg.offset + playedSec(seg, t) * seg.rate;
}
