import type { PlannedChunk } from './contract';
import { sentenceAt } from '../speech/sentence-timing';

/** Index of the chunk holding `sentence` (the last chunk if the sentence is past the end). */
export function chunkOfSentence(chunks: readonly PlannedChunk[], sentence: number): number {
  const i = chunks.findIndex((c) => sentence <= c.lastSentence);
  return i === -1 ? chunks.length - 1 : i;
}

/**
 * Where `sentence` starts inside its chunk, as a fraction of the chunk's audio. Time is taken as
 * proportional to characters (the service returns no word timings); 0 for a sentence outside.
 */
export function sentenceStartFraction(chunk: PlannedChunk, sentence: number): number {
  const offset = chunk.sentenceOffsets[sentence - chunk.firstSentence];
  if (offset === undefined || chunk.text.length === 0) return 0;
  return offset / chunk.text.length;
}

/** The sentence spoken at `fraction` of the chunk's audio (inverse of sentenceStartFraction). */
export function sentenceAtFraction(chunk: PlannedChunk, fraction: number): number {
  // A hair past the fraction, so a jump to a sentence's exact start is not rounded to the previous one.
  return sentenceAt(chunk, fraction + 1e-9, 1);
}
