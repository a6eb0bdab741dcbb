import { joinsWithoutSpace, type Line } from './lines';
import { median } from './columns';
import type { Block, Piece } from './types';

const caption = /^(?:fig(?:ure)?\.?|table|abbildung|tabelle|tabla|figura|図|表)\s*[\dIVX]+/i;
const sentenceEnd = /[.!?。！？:;…"”’)」』）】]$/;

/**
 * Groups lines in reading order into blocks: a new block where the gap above a line is wider than
 * the lines' own spacing, the font size changes (a heading), a line is indented after a full one
 * (from the right, for right-to-left lines), or the line before ended short on a full stop. A word
 * hyphenated at a line's end is joined. A paragraph cut by a column, a page or a figure goes on in
 * the next block that starts in lower case: the two are joined, and what stood between them (a
 * caption) comes after.
 */
export function blocksOf(lines: readonly Line[]): Block[] {
  const body = median(lines.map((line) => line.size)) || 1;
  const bodyFont = mostCommon(lines.map((line) => [line.font, line.text.length] as const));
  // The space between the lines of a paragraph, as this document sets them.
  const gaps = lines.slice(1).map((line, i) => line.top - lines[i]!.bottom).filter((gap, i) => lines[i]!.page === lines[i + 1]!.page && Math.abs(gap) < body);
  const spacing = median(gaps);
  const groups: Line[][] = [];
  for (const line of lines) {
    const group = groups.at(-1);
    const prev = group?.at(-1);
    if (group && prev && continues(prev, line, group, spacing)) group.push(line);
    else groups.push([line]);
  }
  const blocks = groups.map((group) => blockOf(group, body, bodyFont));
  return joinBrokenParagraphs(blocks);
}

function continues(prev: Line, line: Line, group: Line[], spacing: number): boolean {
  if (prev.page !== line.page) return false;
  const size = Math.max(prev.size, line.size);
  // Another size or another font: a heading and its text.
  if (Math.abs(prev.size - line.size) > 0.08 * size || prev.font !== line.font) return false;
  const gap = line.top - prev.bottom;
  if (gap > spacing + 0.3 * size || gap < -size) return false;
  // Side by side or far apart: another column.
  if (line.x0 > prev.x1 || line.x1 < prev.x0) return false;
  if (caption.test(line.text) && !caption.test(group[0]!.text)) return false;
  const width = Math.max(...group.map((l) => l.x1)) - Math.min(...group.map((l) => l.x0));
  const short = prev.x1 - prev.x0 < width - 2 * size;
  if (short && sentenceEnd.test(prev.text)) return false;
  // Indented from where its lines start: the left, or the right on a right-to-left page (whose
  // lines are ragged at the left).
  const indent = prev.rtl && line.rtl ? prev.x1 - line.x1 : line.x0 - prev.x0;
  const indented = indent > 0.8 * size && group.length > 1;
  return !indented;
}

function blockOf(lines: Line[], body: number, bodyFont: string): Block {
  let text = '';
  const pieces: Piece[] = [];
  for (const line of lines) {
    let from = 0;
    if (text !== '') {
      const hyphen = /\p{L}[-\u00ad]$/u.test(text) && /^\p{Ll}/u.test(line.text);
      if (hyphen) text = text.slice(0, -1);
      else if (!joinsWithoutSpace(text, line.text)) text += ' ';
      // A piece that ended at the hyphen loses it too.
      const last = pieces.at(-1);
      if (hyphen && last && last.start + (last.to - last.from) > text.length) last.to -= 1;
      from = text.length;
    }
    for (const piece of line.pieces) pieces.push({ ...piece, start: from + piece.start });
    text += line.text;
  }
  const size = median(lines.map((line) => line.size));
  const standsOut = size > 1.08 * body || lines[0]!.font !== bodyFont;
  const kind = caption.test(text) ? 'caption' : standsOut && text.length < 200 && !/[.,;]$/.test(text) ? 'heading' : 'paragraph';
  const box = { page: lines[0]!.page, x0: Math.min(...lines.map((l) => l.x0)), top: Math.min(...lines.map((l) => l.top)), x1: Math.max(...lines.map((l) => l.x1)), bottom: Math.max(...lines.map((l) => l.bottom)) };
  return { kind, text, page: lines[0]!.page, pieces, boxes: [box], size };
}

function joinBrokenParagraphs(blocks: Block[]): Block[] {
  const out: Block[] = [];
  const held: Block[] = [];
  for (const block of blocks) {
    const open = out.at(-1);
    if (block.kind === 'caption' && open?.kind === 'paragraph' && !sentenceEnd.test(open.text)) {
      held.push(block);
      continue;
    }
    if (open?.kind === 'paragraph' && block.kind === 'paragraph' && !sentenceEnd.test(open.text) && /^\p{Ll}/u.test(block.text)) {
      out[out.length - 1] = joined(open, block);
    } else {
      out.push(...held.splice(0), block);
      continue;
    }
    out.push(...held.splice(0));
  }
  return [...out, ...held];
}

function joined(a: Block, b: Block): Block {
  const hyphen = /\p{L}[-\u00ad]$/u.test(a.text) && /^\p{Ll}/u.test(b.text);
  const head = hyphen ? a.text.slice(0, -1) : `${a.text} `;
  const pieces = a.pieces.map((piece) => ({ ...piece }));
  const last = pieces.at(-1);
  if (hyphen && last && last.start + (last.to - last.from) > head.length) last.to -= 1;
  return { ...a, text: head + b.text, pieces: [...pieces, ...b.pieces.map((piece) => ({ ...piece, start: piece.start + head.length }))], boxes: [...a.boxes, ...b.boxes] };
}

function mostCommon(weighted: readonly (readonly [string, number])[]): string {
  const totals = new Map<string, number>();
  for (const [key, weight] of weighted) totals.set(key, (totals.get(key) ?? 0) + weight);
  return [...totals].reduce((a, b) => (b[1] > a[1] ? b : a), ['', -1])[0];
}
