import { intersect, type Box } from './boxes';

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
