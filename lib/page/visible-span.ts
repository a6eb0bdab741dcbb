import { contains, showsIn, type Box } from './boxes';

/** The boxes the characters [from, to) of one text are drawn in (a Range's client rects). */
export type RectsOf = (from: number, to: number) => readonly Box[];

/**
 * The part of the characters [from, to) of a text that shows inside `area`, or null when none
 * does. The shown characters are taken to be one run: a clipping box cuts text off below or to
 * the side of what shows, and a text-indent pushes a first line off; it does not punch holes.
 * Whole-text answers take one measure; a partly shown text is bisected (a few dozen measures).
 */
export function visibleSpan(text: string, from: number, to: number, area: Box, rectsOf: RectsOf): readonly [number, number] | null {
  const rects = rectsOf(from, to);
  // Nothing drawn (collapsed whitespace, or text the browser does not lay out): not ours to judge.
  if (rects.length === 0) return [from, to];
  if (rects.every((rect) => contains(area, rect))) return [from, to];
  if (!rects.some((rect) => showsIn(rect, area))) return null;
  const shows = (a: number, b: number) => rectsOf(a, b).some((rect) => showsIn(rect, area));
  // The first character whose prefix shows, and the last whose suffix shows.
  let low = from;
  let high = to - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (shows(from, mid + 1)) high = mid;
    else low = mid + 1;
  }
  const first = low;
  low = first;
  high = to - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (shows(mid, to)) low = mid;
    else high = mid - 1;
  }
  return [widenOverPair(text, first, -1), widenOverPair(text, low + 1, 1)];
}

/** Moves an offset that falls inside a surrogate pair to the pair's edge (`direction` -1: before it). */
function widenOverPair(text: string, offset: number, direction: -1 | 1): number {
  const code = text.charCodeAt(offset);
  const insidePair = offset > 0 && offset < text.length && code >= 0xdc00 && code <= 0xdfff;
  return insidePair ? offset + (direction < 0 ? -1 : 1) : offset;
}
