import type { PlannedChunk } from './contract';
import { sentenceAt } from '../speech/sentence-timing';
import type { WordTime } from '../audio/word-timing';

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

/** Where each word of a chunk starts in its speech (seconds), found from its audio (lib/audio/word-timing). */
export type ChunkWords = readonly WordTime[];

/** When `sentence` starts in its chunk's speech, by its first word's start; null when its words are not known. */
export function sentenceStartSec(chunk: PlannedChunk, words: ChunkWords | undefined, sentence: number): number | null {
  const offset = chunk.sentenceOffsets[sentence - chunk.firstSentence];
  if (offset === undefined || !words) return null;
  return words.find((w) => w.from >= offset)?.atSec ?? null;
}

/** The sentence sounding `sec` into its chunk's speech, by its words' starts. */
export function sentenceAtSec(chunk: PlannedChunk, words: ChunkWords, sec: number): number {
  let sentence = chunk.firstSentence;
  for (let i = 1; i < chunk.sentenceOffsets.length; i++) {
    const start = sentenceStartSec(chunk, words, chunk.firstSentence + i);
    if (start === null || start > sec + 1e-9) break;
    sentence = chunk.firstSentence + i;
  }
  return Math.min(sentence, chunk.lastSentence);
}

/** The words of `sentence` (offsets in the chunk's text). */
export function wordsOfSentence(chunk: PlannedChunk, words: ChunkWords, sentence: number): WordTime[] {
  const from = chunk.sentenceOffsets[sentence - chunk.firstSentence] ?? chunk.text.length;
  const to = chunk.sentenceOffsets[sentence + 1 - chunk.firstSentence] ?? chunk.text.length;
  return words.filter((w) => w.from >= from && w.from < to);
}
