import { cleanForSpeech, DEFAULT_CLEANUP, isAboutCode, isSpeakable, markedForSpeech, speechMarks, type CleanupRules } from './clean';
import type { TextMark } from '../text-marks';
import { DEFAULT_MAX_CHARS, firstWindowEnd, SEGMENT_WINDOW, splitSentences, type Sentence } from './segment';

/** One request to the speech service: consecutive whole sentences. */
export interface Chunk {
  index: number;
  /** Index of the first sentence in the `sentences` array the chunk was planned from. */
  firstSentence: number;
  /** Inclusive. */
  lastSentence: number;
  /** The sentences' text joined with a single space (harmless for CJK). */
  text: string;
  /** Offset of each sentence inside `text`, for estimating when each one starts playing. */
  sentenceOffsets: number[];
}

export interface ChunkOptions {
  /** Service's hard per-request limit. Default 5000. */
  maxChars?: number;
  /** Character budget of the second chunk. Default 300 (about two sentences). */
  firstChars?: number;
  /** Factor by which each later chunk's budget grows. Default 3. */
  growth?: number;
  /** What is left out before paying (citation markers by default). */
  cleanup?: CleanupRules;
  /** Code and table cells the page marked in the text (offsets in it), for the cleanup rules. */
  marks?: readonly TextMark[];
  /** Whether the text is about code (its code is read); found from `marks` and the text when not given. */
  aboutCode?: boolean;
  /**
   * A sentence's length as it will be sent, when that is not its written length (the user's
   * pronunciations make "AI" "artificial intelligence"): budgets and the limit count this, so a
   * chunk never grows past the service's limit after planning.
   */
  measure?: (sentence: string) => number;
}

/** What a request may hold, counted as it is sent: at most `maxChars` of `measure`d sentences. */
export type SpeechFit = Pick<ChunkOptions, 'maxChars' | 'measure'>;

export const DEFAULT_FIRST_CHARS = 300;
export const DEFAULT_GROWTH = 3;

/**
 * Group sentences into service requests.
 *
 * Why this shape:
 * - The first chunk is exactly the first sentence. The service's latency grows with
 *   the characters sent (≈300 ms + 1 ms/char), so the smallest first request gives the
 *   fastest time to first audio.
 * - The second chunk is about two sentences (`firstChars`, 300 chars), then each budget
 *   grows geometrically (×3) up to `maxChars`. Each chunk is fetched while the previous
 *   one plays; playback takes ≈60 ms/char at speed 1 and ≈30 ms/char at speed 2, so a
 *   chunk three times as long (fetch ≈300 ms + 3 ms per previous char) still arrives
 *   long before the previous one ends, even at double speed.
 * - Growing to the 5000-char limit quickly keeps the request count low: a 30,000-char
 *   article needs about 9–10 requests, within a free plan's 10 requests per minute.
 *
 * Sentences are never split (splitSentences already caps each at `maxChars`); a
 * sentence longer than the budget gets a chunk of its own.
 */
export function planChunks(sentences: readonly Sentence[], opts: ChunkOptions = {}, sizes?: readonly number[]): Chunk[] {
  const maxChars = opts.maxChars ?? DEFAULT_MAX_CHARS;
  const growth = opts.growth ?? DEFAULT_GROWTH;
  // Each sentence's size as sent: given (measured once, when it was prepared), else measured here.
  const sized = sizes ?? sentences.map((s) => (opts.measure ? opts.measure(s.text) : s.text.length));
  const measureAt = (i: number) => sized[i]!;
  let budget = Math.min(maxChars, opts.firstChars ?? DEFAULT_FIRST_CHARS);

  const chunks: Chunk[] = [];
  let i = 0;
  while (i < sentences.length) {
    const first = i;
    let text = sentences[i]!.text;
    let size = measureAt(i);
    const sentenceOffsets = [0];
    i++;
    // Chunk 0 stays a single sentence; later chunks fill their budget greedily.
    if (chunks.length > 0) {
      while (i < sentences.length && size + 1 + measureAt(i) <= budget) {
        sentenceOffsets.push(text.length + 1);
        size += 1 + measureAt(i);
        text += ' ' + sentences[i]!.text;
        i++;
      }
      budget = Math.min(maxChars, Math.round(budget * growth));
    }
    chunks.push({ index: chunks.length, firstSentence: first, lastSentence: i - 1, text, sentenceOffsets });
  }
  return chunks;
}

/**
 * A text prepared once for reading aloud (issue 41): split into sentences, cleaned, and each
 * sentence measured as it is sent (the user's pronunciations applied) before any chunk is sized.
 * Every later step reads this one value: the first request, the plan, a plan that starts later
 * in the text (chunk-from.ts).
 */
export interface PreparedSpeech {
  /** Spoken sentences with their ORIGINAL text and offsets (for highlighting). */
  sentences: Sentence[];
  /** The same sentences as they are sent: cleaned text, same offsets. */
  spoken: Sentence[];
  /** Each spoken sentence's length as sent (`measure`d once; its written length without one). */
  sizes: number[];
  /** Chunks of cleaned text; their sentence indices refer to `sentences`. */
  chunks: Chunk[];
  /** False when only the text's first segmentation window was prepared (see `prepareHead`). */
  whole: boolean;
}

/**
 * Segment, clean, measure and chunk `text` for reading aloud. Sentences that clean to nothing
 * speakable (only punctuation, dividers, emoji) are dropped from `sentences`, so chunk
 * indices and highlight offsets stay aligned. A sentence is never longer than the service's
 * limit as it is sent: one its pronunciations lengthen past it is cut to fit.
 */
export function prepareSpeech(text: string, language: string, opts: ChunkOptions = {}): PreparedSpeech {
  const maxChars = opts.maxChars ?? DEFAULT_MAX_CHARS;
  const sentences: Sentence[] = [];
  const spoken: Sentence[] = [];
  const sizes: number[] = [];
  const rules = opts.cleanup ?? DEFAULT_CLEANUP;
  const marks = opts.marks?.length ? speechMarks(text.length, opts.marks, opts.aboutCode) : undefined;
  for (const sentence of splitSentences(text, language, { maxChars })) {
    const marked = marks ? markedForSpeech(text, sentence.start, sentence.end, language, rules, marks) : sentence.text;
    let cleaned = cleanForSpeech(marked, language, rules);
    if (!isSpeakable(cleaned)) continue;
    // Cleaning only shortens, except a tiny URL turned into a longer word; never exceed the limit.
    if (cleaned.length > maxChars) cleaned = cleaned.slice(0, maxChars);
    let size = opts.measure ? opts.measure(cleaned) : cleaned.length;
    // Said longer than the limit (a pronunciation lengthens a sentence as long as the limit): cut
    // at a space to fit, so the request is never refused after the plan was paid for.
    while (size > maxChars && cleaned.length > 1) {
      const keep = Math.max(1, Math.floor((cleaned.length * maxChars) / size) - 1);
      const space = cleaned.lastIndexOf(' ', keep);
      cleaned = cleaned.slice(0, space > keep / 2 ? space : keep).trimEnd();
      size = opts.measure!(cleaned);
    }
    sentences.push(sentence);
    spoken.push({ ...sentence, text: cleaned });
    sizes.push(size);
  }
  return { sentences, spoken, sizes, chunks: planChunks(spoken, opts, sizes), whole: true };
}

/**
 * The start of a text prepared for its first request, at a cost that does not grow with the text:
 * its first segmentation window alone (the sentences there are exactly those of the whole text's
 * segmentation, but for the window's last, which may join the next window's first). A text within
 * one window is prepared whole (`whole`): that value is the reading's own, prepared only once.
 * `windowChars`: a smaller window, whose sentences are those of the whole text's too.
 */
export function prepareHead(text: string, language: string, opts: ChunkOptions = {}, windowChars = SEGMENT_WINDOW): PreparedSpeech {
  const end = firstWindowEnd(text, windowChars);
  if (end >= text.length) return prepareSpeech(text, language, opts);
  // Whether the text is about code is the whole text's, not its head's.
  const aboutCode = opts.aboutCode ?? isAboutCode(text.length, opts.marks);
  return { ...prepareSpeech(text.slice(0, end), language, { ...opts, aboutCode, marks: opts.marks?.filter((m) => m.from < end) }), whole: false };
}

/**
 * The text of a reading's first request (its first speakable sentence, cleaned) from a prepared
 * head (`prepareHead`): `prepareSpeech(text).chunks[0].text`. Null when the head is not the whole
 * text and holds too few sentences to be sure of the first (the fixes of wrong breaks look at its
 * neighbours), or nothing speakable.
 */
export function firstRequestOf(head: PreparedSpeech): string | null {
  if (!head.whole && head.sentences.length < 3) return null;
  return head.chunks[0]?.text ?? null;
}

/**
 * Characters prepared for a reading's first request before it leaves (issue 41): its first
 * sentence is all it needs, and preparing a whole segmentation window (8,000 characters) held a
 * 5,000-character selection's request ~10–20 ms longer than a short one's on a loaded machine.
 */
export const FIRST_REQUEST_WINDOW = 1_000;

/**
 * The start of a text prepared for its first request: its first FIRST_REQUEST_WINDOW characters
 * (whole when it is no longer), or its first segmentation window (`prepareHead`) when those hold
 * too few sentences to be sure of the first.
 */
export function prepareFirstHead(text: string, language: string, opts: ChunkOptions = {}): PreparedSpeech {
  const small = prepareHead(text, language, opts, FIRST_REQUEST_WINDOW);
  return small.whole || firstRequestOf(small) !== null ? small : prepareHead(text, language, opts);
}

/** `firstRequestOf(prepareFirstHead(text, language, opts))`: the first request's text from the text's start alone. */
export function firstRequestText(text: string, language: string, opts: ChunkOptions = {}): string | null {
  return firstRequestOf(prepareFirstHead(text, language, opts));
}
