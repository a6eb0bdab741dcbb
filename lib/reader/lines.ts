import type { Piece, TextItem } from './types';

/** A line of text on a page: items sharing a baseline with no column gap between them. */
export interface Line {
  page: number;
  x0: number;
  x1: number;
  top: number;
  bottom: number;
  /** Baseline of its main text. */
  y: number;
  size: number;
  /** The font of most of its text. */
  font: string;
  /** Written right to left (Hebrew, Arabic): its items are read from its right end, and it is aligned and indented there. */
  rtl: boolean;
  text: string;
  pieces: Piece[];
}

/** A gap wider than this many font sizes between two items on one baseline is a column's edge. */
const COLUMN_GAP = 1;
/** A gap wider than this many font sizes between two items is a word space. */
const WORD_GAP = 0.12;

const isMarker = (str: string) => /^[\d*†‡§¶,–-]{1,4}$/.test(str.trim());

/** Scripts written without spaces between words (Chinese, Japanese), their punctuation and full-width forms. */
const unspaced = '[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\u3000-\\u303f\\u30fb\\u30fc\\uff00-\\uffef]';
const endsUnspaced = new RegExp(`${unspaced}$`, 'u');
const startsUnspaced = new RegExp(`^${unspaced}`, 'u');

/**
 * Whether text that ends in `before` and goes on (after a line's end or a gap on a line) with
 * `after` is joined with no space: where either side is Chinese or Japanese, which put no spaces
 * between words (nor between them and a Latin word). Latin, Korean (which spaces its words) and
 * the rest join with a space.
 */
export function joinsWithoutSpace(before: string, after: string): boolean {
  return endsUnspaced.test(before) || startsUnspaced.test(after);
}

/**
 * Groups a page's items into lines: items whose baselines are close (relative to their size)
 * and follow each other without a column-wide gap. Footnote and citation markers (small raised
 * digits or symbols next to a word) are left out: they are not read into the sentence.
 */
export function linesOf(page: number, items: readonly TextItem[]): Line[] {
  const visible = items.filter((item) => item.str.trim() !== '' && item.size > 0);
  const byBaseline = [...visible].sort((a, b) => a.y - b.y || a.x - b.x);
  const rows: TextItem[][] = [];
  for (const item of byBaseline) {
    const row = rows.at(-1);
    const base = row && mainOf(row);
    if (base && Math.abs(item.y - base.y) <= 0.45 * Math.max(item.size, base.size)) row.push(item);
    else rows.push([item]);
  }
  return rows.flatMap((row) => splitRow(page, row));
}

function mainOf(row: TextItem[]): TextItem {
  return row.reduce((a, b) => (b.size * b.str.length > a.size * a.str.length ? b : a));
}

/** Whether an item runs right to left: as pdf.js says, or (where it does not say) by its letters. */
const isRtl = (item: TextItem) => (item.dir ? item.dir === 'rtl' : /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/.test(item.str));

function splitRow(page: number, row: TextItem[]): Line[] {
  const main = mainOf(row);
  // Raised, smaller digits or symbols: a superscript marker ("word¹²", "value[3]" is handled in speech).
  const kept = row.filter((item) => !(item !== main && item.size < 0.8 * main.size && main.y - item.y > 0.15 * main.size && isMarker(item.str)));
  // A row mostly of right-to-left text is read from its right end, item after item leftwards.
  const weight = (items: TextItem[]) => items.reduce((sum, item) => sum + item.str.trim().length, 0);
  const rtl = weight(kept.filter(isRtl)) > weight(kept) / 2;
  const sorted = kept.sort((a, b) => (rtl ? b.x + b.width - (a.x + a.width) : a.x - b.x));
  const lines: Line[] = [];
  const fonts = new Map<Line, Map<string, number>>();
  let current: Line | null = null;
  for (const item of sorted) {
    const gap = !current ? 0 : rtl ? current.x0 - (item.x + item.width) : item.x - current.x1;
    if (!current || gap > COLUMN_GAP * Math.max(item.size, current.size)) {
      current = { page, x0: item.x, x1: item.x + item.width, top: item.y - item.size, bottom: item.y + 0.25 * item.size, y: item.y, size: item.size, font: item.font ?? '', rtl, text: '', pieces: [] };
      fonts.set(current, new Map());
      lines.push(current);
    } else if (gap > WORD_GAP * item.size && !/\s$/.test(current.text) && !/^\s/.test(item.str) && !joinsWithoutSpace(current.text, item.str)) {
      current.text += ' ';
    }
    const lead = item.str.length - item.str.trimStart().length;
    const body = item.str.trim();
    if (current.text !== '' && lead > 0 && !/\s$/.test(current.text)) current.text += ' ';
    current.pieces.push({ start: current.text.length, page, item: item.index, from: lead, to: lead + body.length });
    current.text += body;
    const chars = fonts.get(current)!;
    chars.set(item.font ?? '', (chars.get(item.font ?? '') ?? 0) + body.length);
    current.x0 = Math.min(current.x0, item.x);
    current.x1 = Math.max(current.x1, item.x + item.width);
    current.top = Math.min(current.top, item.y - item.size);
    current.bottom = Math.max(current.bottom, item.y + 0.25 * item.size);
    if (item.size > current.size && item.str.trim().length > 1) {
      current.size = item.size;
      current.y = item.y;
    }
  }
  for (const [line, chars] of fonts) line.font = [...chars].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
  return lines;
}
