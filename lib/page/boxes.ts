

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

// Where content can show: the areas clipping boxes and the viewport leave. Measures only what
// the caller already decided to measure (see Visibility).

/**
 * Where what is drawn inside an element can still be seen: the page area scrolling reaches (or
 * the viewport, for fixed elements), narrowed by every box that clips it. `cuts` says something
 * is known to be cut off (a clipping box whose content overflows it, a clip shape): then every
 * element and text inside is measured against `box`; otherwise only moved ones are.
 */
export interface Area {
  box: Box;
  cuts: boolean;
}

/** How a clipping box treats overflow on each axis (computed overflow-x / overflow-y). */
export type Overflow = { x: string; y: string };

const CLIPPING_DISPLAY = /^(block|inline-block|flow-root|list-item|flex|inline-flex|grid|inline-grid|table-cell|table-caption)$/;

/** The overflow of a box that clips its content, or null when it does not. */
export function clipsOverflow(element: Element, style: CSSStyleDeclaration, display: string): Overflow | null {
  const doc = element.ownerDocument;
  // The root's and the body's overflow belong to the viewport (see Visibility.rootOf).
  if (element === doc.documentElement || element === doc.body || !CLIPPING_DISPLAY.test(display)) return null;
  const paint = /\b(paint|strict|content)\b/.test(style.contain ?? '');
  // The shorthand answers for both axes at once in the common case.
  if (style.overflow === 'visible' && !paint) return null;
  const x = style.overflowX || 'visible';
  const y = style.overflowY || 'visible';
  if (paint) return { x: x === 'visible' ? 'clip' : x, y: y === 'visible' ? 'clip' : y };
  return x === 'visible' && y === 'visible' ? null : { x, y };
}

/**
 * Where a clipping box lets its content show: its padding box on an axis it hides, the area its
 * scrolling reaches on an axis it scrolls. Null when that leaves nothing (a 1px box).
 */
export function overflowArea(element: Element, rect: Box, overflow: Overflow): Area | null {
  const left = rect.left + element.clientLeft;
  const top = rect.top + element.clientTop;
  const axis = (mode: string, start: number, size: number, scrolled: number, extent: number): [number, number] => {
    if (mode === 'visible') return [-Infinity, Infinity];
    if (mode === 'hidden' || mode === 'clip') return [start, start + size];
    return [start - scrolled, start - scrolled + extent];
  };
  const [l, r] = axis(overflow.x, left, element.clientWidth, element.scrollLeft, element.scrollWidth);
  const [t, b] = axis(overflow.y, top, element.clientHeight, element.scrollTop, element.scrollHeight);
  if ((overflow.x !== 'visible' && element.clientWidth < 2) || (overflow.y !== 'visible' && element.clientHeight < 2)) return null;
  const hides = (mode: string) => mode === 'hidden' || mode === 'clip';
  const cuts = (hides(overflow.x) && element.scrollWidth > element.clientWidth + 1) || (hides(overflow.y) && element.scrollHeight > element.clientHeight + 1);
  return { box: { left: l, top: t, right: r, bottom: b }, cuts };
}

/** Whether the page scrolls on each axis (the root's overflow, or the body's when the root's is visible). */
export function viewportOverflow(view: Window, doc: Document): { x: boolean; y: boolean } {
  let style = view.getComputedStyle(doc.documentElement);
  if (style.overflowX === 'visible' && style.overflowY === 'visible' && doc.body) style = view.getComputedStyle(doc.body);
  const scrolls = (mode: string) => mode !== 'hidden' && mode !== 'clip';
  return { x: scrolls(style.overflowX), y: scrolls(style.overflowY) };
}

/** Both areas at once (null: no limit). */
export function meet(a: Area | null, b: Area | null): Area | null {
  if (!a) return b;
  if (!b) return a;
  return { box: intersect(a.box, b.box), cuts: a.cuts || b.cuts };
}

/** A DOMRect as a plain box. */
export function boxOf(rect: DOMRectReadOnly): Box {
  return { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
}

// Computed `clip-path` and `clip` values, read as the part of an element's own box (width ×
// height, origin at its top left) left visible. Only what the values say is used: no layout.
// Shapes that cannot be measured this way (url(), path(), shape()) give null: not known to clip.

/** The visible part of an element under its computed `clip-path`, or null when unknown or none. */
export function clipPathBox(value: string, width: number, height: number): Box | null {
  const shape = /^\s*(inset|circle|ellipse|polygon|rect|xywh)\((.*)\)/.exec(value);
  if (!shape) return null;
  const [, name, args] = shape as unknown as [string, string, string];
  if (name === 'inset') return insetBox(args, width, height);
  if (name === 'circle') return ellipseBox(args, width, height, true);
  if (name === 'ellipse') return ellipseBox(args, width, height, false);
  if (name === 'polygon') return polygonBox(args, width, height);
  if (name === 'xywh') return xywhBox(args, width, height);
  return rectBox(words(args.split(/\s+round\s/)[0]!), width, height);
}

/** The visible part of an absolutely positioned element under its computed `clip: rect(…)`, or null. */
export function legacyClipBox(value: string, width: number, height: number): Box | null {
  const rect = /^\s*rect\(([^)]*)\)/.exec(value);
  return rect ? rectBox(words(rect[1]!), width, height) : null;
}

function insetBox(args: string, width: number, height: number): Box | null {
  const [t = '', r = t, b = t, l = r] = words(args.split(/\s+round\s/)[0]!);
  const [top, right, bottom, left] = [length(t, height), length(r, width), length(b, height), length(l, width)];
  if (top === null || right === null || bottom === null || left === null) return null;
  return { left, top, right: width - right, bottom: height - bottom };
}

/** rect(top right bottom left), each from the top or left edge; `auto` is the edge itself. */
function rectBox(parts: string[], width: number, height: number): Box | null {
  if (parts.length !== 4) return null;
  const edge = (p: string, size: number, auto: number) => (p === 'auto' ? auto : length(p, size));
  const [top, right, bottom, left] = [edge(parts[0]!, height, 0), edge(parts[1]!, width, width), edge(parts[2]!, height, height), edge(parts[3]!, width, 0)];
  if (top === null || right === null || bottom === null || left === null) return null;
  return { left, top, right, bottom };
}

function xywhBox(args: string, width: number, height: number): Box | null {
  const [x, y, w, h] = words(args.split(/\s+round\s/)[0]!);
  const values = [length(x ?? '', width), length(y ?? '', height), length(w ?? '', width), length(h ?? '', height)];
  if (values.some((v) => v === null)) return null;
  const [left, top, across, down] = values as number[];
  return { left: left!, top: top!, right: left! + across!, bottom: top! + down! };
}

function ellipseBox(args: string, width: number, height: number, circle: boolean): Box | null {
  const [radii = '', position = ''] = args.split(/\bat\b/).map((part) => part.trim());
  const center = positionOf(position, width, height);
  const [first, second] = words(radii);
  const sidesX = [Math.abs(center.x), Math.abs(width - center.x)];
  const sidesY = [Math.abs(center.y), Math.abs(height - center.y)];
  const rx = circle ? radius(first, [...sidesX, ...sidesY], Math.hypot(width, height) / Math.SQRT2) : radius(first, sidesX, width);
  const ry = circle ? rx : radius(second, sidesY, height);
  if (rx === null || ry === null) return null;
  return { left: center.x - rx, top: center.y - ry, right: center.x + rx, bottom: center.y + ry };
}

/** A radius: a length, or the distance to the closest side (the default) or the farthest one. */
function radius(value: string | undefined, sides: number[], percentOf: number): number | null {
  if (value === undefined || value === 'closest-side') return Math.min(...sides);
  if (value === 'farthest-side') return Math.max(...sides);
  return length(value, percentOf);
}

function positionOf(value: string, width: number, height: number): { x: number; y: number } {
  const keywords: Record<string, number> = { left: 0, top: 0, center: 50, right: 100, bottom: 100 };
  const [x = 'center', y = 'center'] = words(value);
  const at = (p: string, size: number) => (p in keywords ? (keywords[p]! / 100) * size : (length(p, size) ?? size / 2));
  return { x: at(x, width), y: at(y, height) };
}

/** The polygon's bounding box, or an empty box when its points enclose no area. */
function polygonBox(args: string, width: number, height: number): Box | null {
  const points = args.replace(/^\s*(nonzero|evenodd)\s*,/, '').split(',').map((pair) => {
    const [x = '', y = ''] = words(pair);
    return [length(x, width), length(y, height)] as const;
  });
  if (points.length < 3 || points.some(([x, y]) => x === null || y === null)) return null;
  const xs = points.map(([x]) => x!);
  const ys = points.map(([, y]) => y!);
  // Shoelace formula: points all on one line enclose nothing, whatever their extent.
  const area = Math.abs(xs.reduce((sum, x, i) => sum + x * ys[(i + 1) % ys.length]! - xs[(i + 1) % xs.length]! * ys[i]!, 0)) / 2;
  if (area < 1) return { left: xs[0]!, top: ys[0]!, right: xs[0]!, bottom: ys[0]! };
  return { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) };
}

/** Space- or comma-separated values, keeping `calc( … )` whole. */
function words(value: string): string[] {
  const found: string[] = [];
  let depth = 0;
  let word = '';
  for (const char of value) {
    if (char === '(') depth++;
    if (char === ')') depth--;
    if (depth === 0 && /[\s,]/.test(char)) {
      if (word) found.push(word);
      word = '';
    } else word += char;
  }
  if (word) found.push(word);
  return found;
}

/** A computed length in px: `12px`, `50%` (of `size`), `0`, or `calc(50% + 4px)`; null otherwise. */
export function length(value: string, size: number): number | null {
  const calc = /^calc\((.*)\)$/.exec(value.trim());
  if (calc) {
    let total = 0;
    for (const term of calc[1]!.replace(/\s+-\s+/g, ' + -').split(/\s+\+\s+/)) {
      const part = length(term, size);
      if (part === null) return null;
      total += part;
    }
    return total;
  }
  const match = /^(-?[\d.]+(?:e-?\d+)?)(px|%)?$/.exec(value.trim());
  if (!match) return null;
  const number = Number(match[1]);
  if (!Number.isFinite(number)) return null;
  if (match[2] === '%') return (number / 100) * size;
  return match[2] === 'px' || number === 0 ? number : null;
}
