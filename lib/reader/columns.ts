import type { Line } from './lines';

interface Gap {
  at: number;
  size: number;
}

/**
 * Puts a page's lines in reading order: a region with a column gutter (an empty band down it that
 * no line crosses) is read column after column, left to right (right to left on a right-to-left
 * page); otherwise it is cut across at every empty row into bands, read top to bottom, where
 * bands that share a gutter (the parts of a two-column body between which a figure in one column
 * left a gap) are read together as one region. So a paper's title and full-width figures are read
 * where they sit and its columns one after the other.
 */
export function readingOrder(lines: readonly Line[], rtl = false): Line[] {
  if (lines.length <= 1) return [...lines];
  const size = median(lines.map((line) => line.size));
  const gutter = widestGap(lines, 'x');
  if (gutter && gutter.size >= size) {
    const left = lines.filter((line) => line.x1 <= gutter.at);
    const right = lines.filter((line) => line.x1 > gutter.at);
    return rtl ? [...readingOrder(right, rtl), ...readingOrder(left, rtl)] : [...readingOrder(left, rtl), ...readingOrder(right, rtl)];
  }
  const bands = bandsOf(lines);
  if (bands.length === 1) return [...lines].sort((a, b) => a.top - b.top || a.x0 - b.x0);
  const groups: Line[][] = [];
  for (const band of bands) {
    const group = groups.at(-1);
    const gap = group && widestGap([...group, ...band], 'x');
    if (group && gap && gap.size >= size) group.push(...band);
    else groups.push([...band]);
  }
  return groups.flatMap((group) => (group.length === lines.length ? [...group].sort((a, b) => a.top - b.top || a.x0 - b.x0) : readingOrder(group, rtl)));
}

/** The lines cut at every empty row across them, top to bottom. */
function bandsOf(lines: readonly Line[]): Line[][] {
  const sorted = [...lines].sort((a, b) => a.top - b.top);
  const bands: Line[][] = [];
  let reach = -Infinity;
  for (const line of sorted) {
    if (line.top >= reach || bands.length === 0) bands.push([]);
    bands.at(-1)!.push(line);
    reach = Math.max(reach, line.bottom);
  }
  return bands;
}

/** The widest empty band along an axis that no line crosses, or null. */
function widestGap(lines: readonly Line[], axis: 'x' | 'y'): Gap | null {
  const start = (line: Line) => (axis === 'x' ? line.x0 : line.top);
  const end = (line: Line) => (axis === 'x' ? line.x1 : line.bottom);
  const sorted = [...lines].sort((a, b) => start(a) - start(b));
  let reach = end(sorted[0]!);
  let best: Gap | null = null;
  for (const line of sorted.slice(1)) {
    const gap = start(line) - reach;
    if (gap > 0 && (!best || gap > best.size)) best = { at: reach, size: gap };
    reach = Math.max(reach, end(line));
  }
  return best;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
