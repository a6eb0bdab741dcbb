import { baseCode } from '../language';
import { batchPieces, characters, joinBatch, MAX_REQUEST_CHARS } from './batch';
import type { TermMatch } from './match';

/**
 * Protection by construction: the text is cut at its glossary terms, only the pieces around them
 * are translated (all of one text in one batched call), and the translation is put together from
 * the translated pieces and each term's rendering, written by us, never by the translator.
 *
 * Why not markers (`⟦1⟧`, `<x1/>`, `__T1__`) put in place of the terms and swapped back? A plain
 * machine translator is free to inflect, move, mangle or drop them; the emulator's realistic mode
 * does so to about 45 % of markers, as real engines do (Immersive Translate #2714: "1001/1002" on
 * screen). A checked marker with a fallback to cutting pays twice whenever the check fails, so the
 * figure before the spend could only be an "up to" of twice the price. Cutting is exact every
 * time, sends no marker (so none can show), costs fewer characters than the whole text (the terms
 * are not sent), and its cost is known before: `protectionFigure`. What it gives up: the
 * translator sees the words around a term without the term, so agreement across it (an article
 * before a kept noun) is the translator's guess; the term itself is always right.
 */

/** One part of the translation as it is put together. */
type Part =
  /** Translated piece `index`, with the whitespace the source had around it. */
  | { kind: 'piece'; index: number; lead: string; trail: string }
  /** Written as is: a term's rendering, or what has nothing to translate (spaces, punctuation, numbers, paragraph breaks). */
  | { kind: 'literal'; text: string; term: boolean };

/** What is sent and how the answer is put back together. */
export interface ProtectionPlan {
  /** What the translator is sent, in order: the text between terms that has words to translate. */
  pieces: string[];
  parts: Part[];
}

const HAS_WORDS = /\p{L}/u;
const PARAGRAPH_BREAK = /(\n[^\S\n]*\n\s*)/u;

/** Cuts the text between two terms into parts: pieces to translate, and paragraph breaks kept as they are. */
function between(text: string, pieces: string[], parts: Part[]): void {
  text.split(PARAGRAPH_BREAK).forEach((chunk, i) => {
    if (i % 2 === 1 || !HAS_WORDS.test(chunk)) {
      if (chunk) parts.push({ kind: 'literal', text: chunk, term: false });
      return;
    }
    const trimmed = chunk.trim();
    const lead = chunk.slice(0, chunk.indexOf(trimmed));
    parts.push({ kind: 'piece', index: pieces.length, lead, trail: chunk.slice(lead.length + trimmed.length) });
    pieces.push(trimmed);
  });
}

/** The pieces to translate and how to put the answer together; `matches` as `termsToProtect` gives them (in order, not overlapping). */
export function planProtection(text: string, matches: readonly TermMatch[]): ProtectionPlan {
  const pieces: string[] = [];
  const parts: Part[] = [];
  let at = 0;
  for (const m of matches) {
    between(text.slice(at, m.start), pieces, parts);
    parts.push({ kind: 'literal', text: m.rendering, term: true });
    at = m.end;
  }
  between(text.slice(at), pieces, parts);
  return { pieces, parts };
}

/** Targets written without spaces between words: a space the source had beside a term is dropped there when it touches their script. */
const UNSPACED_TARGETS = new Set(['ja', 'zh', 'th', 'lo', 'km', 'my']);
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/** Sentence punctuation left untranslated beside a term, as Japanese and Chinese write it. */
const FULL_WIDTH: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  ja: { '.': '。', ',': '、', '?': '？', '!': '！', ':': '：', ';': '；' },
  zh: { '.': '。', ',': '，', '?': '？', '!': '！', ':': '：', ';': '；' },
};

/** Puts the translation together from the plan and the translation of each piece. */
export function assemble(plan: ProtectionPlan, translations: readonly string[], target: string): string {
  const base = baseCode(target);
  const unspaced = UNSPACED_TARGETS.has(base);
  const marks = FULL_WIDTH[base];
  // Whitespace beside a term is "soft": dropped in unspaced targets when a neighbour is of their script.
  const items: { text: string; soft: boolean }[] = [];
  for (const part of plan.parts) {
    if (part.kind === 'piece') {
      items.push({ text: part.lead, soft: true }, { text: translations[part.index] ?? '', soft: false }, { text: part.trail, soft: true });
    } else if (part.term || !marks) {
      items.push({ text: part.text, soft: false });
    } else {
      items.push({ text: part.text.replace(/[.,?!:;](?=\s|$)/gu, (c) => marks[c] ?? c), soft: false });
    }
  }
  return items
    .map((item, i) => {
      if (!item.soft || !unspaced || item.text.includes('\n')) return item.text;
      const before = items.slice(0, i).map((x) => x.text).join('').slice(-1);
      const after = items.slice(i + 1).map((x) => x.text).join('').charAt(0);
      return UNSPACED.test(before) || UNSPACED.test(after) ? '' : item.text;
    })
    .join('');
}

/** Why a protected translation could not be put together. */
export type ProtectionErrorKind = 'piecesLost';

/** A failure with a kind the surface words for the user (never shown as it is). */
export class ProtectionError extends Error {
  constructor(readonly kind: ProtectionErrorKind) {
    super(kind);
    this.name = 'ProtectionError';
  }
}

/**
 * Translates many texts; one call is one batch the gateway sends (as `batchPieces` groups them)
 * and must answer one translation per text, in order.
 */
export type TranslateTexts = (texts: string[]) => Promise<string[]>;

/**
 * The translation of `text` with every matched term exactly as its entry says and no marker: the
 * pieces between terms in one call to `translate`, the terms put back by us. No call when nothing
 * is left to translate (the text is all terms and punctuation).
 */
export async function translateProtected(text: string, matches: readonly TermMatch[], translate: TranslateTexts, target: string): Promise<string> {
  const plan = planProtection(text, matches);
  const translations = plan.pieces.length ? await translate(plan.pieces) : [];
  if (translations.length !== plan.pieces.length) throw new ProtectionError('piecesLost');
  return assemble(plan, translations, target);
}

/** What a translation costs, shown before it is sent. */
export interface RequestFigure {
  requests: number;
  /** Characters (code points) of each request, in order: each is charged on its own, rounded up. */
  requestCharacters: number[];
  characters: number;
}

/** The protection's cost against translating the text as it is. */
export interface ProtectionFigure {
  protected: RequestFigure;
  plain: RequestFigure;
  /** Requests and characters the protection adds (negative: it saves them). */
  extraRequests: number;
  extraCharacters: number;
}

function figureOf(texts: readonly string[], maxChars: number): RequestFigure {
  const requestCharacters = batchPieces(texts, maxChars).map((batch) => characters(joinBatch(batch.map((i) => texts[i]!))));
  return { requests: requestCharacters.length, requestCharacters, characters: requestCharacters.reduce((a, b) => a + b, 0) };
}

/**
 * What protecting the terms of `text` will cost, before anything is sent (pure: the gate shows
 * it first). `maxChars` is the longest request, as the gateway batches.
 */
export function protectionFigure(text: string, matches: readonly TermMatch[], maxChars = MAX_REQUEST_CHARS): ProtectionFigure {
  const plain = figureOf(text.trim() ? [text] : [], maxChars);
  const guarded = figureOf(planProtection(text, matches).pieces, maxChars);
  return { protected: guarded, plain, extraRequests: guarded.requests - plain.requests, extraCharacters: guarded.characters - plain.characters };
}
