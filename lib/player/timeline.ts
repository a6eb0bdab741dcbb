import type { PlannedChunk } from './contract';

/** Seconds of speech per character at speed 1, measured on the service's voices (≈ 15 chars/s). */
export const SECONDS_PER_CHAR = 0.065;

/** Estimated audio length of a chunk before its audio is decoded. */
export function estimateChunkSec(text: string, speed: number): number {
  return (text.length * SECONDS_PER_CHAR) / (speed > 0 ? speed : 1);
}

/** Each chunk's duration: the real one once decoded (`known[i]`), else the estimate. */
export function chunkDurations(
  chunks: readonly PlannedChunk[],
  speed: number,
  known: readonly (number | undefined)[],
): number[] {
  return chunks.map((chunk, i) => known[i] ?? estimateChunkSec(chunk.text, speed));
}

/** Start time of each chunk in the reading's timeline (seconds from the reading's start). */
export function chunkStarts(durations: readonly number[]): number[] {
  const starts: number[] = [];
  let at = 0;
  for (const d of durations) {
    starts.push(at);
    at += d;
  }
  return starts;
}
