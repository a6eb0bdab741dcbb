/** A rectangle: in viewport coordinates, or in an element's own box for clip shapes. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * Less than this many CSS pixels of width or height shows nothing a person can read: the 1px box
 * of the usual "visually hidden" pattern, a sliver of a glyph at the edge of a clipping box.
 */
export const MIN_VISIBLE_PX = 2;

/** The part two boxes have in common (may be empty: right < left or bottom < top). */
export function intersect(a: Box, b: Box): Box {
  return {
    left: Math.max(a.left, b.left),
    top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
  };
}

/** Whether a box is too thin in either direction to show anything readable. */
export function isTooSmall(box: Box): boolean {
  return box.right - box.left < MIN_VISIBLE_PX || box.bottom - box.top < MIN_VISIBLE_PX;
}

/** Whether enough of `box` lies inside `area` to be read. */
export function showsIn(box: Box, area: Box): boolean {
  return !isTooSmall(intersect(box, area));
}

/** Whether `inner` lies wholly inside `outer`. */
export function contains(outer: Box, inner: Box): boolean {
  return inner.left >= outer.left && inner.right <= outer.right && inner.top >= outer.top && inner.bottom <= outer.bottom;
}

/** Moves a box given in an element's own coordinates to where the element's box is. */
export function offsetBox(box: Box, origin: { left: number; top: number }): Box {
  return { left: box.left + origin.left, top: box.top + origin.top, right: box.right + origin.left, bottom: box.bottom + origin.top };
}
