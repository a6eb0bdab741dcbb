import { planChunks, type Chunk, type ChunkOptions, type PreparedSpeech } from './chunk';
import type { Sentence } from './segment';

/**
 * The sentence a reading "from here" starts at: the one holding `offset` (a place in the original
 * text), or the first one after it when the offset falls between sentences or on text that is not
 * spoken. -1 when no sentence ends after it.
 */
export function sentenceAtOffset(sentences: readonly Sentence[], offset: number): number {
  let low = 0;
  let high = sentences.length;
  // The first sentence that ends after the offset (sentences are in text order).
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sentences[mid]!.end > offset) high = mid;
    else low = mid + 1;
  }
  return low < sentences.length ? low : -1;
}

/**
 * Plans the requests of a reading that starts at sentence `start` but keeps the whole text (so
 * "previous" and a jump back can reach the sentences before it). From `start` on, the chunks are
 * those of a reading of that part alone: its first request is the start sentence by itself, so
 * sound starts as fast, and nothing before it is in a request the start needs. Before it, chunks
 * grow backwards from the start: going back one sentence asks for one sentence, not 5,000
 * characters.
 */
export function chunksFrom(prepared: PreparedSpeech, start: number, opts: ChunkOptions = {}): Chunk[] {
  const { spoken, sizes } = prepared;
  if (start <= 0) return planChunks(spoken, opts, sizes);
  const before = planChunks(spoken.slice(0, start).reverse(), opts, sizes.slice(0, start).reverse())
    .reverse()
    .map((c) => joined(spoken, start - 1 - c.lastSentence, start - 1 - c.firstSentence));
  const after = planChunks(spoken.slice(start), opts, sizes.slice(start)).map((c) => joined(spoken, c.firstSentence + start, c.lastSentence + start));
  return [...before, ...after].map((c, index) => ({ ...c, index }));
}

/** One request of sentences first..last (inclusive), in reading order. */
function joined(spoken: readonly Sentence[], first: number, last: number): Chunk {
  const sentenceOffsets: number[] = [];
  let text = '';
  for (let i = first; i <= last; i++) {
    if (i > first) text += ' ';
    sentenceOffsets.push(text.length);
    text += spoken[i]!.text;
  }
  return { index: 0, firstSentence: first, lastSentence: last, text, sentenceOffsets };
}
