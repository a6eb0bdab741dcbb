import type { PlayerCorner } from './types';

/** A box in viewport pixels. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Space kept between the bar and the window's edges. */
export const EDGE_PX = 16;

/** The part of the viewport the bar must stay in (what a pinch-zoom shows), in viewport px. */
type View = { left?: number; top?: number; width: number; height: number };

/** Where the bar's box is when it sits in `corner` of a `view`-sized window. */
export function boxInCorner(corner: PlayerCorner, size: { width: number; height: number }, view: View): Box {
  const [vertical, horizontal] = corner.split('-') as ['top' | 'bottom', 'left' | 'right'];
  const [x, y] = [view.left ?? 0, view.top ?? 0];
  return {
    left: x + (horizontal === 'left' ? EDGE_PX : Math.max(0, view.width - EDGE_PX - size.width)),
    top: y + (vertical === 'top' ? EDGE_PX : Math.max(0, view.height - EDGE_PX - size.height)),
    ...size,
  };
}

function overlaps(a: Box, b: Box): boolean {
  return a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;
}

const flipVertical = (c: PlayerCorner): PlayerCorner => (c.startsWith('top') ? c.replace('top', 'bottom') : c.replace('bottom', 'top')) as PlayerCorner;
const flipHorizontal = (c: PlayerCorner): PlayerCorner => (c.endsWith('left') ? c.replace('left', 'right') : c.replace('right', 'left')) as PlayerCorner;

/**
 * The corner the bar goes to: the user's, unless the bar would cover the sentence being read
 * (any of its line boxes); then the other edge (top or bottom), then the other side, then the
 * opposite corner. When every corner covers it (a sentence filling the window), the user's.
 */
export function cornerAvoiding(
  preferred: PlayerCorner,
  size: { width: number; height: number },
  view: View,
  sentence: readonly Box[],
): PlayerCorner {
  const candidates = [preferred, flipVertical(preferred), flipHorizontal(preferred), flipHorizontal(flipVertical(preferred))];
  const free = candidates.find((corner) => {
    const box = boxInCorner(corner, size, view);
    return !sentence.some((line) => overlaps(box, line));
  });
  return free ?? preferred;
}

/** The corner nearest to where the bar was dropped (its centre). */
export function nearestCorner(x: number, y: number, view: View): PlayerCorner {
  return `${y - (view.top ?? 0) < view.height / 2 ? 'top' : 'bottom'}-${x - (view.left ?? 0) < view.width / 2 ? 'left' : 'right'}`;
}

/** The next corner, clockwise, for the bar's Move button. */
export function nextCorner(corner: PlayerCorner): PlayerCorner {
  const order: PlayerCorner[] = ['top-left', 'top-right', 'bottom-right', 'bottom-left'];
  return order[(order.indexOf(corner) + 1) % order.length]!;
}

/** Space between a paragraph and the "Read from here" button. */
const GAP_PX = 4;

/**
 * Where the "Read from here" button goes for a paragraph: beside its first line, in the margin
 * before it (after it, right to left), else in the margin after it; on a page with no margin,
 * just above the paragraph; when that is off screen too, inside its end corner.
 */
export function jumpButtonPlace(paragraph: Box, size: { width: number; height: number }, view: { width: number }, rtl: boolean): { left: number; top: number } {
  const before = rtl ? paragraph.left + paragraph.width + GAP_PX : paragraph.left - GAP_PX - size.width;
  const after = rtl ? paragraph.left - GAP_PX - size.width : paragraph.left + paragraph.width + GAP_PX;
  const fits = (left: number) => left >= 0 && left + size.width <= view.width;
  const top = Math.max(0, paragraph.top);
  if (fits(before)) return { left: before, top };
  if (fits(after)) return { left: after, top };
  const start = rtl ? paragraph.left + paragraph.width - size.width : paragraph.left;
  const clamped = Math.min(Math.max(0, start), Math.max(0, view.width - size.width));
  if (paragraph.top - GAP_PX - size.height >= 0) return { left: clamped, top: paragraph.top - GAP_PX - size.height };
  const end = rtl ? paragraph.left : paragraph.left + paragraph.width - size.width;
  return { left: Math.min(Math.max(0, end), Math.max(0, view.width - size.width)), top };
}
