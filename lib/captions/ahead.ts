import { BLOCK_SEPARATOR } from '../translate/batches';
import { translationCost } from '../translate/cost';
import { MAX_TRANSLATE_CHARS } from '../translate/split';
import { joinLines, type Cue } from './cue';

/*
 * Translating captions a little ahead of the playhead: what is on screen and the next half minute,
 * in requests of whole cues, so a caption's translation is there when it shows and nothing is paid
 * for a part of the video the viewer never reaches.
 */

/** How far ahead of the playhead one batch reaches, in seconds of video. */
export const AHEAD_SEC = 30;
/**
 * The next batch is sent once the first caption not yet translated is this close to the playhead:
 * half a batch of lead, so translating never falls behind, without a request for every caption
 * that comes into reach (a cue every few seconds would spend the free plan's 10 requests a minute).
 */
export const REFILL_SEC = AHEAD_SEC / 2;

/**
 * Between two cues in one request: a blank line, as paragraphs travel in page translation, because
 * translators keep paragraph breaks (the service's contract, the emulator's rule) and a caption
 * sent as one line (joinLines) holds none of its own, so every blank line in the answer is ours.
 */
export const CUE_SEPARATOR = BLOCK_SEPARATOR;
// A separator in an answer, whatever spaces the service put around it.
const SEPARATOR_IN_ANSWER = /[^\S\n]*\n[^\S\n]*\n\s*/u;

/** One text sent: a cue's text as one line, standing for every cue of the batch that says exactly it. */
export interface CueBatchItem {
  text: string;
  cueIds: string[];
}

/** One translate request of whole cues. */
export interface CueBatch {
  items: CueBatchItem[];
  /** The request's text: the items joined by CUE_SEPARATOR. */
  text: string;
  /** Credits it costs (translate/cost.ts). */
  cost: number;
}

export interface AheadOptions {
  aheadSec?: number;
  refillSec?: number;
  /** Longest request, in UTF-16 units (never fewer than the service's characters). */
  maxChars?: number;
}

/** A request of these items: their texts joined as the answer is split back, and its price. */
export function batchOf(items: CueBatchItem[]): CueBatch {
  const text = items.map((item) => item.text).join(CUE_SEPARATOR);
  return { items, text, cost: translationCost(text) };
}

/**
 * The next request to send, or null when nothing is needed yet. `settled` holds the ids of cues
 * translated, found in the cache or in flight. From the first such cue still to finish (the one on
 * screen included), once it is within `refillSec` of the playhead: every cue starting before it
 * plus `aheadSec`, in order, as long as the request stays within `maxChars` (a cue alone longer
 * than that still goes, alone: the translator splits long texts itself). Cues behind the playhead
 * are never sent, so a seek forward skips what was jumped over, and a seek back into what was
 * translated sends nothing. Cues saying the same text share one item.
 */
export function nextBatch(cues: readonly Cue[], playhead: number, settled: ReadonlySet<string>, opts: AheadOptions = {}): CueBatch | null {
  const { aheadSec = AHEAD_SEC, refillSec = aheadSec / 2, maxChars = MAX_TRANSLATE_CHARS } = opts;
  const waiting = cues
    .filter((cue) => cue.end > playhead && !settled.has(cue.id) && joinLines(cue.text) !== '')
    .sort((a, b) => a.start - b.start);
  const first = waiting[0];
  if (!first || first.start > playhead + refillSec) return null;
  const until = Math.max(playhead, first.start) + aheadSec;
  const items: CueBatchItem[] = [];
  let length = -CUE_SEPARATOR.length;
  for (const cue of waiting) {
    if (cue.start >= until) break;
    const text = joinLines(cue.text);
    const same = items.find((item) => item.text === text);
    if (same) {
      same.cueIds.push(cue.id);
      continue;
    }
    if (items.length > 0 && length + CUE_SEPARATOR.length + text.length > maxChars) break;
    items.push({ text, cueIds: [cue.id] });
    length += CUE_SEPARATOR.length + text.length;
  }
  return batchOf(items);
}

/**
 * Each cue's translation from a batch's answer, by cue id; null when the answer does not have one
 * part per item. Parts are told apart by the blank lines only: the same count, in the same order,
 * or nothing, since a translation put under the wrong caption is worse than none. On null, the
 * batch is paid for and its captions stay untranslated (sending them again would pay twice); the
 * captions after it go oneByOne: a request per text cannot be misaligned. A part's own line breaks (a service
 * wrapping a long line) become spaces: a translation is shown as one line.
 */
export function splitAnswer(batch: CueBatch, answer: string): Map<string, string> | null {
  const flat = (part: string) => part.replace(/\s+/gu, ' ').trim();
  const parts = batch.items.length === 1 ? [flat(answer)] : answer.trim().split(SEPARATOR_IN_ANSWER).map(flat);
  if (parts.length !== batch.items.length || parts.some((part) => part === '')) return null;
  const byCue = new Map<string, string>();
  batch.items.forEach((item, i) => item.cueIds.forEach((id) => byCue.set(id, parts[i]!)));
  return byCue;
}

/**
 * A batch as one request per text: how captions are sent after a service answered a batch in a
 * way that could not be split. Each request costs no more than its text's share of the figure.
 */
export function oneByOne(batch: CueBatch): CueBatch[] {
  return batch.items.map((item) => batchOf([item]));
}

/**
 * Every request a straight watch from the start would send (nextBatch at each point where it sends
 * something), a repeated text counted once as the cache then answers it. What the figure before
 * starting is made of.
 */
export function plannedBatches(cues: readonly Cue[], opts: AheadOptions = {}): CueBatch[] {
  const { aheadSec = AHEAD_SEC, refillSec = aheadSec / 2 } = opts;
  const settled = new Set<string>();
  const batches: CueBatch[] = [];
  const byText = new Map<string, string[]>();
  for (const cue of cues) byText.set(joinLines(cue.text), [...(byText.get(joinLines(cue.text)) ?? []), cue.id]);
  let playhead = 0;
  // Each turn sends a batch or moves to where one is sent: two turns per cue at most.
  for (let guard = 0; guard <= 2 * cues.length; guard++) {
    const batch = nextBatch(cues, playhead, settled, opts);
    if (batch) {
      batches.push(batch);
      for (const item of batch.items) {
        for (const id of byText.get(item.text) ?? []) settled.add(id);
      }
      continue;
    }
    const next = cues.filter((cue) => !settled.has(cue.id) && joinLines(cue.text) !== '' && cue.end > playhead).sort((a, b) => a.start - b.start)[0];
    if (!next) break;
    // Move to where the next batch is sent; a cue already on screen at 0 is sent at 0.
    playhead = Math.max(playhead, next.start - refillSec / 2);
  }
  return batches;
}
