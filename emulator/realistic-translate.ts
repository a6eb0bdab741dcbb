/**
 * The "realistic" translation mode: a deterministic stand-in for a plain machine translator, so
 * that anything that must survive translation (glossary terms, placeholders) is tested against an
 * engine that changes every word, inflects, reorders and mangles markers. Rules and rates are in
 * emulator/README.md ("Realistic translation mode").
 */
import type { Language } from './languages.ts';
import { wordShape, type WordOrder, type WordShape } from './realistic-languages.ts';
import { mangle, markerFate } from './realistic-markers.ts';

/** 32-bit FNV-1a over the parts, finished with murmur3's mixer so similar inputs spread. */
export function hash(...parts: readonly (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const s = String(part);
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
    h = Math.imul(h ^ 0xff, 0x01000193);
  }
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

type Kind = 'word' | 'keep' | 'marker' | 'punct' | 'terminal' | 'symbol' | 'space';

interface Token {
  kind: Kind;
  text: string;
  /** Position in the source line: tells a word's source text after reordering. */
  id: number;
}

const MARK = String.raw`\[\]{}<>_#|\\^~\x60*=+⟦⟧@$%`;
// First match wins: things kept verbatim (URLs, emails, numbers), then markers (comments, tags,
// entities, runs of marker characters, letter-digit mixes such as T1), then words.
const TOKEN = new RegExp(
  [
    String.raw`(?<keep>(?:https?:\/\/|www\.)[^\s<>"]*[^\s<>"'.,;:!?)\]]|[\p{L}\p{N}._%+\-]+@[\p{L}\p{N}\-]+(?:\.[\p{L}\p{N}\-]+)+|[$€£¥]?\p{N}+(?:[.,:\/]\p{N}+)*%?(?![\p{L}\p{N}_]))`,
    String.raw`(?<marker><!--[\s\S]*?-->|<\/?[A-Za-z][^<>]*>|&#?[A-Za-z0-9]+;|(?:[${MARK}]+[\p{L}\p{N}]*)+|(?=[\p{L}\p{N}]*\p{N})(?=[\p{L}\p{N}]*\p{L})[\p{L}\p{N}]+)`,
    String.raw`(?<word>\p{L}[\p{L}\p{M}]*(?:['’\-]\p{L}[\p{L}\p{M}]*)*)`,
    String.raw`(?<space>[^\S\r\n]+)`,
    String.raw`(?<other>[\s\S])`,
  ].join('|'),
  'gu',
);
const TERMINAL = /^[.!?…。！？]$/u;
const CLOSING = /^["”’»)\]」』]$/u;
const DENSE_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** Everything the translation of one paragraph needs. */
interface Context {
  source: Language;
  target: Language;
  shape: WordShape;
  /** Lowercased words of the paragraph no output word may equal or contain (see README). */
  forbidden: Set<string>;
  /** Lowercased words of the paragraph no output word may equal. */
  words: Set<string>;
}

function tokenize(line: string, ctx: Context): Token[] {
  const tokens: Token[] = [];
  const push = (kind: Kind, text: string) => tokens.push({ kind, text, id: tokens.length });
  for (const m of line.matchAll(TOKEN)) {
    const g = m.groups ?? {};
    const text = m[0];
    if (g.word !== undefined && DENSE_SCRIPT.test(text)) {
      // Japanese and Chinese write no spaces: their runs are read as words of two characters.
      const chars = [...text];
      for (let i = 0; i < chars.length; i += 2) {
        if (i > 0) push('space', ctx.shape.unspaced ? '' : ' ');
        push('word', chars.slice(i, i + 2).join(''));
      }
    } else if (g.word !== undefined) push('word', text);
    else if (g.keep !== undefined) push('keep', text);
    else if (g.marker !== undefined) push('marker', text);
    else if (g.space !== undefined) push('space', text);
    else push(TERMINAL.test(text) ? 'terminal' : /\p{P}/u.test(text) ? 'punct' : 'symbol', text);
  }
  return tokens;
}

/** Lines cut into sentences after a run of . ! ? (and closing quotes) followed by a space or the end. */
function sentences(tokens: Token[]): Token[][] {
  const out: Token[][] = [];
  let current: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    current.push(token);
    if (token.kind !== 'terminal') continue;
    let j = i + 1;
    while (j < tokens.length && (tokens[j]?.kind === 'terminal' || CLOSING.test(tokens[j]?.text ?? ''))) current.push(tokens[j++] as Token);
    i = j - 1;
    if (j === tokens.length || tokens[j]?.kind === 'space') {
      out.push(current);
      current = [];
    }
  }
  if (current.length) out.push(current);
  return out;
}

/** English endings shared by a stem ("goes", "going" → "go"), and how far each shifts the form. */
function stemOf(lower: string, source: string): { base: string; shift: number } {
  if (source !== 'en') return { base: lower, shift: 0 };
  if (lower.length >= 5 && lower.endsWith('ing')) return { base: lower.slice(0, -3), shift: 3 };
  if (lower.length >= 4 && lower.endsWith('ed')) return { base: lower.slice(0, -2), shift: 2 };
  if (lower.length >= 4 && /(?:s|x|z|ch|sh|o)es$/.test(lower)) return { base: lower.slice(0, -2), shift: 1 };
  if (lower.length >= 4 && lower.endsWith('s') && !/(?:ss|us|is)$/.test(lower)) return { base: lower.slice(0, -1), shift: 1 };
  return { base: lower, shift: 0 };
}

const codePoints = (s: string): number => [...s].length;

/** Source letters of a word, a Han or kana character counting as two. */
function letters(word: string): number {
  return [...word].reduce((n, c) => n + (DENSE_SCRIPT.test(c) ? 2 : 1), 0);
}

/** Characters of the translated word's bare form: about the source word's, scaled for dense scripts. */
function formLength(size: number, lower: string, ctx: Context): number {
  if (ctx.shape.density < 1) return Math.max(1, Math.round(size * ctx.shape.density));
  if (size <= 1) return 1;
  return Math.max(2, size + (hash('length', ctx.target.code, lower) % 3) - 1);
}

/** Syllables (onset + nucleus) up to `length` characters, drawn from the stem's hash; a single letter where none fits. */
function buildStem(base: string, length: number, salt: number, ctx: Context): string {
  const { onsets, nuclei } = ctx.shape;
  let stem = '';
  for (let i = 0; codePoints(stem) < length; i++) {
    const room = length - codePoints(stem);
    let piece = '';
    for (let draw = 0; draw < 8 && !piece; draw++) {
      const h = hash('stem', ctx.target.code, base, salt, i, draw);
      const syllable = (onsets[h % onsets.length] ?? '') + (nuclei[(h >>> 12) % nuclei.length] ?? '');
      if (codePoints(syllable) <= room) piece = syllable;
    }
    if (!piece) {
      // One letter: a vowel to start a word, a consonant to end one (syllables end in a vowel);
      // never a lone combining sign (Devanagari's vowels).
      const h = hash('letter', ctx.target.code, base, salt, i);
      const single = (list: readonly string[]) => list.filter((x) => codePoints(x) === 1 && !/^\p{M}$/u.test(x));
      const [first, second] = stem ? [onsets, nuclei] : [nuclei, onsets];
      const pool = single(first).length ? single(first) : single(second);
      piece = pool[h % pool.length] ?? 'a';
    }
    stem += piece;
  }
  return stem;
}

/** Form 3 changes the stem's last vowel that has a change ("ablaut"). */
function ablaut(stem: string, shape: WordShape): string {
  const chars = [...stem];
  for (let i = chars.length - 1; i >= 0; i--) {
    const to = shape.ablaut?.[chars[i] as string];
    if (to) return [...chars.slice(0, i), to, ...chars.slice(i + 1)].join('');
  }
  return stem;
}

/** Whether a candidate word gives away a source word (equals one, or contains a forbidden one). */
function givesAway(form: string, ctx: Context): boolean {
  const lower = form.toLowerCase();
  if (ctx.words.has(lower)) return true;
  for (let i = 0; i < lower.length; i++) {
    for (let j = i + 2; j <= lower.length; j++) if (ctx.forbidden.has(lower.slice(i, j))) return true;
  }
  return false;
}

type CaseShape = 'lower' | 'title' | 'upper';

function caseOf(word: string): CaseShape {
  if (word === word.toLowerCase()) return 'lower';
  if (codePoints(word) >= 2 && word === word.toUpperCase()) return 'upper';
  return word[0] === word[0]?.toUpperCase() ? 'title' : 'lower';
}

function applyCase(form: string, shape: CaseShape): string {
  if (shape === 'upper') return form.toUpperCase();
  if (shape === 'title') return form.charAt(0).toUpperCase() + form.slice(1);
  return form;
}

/**
 * The word's translation: its stem's pseudo-word in the form (bare, or one of three endings) that
 * its neighbours and place pick. An ending replaces letters of the stem (one stays at least), and a
 * form longer than the source word plus one letter (the source word, in dense scripts) is not used.
 */
function translateWord(word: string, neighbours: string, position: number, ctx: Context): string {
  const lower = word.toLowerCase();
  const { base, shift } = stemOf(lower, ctx.source.code);
  const size = letters(word);
  const length = formLength(size, lower, ctx);
  let form = (hash('form', ctx.target.code, neighbours, position) + shift) % 4;
  let ending = form === 0 ? '' : (ctx.shape.endings[form - 1] as string);
  let stemLength = Math.max(1, length - codePoints(ending));
  if (size <= 1 || stemLength + codePoints(ending) > (ctx.shape.density < 1 ? size : size + 1)) {
    [form, ending, stemLength] = [0, '', length];
  }
  let out = '';
  for (let salt = 0; salt < 16; salt++) {
    const stem = buildStem(base, stemLength, salt, ctx);
    out = (form === 3 ? ablaut(stem, ctx.shape) : stem) + ending;
    if (!givesAway(out, ctx)) break;
  }
  return out;
}

/** Positions of word-like tokens (words, numbers, URLs) in each clause (between punctuation). */
function clauses(tokens: Token[]): number[][] {
  const out: number[][] = [[]];
  tokens.forEach((t, i) => {
    if (t.kind === 'punct' || t.kind === 'terminal') out.push([]);
    else if (t.kind === 'word' || t.kind === 'keep') out[out.length - 1]?.push(i);
  });
  return out.filter((c) => c.length > 0);
}

/** Whether a word counts as an adjective for noun-adjective languages: a third of words, by hash. */
export function isAdjective(word: string): boolean {
  return hash('adjective', word.toLowerCase()) % 3 === 0;
}

/**
 * A clause's word-like items in their new order. Verb-final: the second of three or more goes
 * last ("I see the cat" → "I the cat see"). Noun-adjective: an adjective swaps with the word after
 * it (numbers and URLs never move). Free: the last two of three or more swap.
 */
export function reorder<T>(items: readonly T[], order: WordOrder, word: (item: T) => string | null): T[] {
  const n = items.length;
  if (order === 'verb-final') return n >= 3 ? [items[0] as T, ...items.slice(2), items[1] as T] : [...items];
  if (order === 'free') return n >= 3 ? [...items.slice(0, -2), items[n - 1] as T, items[n - 2] as T] : [...items];
  const out = [...items];
  for (let i = 0; i + 1 < n; i++) {
    const a = word(out[i] as T);
    if (a !== null && word(out[i + 1] as T) !== null && isAdjective(a)) {
      [out[i], out[i + 1]] = [out[i + 1] as T, out[i] as T];
      i++;
    }
  }
  return out;
}

/** Removes tokens[i], and a space beside it when that would leave two spaces or one at an edge. */
function without(tokens: Token[], i: number): Token[] {
  const open = (t: Token | undefined) => t === undefined || t.kind === 'space' || t.kind === 'punct' || t.kind === 'terminal';
  const [prev, next] = [tokens[i - 1], tokens[i + 1]];
  let drop = -1;
  if (next?.kind === 'space' && (prev === undefined || prev.kind === 'space')) drop = i + 1;
  else if (prev?.kind === 'space' && open(next)) drop = i - 1;
  return tokens.filter((_, k) => k !== i && k !== drop);
}

function translateSentence(source: Token[], lineHasWords: boolean, ctx: Context): string {
  const seed = source.map((t) => t.text).join('');
  const wordLike = source.filter((t) => t.kind === 'word' || t.kind === 'keep');
  const capitalised = wordLike[0]?.kind === 'word' && caseOf(wordLike[0].text) === 'title';
  // Words first, each from its own context in source order.
  let previous = '^';
  let tokens = source.map((t) => {
    if (t.kind !== 'word') {
      if (t.kind === 'keep') previous = t.text;
      return { ...t };
    }
    const index = wordLike.indexOf(t);
    const position = index === 0 ? 0 : index === wordLike.length - 1 ? 2 : 1;
    const shape = index === 0 && capitalised ? 'lower' : caseOf(t.text);
    const next = wordLike[index + 1]?.text.toLowerCase() ?? '$';
    const text = applyCase(translateWord(t.text, `${previous} ${next}`, position, ctx), shape);
    previous = t.text.toLowerCase();
    return { ...t, text };
  });
  const sourceText = new Map(source.map((t) => [t.id, t.text]));
  for (const clause of clauses(tokens)) {
    const moved = reorder(clause.map((i) => tokens[i] as Token), ctx.shape.order, (t) => (t.kind === 'word' ? sourceText.get(t.id) ?? null : null));
    clause.forEach((slot, k) => (tokens[slot] = moved[k] as Token));
  }
  // Markers, in source order, each with its own fate.
  const markers = tokens.filter((t) => t.kind === 'marker');
  markers.forEach((marker, m) => {
    let fate = markerFate(hash('marker', ctx.target.code, seed, m));
    if (!lineHasWords && fate === 'drop') fate = 'mangle';
    if (!lineHasWords && fate === 'move') fate = 'keep';
    const at = tokens.indexOf(marker);
    if (fate === 'mangle') tokens[at] = { ...marker, text: mangle(marker.text, hash('mangle', ctx.target.code, seed, m)) };
    if (fate === 'drop') tokens = without(tokens, at);
    if (fate === 'move') tokens = moveMarker(tokens, at, hash('move', ctx.target.code, seed, m));
  });
  const first = tokens.find((t) => t.kind === 'word');
  if (capitalised && first) first.text = applyCase(first.text, caseOf(first.text) === 'lower' ? 'title' : caseOf(first.text));
  return finish(tokens, ctx);
}

/** Moves the marker at `at` before another word of the sentence, or to its end. */
function moveMarker(tokens: Token[], at: number, h: number): Token[] {
  const marker = tokens[at] as Token;
  const after = tokens.slice(at + 1).find((t) => t.kind === 'word' || t.kind === 'keep');
  const rest = without(tokens, at);
  let end = rest.length;
  const trailing = (t: Token | undefined) => t !== undefined && (t.kind === 'terminal' || t.kind === 'space' || CLOSING.test(t.text));
  while (end > 0 && trailing(rest[end - 1])) end--;
  const spots = rest.flatMap((t, i) => ((t.kind === 'word' || t.kind === 'keep') && t !== after ? [i] : []));
  if (after) spots.push(end);
  if (!spots.length) return tokens;
  const spot = spots[h % spots.length] as number;
  const space: Token = { kind: 'space', text: ' ', id: -1 };
  const inserted = spot === end && after ? [space, marker] : [marker, space];
  return [...rest.slice(0, spot), ...inserted, ...rest.slice(spot)];
}

/** Joins the tokens: no spaces between words in unspaced scripts, the language's own punctuation. */
function finish(tokens: Token[], ctx: Context): string {
  return tokens
    .map((t, i) => {
      if (t.kind === 'punct' || t.kind === 'terminal') return ctx.shape.punctuation?.[t.text] ?? t.text;
      if (t.kind === 'space' && ctx.shape.unspaced && tokens[i - 1]?.kind === 'word' && tokens[i + 1]?.kind === 'word') return '';
      return t.text;
    })
    .join('');
}

function paragraphContext(paragraph: string, source: Language, target: Language): Context {
  const shape = wordShape(target.code);
  const ctx: Context = { source, target, shape, forbidden: new Set(), words: new Set() };
  for (const line of paragraph.split(/\r?\n/)) {
    for (const t of tokenize(line, ctx)) {
      if (t.kind !== 'word') continue;
      const lower = t.text.toLowerCase();
      ctx.words.add(lower);
      if (codePoints(lower) >= 3 || (codePoints(lower) >= 2 && lower !== t.text)) ctx.forbidden.add(lower);
    }
  }
  return ctx;
}

/**
 * Translates like a plain machine translator would, deterministically: every word changed,
 * inflected by its neighbour and position, reordered per language, markers kept, moved, mangled
 * or dropped. Paragraphs, line breaks and sentence ends stay where they are. Into the source
 * language the text comes back unchanged.
 */
export function translateRealistic(text: string, source: Language, target: Language): string {
  if (source.code === target.code) return text;
  return text
    .split(/(\r?\n[ \t]*(?:\r?\n[ \t]*)+)/)
    .map((paragraph, i) => {
      if (i % 2 === 1 || paragraph.trim() === '') return paragraph;
      const ctx = paragraphContext(paragraph, source, target);
      return paragraph
        .split(/(\r?\n)/)
        .map((line, j) => {
          if (j % 2 === 1 || line.trim() === '') return line;
          const tokens = tokenize(line, ctx);
          const hasWords = tokens.some((t) => t.kind === 'word' || t.kind === 'keep');
          return sentences(tokens)
            .map((s) => translateSentence(s, hasWords, ctx))
            .join('');
        })
        .join('');
    })
    .join('');
}
