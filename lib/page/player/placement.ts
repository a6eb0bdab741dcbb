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

/** A paragraph as the "Read from here" button sees it: its box, its text's first and last lines, the free space above it. */
export interface ParagraphShape {
  box: Box;
  /** The first and last line of its text (null: none measured). */
  firstLine: Box | null;
  lastLine: Box | null;
  /** Pixels between it and what is above it on the page (the text before it). */
  spaceAbove: number;
}

/** The lowest the "Read from here" button is made to fit a gap or a line (its 12 px text still fits). */
export const JUMP_MIN_HEIGHT_PX = 14;

/**
 * Where the "Read from here" button goes for a paragraph, and how tall it is there: always on
 * empty space, never over text. Beside its first line in the margin before it (after it, right
 * to left), else in the margin after it; else in the gap above it; else after the end of its last
 * line, or of its first, when the line leaves room. In a gap or on a line it is made no taller
 * than the space (down to JUMP_MIN_HEIGHT_PX). Null when there is no such space (no margins, no
 * gap, full lines): the player's own *Read from here* button does the jump then.
 */
export function jumpButtonPlace(
  paragraph: ParagraphShape,
  size: { width: number; height: number },
  view: { width: number },
  rtl: boolean,
): { left: number; top: number; height: number } | null {
  const { box } = paragraph;
  const fits = (left: number) => left >= 0 && left + size.width <= view.width;
  const firstTop = paragraph.firstLine ? paragraph.firstLine.top + (paragraph.firstLine.height - size.height) / 2 : box.top;
  const before = rtl ? box.left + box.width + GAP_PX : box.left - GAP_PX - size.width;
  const after = rtl ? box.left - GAP_PX - size.width : box.left + box.width + GAP_PX;
  if (fits(before)) return { left: before, top: Math.max(0, firstTop), height: size.height };
  if (fits(after)) return { left: after, top: Math.max(0, firstTop), height: size.height };
  const start = rtl ? box.left + box.width - size.width : box.left;
  const clamped = Math.min(Math.max(0, start), Math.max(0, view.width - size.width));
  // In the gap above, a pixel clear of the text on each side.
  const gapHeight = Math.min(size.height, paragraph.spaceAbove - 2);
  if (gapHeight >= JUMP_MIN_HEIGHT_PX && box.top - 1 - gapHeight >= 0) return { left: clamped, top: box.top - 1 - gapHeight, height: gapHeight };
  // Room at the end of a line, inside the paragraph's box, as tall as the line.
  for (const line of [paragraph.lastLine, paragraph.firstLine]) {
    if (!line) continue;
    const height = Math.min(size.height, line.height);
    const left = rtl ? line.left - GAP_PX - size.width : line.left + line.width + GAP_PX;
    const inside = rtl ? left >= Math.max(0, box.left) : left + size.width <= Math.min(view.width, box.left + box.width);
    const top = line.top + (line.height - height) / 2;
    if (height >= JUMP_MIN_HEIGHT_PX && inside && fits(left) && top >= 0) return { left, top, height };
  }
  return null;
}
