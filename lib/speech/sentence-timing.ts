import type { Chunk } from './chunk';

/**
 * Estimate which sentence (absolute index, as in `chunk.firstSentence`) is being spoken
 * `elapsedSec` into a chunk lasting `durationSec`. The service returns no word timings,
 * so time is assumed proportional to characters — good enough to move a highlight.
 */
export function sentenceAt(chunk: Chunk, elapsedSec: number, durationSec: number): number {
  if (!(durationSec > 0) || !(elapsedSec > 0) || chunk.text.length === 0) return chunk.firstSentence;
  const fraction = Math.min(1, elapsedSec / durationSec);
  const position = fraction * chunk.text.length;
  let index = 0;
  for (let i = 1; i < chunk.sentenceOffsets.length; i++) {
    if (chunk.sentenceOffsets[i]! <= position) index = i;
    else break;
  }
  return Math.min(chunk.firstSentence + index, chunk.lastSentence);
}
