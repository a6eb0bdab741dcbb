import { baseCode } from '../language';
import { isAbbreviation } from './abbreviations';

/** A sentence of the original text; `text === original.slice(start, end)`, no surrounding whitespace. */
export interface Sentence {
  text: string;
  start: number;
  end: number;
}

export interface SplitOptions {
  /** Longest sentence allowed, in UTF-16 code units (the service's per-request limit). Default 5000. */
  maxChars?: number;
  /** Characters segmented at once (default SEGMENT_WINDOW); tests compare against Infinity. */
  windowChars?: number;
}

export const DEFAULT_MAX_CHARS = 5000;

type Range = [start: number, end: number];

const GERMAN_MONTHS = /^(?:Januar|Jänner|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember)\b/u;

// Japanese quotative particle after a closing bracket: 「…。」と言いました is one sentence.
// The exclusions are common sentence-initial words that merely start with と.
const JA_QUOTATIVE = /^(?:って|と(?!ころ|にかく|うとう|ても|きどき|つぜん|ちゅう|なり|りあえず))/u;

const CLOSING_QUOTE_BRACKET = /[」』）)】〉》"”’]$/u;

/**
 * Split `text` into sentences whose offsets point into `text` exactly, so the page can
 * map them back to DOM ranges for highlighting.
 *
 * Uses `Intl.Segmenter`, then repairs the breaks V8's ICU gets wrong (it applies no
 * abbreviation suppressions): after abbreviations and initials, German ordinal dates,
 * opening brackets left at the end of a sentence, and Japanese 「…」と quotations.
 * Sentences longer than `maxChars` are split at a clause boundary, a space, or hard.
 */
export function splitSentences(text: string, language: string, options: SplitOptions = {}): Sentence[] {
  const maxChars = Math.max(1, Math.floor(options.maxChars ?? DEFAULT_MAX_CHARS));
  const window = options.windowChars ?? SEGMENT_WINDOW;
  const ranges = mergeWrongBreaks(text, moveOpeningBrackets(text, icuRanges(text, language, window), language), language);
  const sentences: Sentence[] = [];
  for (const range of ranges) {
    const trimmed = trimRange(text, range);
    if (!trimmed) continue;
    for (const piece of splitLong(text, trimmed, maxChars)) {
      sentences.push({ text: text.slice(piece[0], piece[1]), start: piece[0], end: piece[1] });
    }
  }
  return sentences;
}

/**
 * Characters handed to the segmenter at once. V8's sentence segmenter slows down with the length
 * of the string it is given (quadratically: 0.4 s for 100k characters, 20 s for 1M), so long text
 * is segmented in windows of about this size, cut where a sentence surely ends.
 */
export const SEGMENT_WINDOW = 8_000;

/**
 * Where the first segmentation window of `text` (of `size` characters at most) ends: the sentences
 * before it are exactly those the whole text's segmentation finds there, so the start of a long
 * text can be planned alone.
 */
export const firstWindowEnd = (text: string, size = SEGMENT_WINDOW): number => windowEnd(text, 0, size);

function icuRanges(text: string, language: string, window: number): Range[] {
  let segmenter: Intl.Segmenter;
  try {
    segmenter = new Intl.Segmenter(language, { granularity: 'sentence' });
  } catch {
    // An invalid language tag should not stop reading; the root rules are close enough.
    segmenter = new Intl.Segmenter(undefined, { granularity: 'sentence' });
  }
  const ranges: Range[] = [];
  for (let from = 0; from < text.length; ) {
    const to = windowEnd(text, from, window);
    for (const s of segmenter.segment(text.slice(from, to))) ranges.push([from + s.index, from + s.index + s.segment.length]);
    from = to;
  }
  return ranges;
}

/**
 * Where the window starting at `from` ends: after the last line break in it (ICU always breaks
 * there, so the result is the same as segmenting the whole text), else after the last sentence
 * mark followed by a space, else after the last space; a hard cut only in a text with none.
 */
function windowEnd(text: string, from: number, size: number): number {
  const limit = from + size;
  if (limit >= text.length) return text.length;
  const half = from + Math.floor(size / 2);
  // Only the window's second half is searched: a search back through the whole text would make
  // a book without line breaks quadratic again.
  const window = text.slice(half, limit);
  const newline = Math.max(window.lastIndexOf('\n'), window.lastIndexOf('\r'), window.lastIndexOf('\u2029'));
  if (newline >= 0) return half + newline + 1;
  const mark = /[.!?。！？][\p{Pf}"')\]」』]*\s+(?=\S)/gu;
  let end = -1;
  for (let m = mark.exec(window); m; m = mark.exec(window)) end = half + m.index + m[0].length;
  if (end > 0) return end;
  const space = window.search(/\s\S*$/u);
  if (space >= 0) return half + space + 1;
  const code = text.charCodeAt(limit - 1);
  return code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit;
}

// Languages where “ ‘ « can close a quotation („so“, »so«), so they may not be moved.
const PI_CLOSES = new Set(['de', 'da', 'cs', 'sk', 'sl', 'hr', 'sr', 'bs', 'sv', 'fi', 'nb', 'no', 'nn', 'is', 'lt', 'lv', 'et', 'bg', 'hu', 'pl', 'ro']);

/** ICU leaves an opening bracket after the break ("…ました。「" | "おに…"); give it to the next sentence. */
function moveOpeningBrackets(text: string, ranges: Range[], language: string): Range[] {
  const opening = PI_CLOSES.has(baseCode(language)) ? /\p{Ps}/u : /[\p{Ps}\p{Pi}]/u;
  for (let i = 0; i < ranges.length - 1; i++) {
    const range = ranges[i]!;
    let cut = range[1];
    while (cut > range[0] && /\s/u.test(text[cut - 1]!)) cut--;
    let open = cut;
    while (open > range[0] && opening.test(text[open - 1]!)) open--;
    if (open < cut && open > range[0]) {
      range[1] = open;
      ranges[i + 1]![0] = open;
    }
  }
  return ranges;
}

function mergeWrongBreaks(text: string, ranges: Range[], language: string): Range[] {
  const merged: Range[] = [];
  for (const range of ranges) {
    const prev = merged[merged.length - 1];
    if (prev && shouldMerge(text.slice(prev[0], prev[1]), text.slice(range[0], range[1]), language)) {
      prev[1] = range[1];
    } else {
      merged.push([range[0], range[1]]);
    }
  }
  return merged;
}

function shouldMerge(prev: string, next: string, language: string): boolean {
  const body = prev.trimEnd();
  if (!body || !next.trim()) return false;
  // A newline is a real boundary (headings, list items, paragraphs) whatever precedes it.
  if (/[\n\r\u2028\u2029]/u.test(prev.slice(body.length))) return false;
  const nextStart = next.trimStart();
  const lang = baseCode(language);

  if (lang === 'ja' && CLOSING_QUOTE_BRACKET.test(body) && JA_QUOTATIVE.test(nextStart)) return true;
  if (!body.endsWith('.')) return false;
  // ICU should never break before a lower-case continuation; if it did, it was wrong.
  if (/^\p{Ll}/u.test(nextStart)) return true;

  const lastWord = /\S+$/u.exec(body)?.[0] ?? '';
  const token = lastWord.replace(/^[\p{Ps}\p{Pi}"'¿¡]+/u, '');
  if (isAbbreviation(token, language)) return true;
  if (lang === 'de' && /^\d{1,2}\.$/u.test(token) && GERMAN_MONTHS.test(nextStart)) return true;
  return false;
}

function trimRange(text: string, [start, end]: Range): Range | null {
  while (start < end && /\s/u.test(text[start]!)) start++;
  while (end > start && /\s/u.test(text[end - 1]!)) end--;
  return start < end ? [start, end] : null;
}

// Full-width and Arabic marks separate clauses without a following space.
const WIDE_CLAUSE = /[、，；：،؛]/u;
const ASCII_CLAUSE = /[,;:]/u;

function isClauseBoundary(text: string, i: number): boolean {
  const ch = text[i]!;
  if (WIDE_CLAUSE.test(ch)) return true;
  // "1,000" and "10:30" are not clause boundaries; a comma followed by a space is.
  return ASCII_CLAUSE.test(ch) && i + 1 < text.length && /\s/u.test(text[i + 1]!);
}

/** Split one trimmed range into pieces of at most `maxChars`, each trimmed. */
function splitLong(text: string, range: Range, maxChars: number): Range[] {
  const pieces: Range[] = [];
  let pos = range[0];
  const end = range[1];
  while (end - pos > maxChars) {
    const cut = findCut(text, pos, pos + maxChars);
    const piece = trimRange(text, [pos, cut]);
    if (piece) pieces.push(piece);
    pos = cut;
    while (pos < end && /\s/u.test(text[pos]!)) pos++;
  }
  const last = trimRange(text, [pos, end]);
  if (last) pieces.push(last);
  return pieces;
}

/** Best end (exclusive) for a piece starting at `pos` that must end by `limit`. */
function findCut(text: string, pos: number, limit: number): number {
  // Cutting in the first half would leave a tiny piece and many requests; prefer the late half.
  const half = pos + Math.floor((limit - pos) / 2);
  let lateSpace = -1;
  let earlyClause = -1;
  let earlySpace = -1;
  for (let i = limit - 1; i > pos; i--) {
    if (isClauseBoundary(text, i)) {
      if (i >= half) return i + 1;
      if (earlyClause < 0) earlyClause = i + 1;
    } else if (/\s/u.test(text[i]!)) {
      if (i >= half && lateSpace < 0) lateSpace = i;
      if (i < half && earlySpace < 0) earlySpace = i;
    }
  }
  // Also accept a space exactly at the limit: the piece then fills the budget.
  if (/\s/u.test(text[limit] ?? '')) return limit;
  if (lateSpace > 0) return lateSpace;
  if (earlyClause > 0) return earlyClause;
  if (earlySpace > 0) return earlySpace;
  // No boundary at all (a URL, a Thai run): hard split, but never between surrogate halves.
  const code = text.charCodeAt(limit - 1);
  return code >= 0xd800 && code <= 0xdbff && limit - 1 > pos ? limit - 1 : limit;
}
