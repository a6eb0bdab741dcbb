import type { PlannedChunk } from './contract';
import { chunkPositionSec, type Segment } from './segments';
import { sentenceAtFraction, sentenceStartFraction } from './sentence-position';

/** Where a chunk sounding at one speed may go on at another: the starts of its sentences still ahead. */
export interface SpeedCut {
  /** Seconds into the chunk's audio of the first of them (the stretched rest starts there). */
  fromSec: number;
  /** Each start ahead: seconds into the chunk's audio, and the context time it sounds at the old rate. */
  starts: { sec: number; when: number }[];
}

/**
 * The sentence starts after the one sounding at context time `t` in the segment `seg` of `chunk`
 * (a new speed applies from the next sentence, never mid-sentence); null when the sentence
 * sounding is the chunk's last (the next chunk takes the new speed).
 */
export function cutForSpeed(chunk: PlannedChunk, seg: Segment, t: number): SpeedCut | null {
  if (seg.duration <= 0) return null;
  const sounding = sentenceAtFraction(chunk, chunkPositionSec(seg, t) / seg.duration);
  const starts: SpeedCut['starts'] = [];
  for (let sentence = sounding + 1; sentence <= chunk.lastSentence; sentence++) {
    const sec = sentenceStartFraction(chunk, sentence) * seg.duration;
    const when = seg.when + (sec - seg.offset) / seg.rate;
    if (when < seg.end) starts.push({ sec, when });
  }
  return starts.length > 0 ? { fromSec: starts[0]!.sec, starts } : null;
}
