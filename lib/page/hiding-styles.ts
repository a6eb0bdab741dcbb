import { length } from './clip-shapes';

// What computed styles say about an element's text being seen, read without layout.

/** Text set smaller than this (CSS px) cannot be read. */
const MIN_FONT_PX = 2;
/** A transform that shrinks an element below this factor leaves nothing readable. */
const MIN_SCALE = 0.05;

/** The element (or shadow host) a node is drawn inside. */
export function parentOf(node: Node): Element | null {
  if (node.parentElement) return node.parentElement;
  const parent = node.parentNode as (Node & { host?: Element }) | null;
  return parent?.host ?? null;
}

/** A `<details>` without `open`. */
export function isClosedDetails(element: Element): boolean {
  return element.tagName.toUpperCase() === 'DETAILS' && !element.hasAttribute('open');
}

/** Whether an element is the hidden part of a closed `<details>` (anything but its first summary). */
export function isClosedDetailsContent(element: Element): boolean {
  const parent = element.parentElement;
  if (!parent || !isClosedDetails(parent)) return false;
  const summary = Array.from(parent.children).find((child) => child.tagName.toUpperCase() === 'SUMMARY');
  return element !== summary;
}

/** A computed opacity as a number (1 when unset). */
export function opacityOf(value: string): number {
  const number = Number.parseFloat(value);
  return Number.isFinite(number) ? number : 1;
}

/** Whether a computed value is set to something other than `none`. */
export const isSet = (value: string | undefined) => Boolean(value) && value !== 'none';

/** A transform or `scale` that shrinks the element to (almost) nothing on either axis. */
export function isShrunk(transform: string, scale: string): boolean {
  const matrix = isSet(transform) ? /^matrix(3d)?\(([^)]*)\)/.exec(transform) : null;
  if (matrix) {
    const v = matrix[2]!.split(',').map(Number);
    const [a, b, c, d] = matrix[1] ? [v[0], v[1], v[4], v[5]] : [v[0], v[1], v[2], v[3]];
    if (Math.hypot(a ?? 1, b ?? 0) < MIN_SCALE || Math.hypot(c ?? 0, d ?? 1) < MIN_SCALE) return true;
  }
  if (!isSet(scale)) return false;
  const factors = scale.trim().split(/\s+/).slice(0, 2).map((f) => (f.endsWith('%') ? Number.parseFloat(f) / 100 : Number.parseFloat(f)));
  return factors.some((f) => Number.isFinite(f) && Math.abs(f) < MIN_SCALE);
}

/** What an element's style does to the text directly inside it: hides it, moves it (measure it), or nothing. */
export type TextEffect = 'hidden' | 'indented' | 'plain';

/**
 * Text set too small to read is hidden; in a selection, so is text that cannot be selected
 * (`user-select: none`, inherited in Chrome, where a child can turn it back on).
 */
export function textEffect(style: CSSStyleDeclaration | null, selection: boolean): TextEffect {
  if (!style) return 'plain';
  if ((length(style.fontSize, 0) ?? MIN_FONT_PX) < MIN_FONT_PX) return 'hidden';
  if (selection && (style.userSelect || style.webkitUserSelect) === 'none') return 'hidden';
  return ['', '0px', '0%'].includes(style.textIndent) ? 'plain' : 'indented';
}

/** Whether top/left/right/bottom move a positioned element by a pixel or more. */
export function hasOffset(style: CSSStyleDeclaration): boolean {
  return [style.top, style.left, style.right, style.bottom].some((v) => Math.abs(length(v ?? '', 0) ?? 0) >= 1);
}

/** Whether fixed descendants are placed by this box instead of the viewport (and absolute ones too). */
export function holdsFixed(style: CSSStyleDeclaration, transformed: boolean): boolean {
  return transformed || isSet(style.rotate) || isSet(style.filter) || isSet(style.perspective) || /\b(paint|layout|strict|content)\b/.test(style.contain ?? '');
}
