import { contains, isTooSmall, offsetBox, showsIn, type Box, boxOf, clipsOverflow, meet, overflowArea, viewportOverflow, type Area, type Overflow, clipPathBox, legacyClipBox, length } from './boxes';
import { layoutViewport } from './viewport';

// Elements whose text is never read: code, styles, fallback content and form controls' values.
const SKIPPED_TAGS = new Set([
  'SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'HEAD', 'TITLE', 'META', 'LINK', 'SVG', 'CANVAS',
  'IFRAME', 'OBJECT', 'EMBED', 'VIDEO', 'AUDIO', 'TEXTAREA', 'SELECT', 'INPUT', 'BUTTON',
]);

/** Below this opacity (an element's times its ancestors') text cannot be made out. */
const MIN_OPACITY = 0.1;

/** What an element passes on to its content: computed once per element, ancestors first. */
interface State {
  hidden: boolean;
  /** The product of its and its ancestors' opacity. */
  opacity: number;
  /** Whether layout can be measured in this document (a copy or a test DOM has none). */
  measured: boolean;
  /** Where its in-flow content and its text, absolutely positioned and fixed descendants can show. */
  flow: Area | null;
  absolute: Area | null;
  fixed: Area | null;
  /** The style its own text is set in (read only when it has text), null without a window. */
  style: CSSStyleDeclaration | null;
  /** What that style does to its text, once asked (see textEffect). */
  text?: TextEffect;
}

const HIDDEN: State = { hidden: true, opacity: 0, measured: false, flow: null, absolute: null, fixed: null, style: null };

/**
 * Decides, for one walk over a page, which text a person could see. Left out: what is not
 * rendered (skipped tags, `hidden`, `display: none`, `visibility: hidden`, the content of a closed
 * `<details>`, `content-visibility: hidden`), transparent (opacity below 0.1, counting ancestors),
 * too small (font below 2px, shrunk by a transform, a clipping box under 2px), clipped away
 * (`clip-path`, `clip: rect()`, outside an `overflow: hidden` box) and off the page (moved left of
 * or above it, or past an edge it does not scroll to). Screen-reader-only text (the "sr-only"
 * 1px clipped box) is left out too: it is never shown to the sighted person reading along, and
 * pages can hide any amount of it in a selection. Text scrolled out of the viewport, or out of
 * sight inside a scrolling box, is kept: the user can scroll to it. A collapsed `<details>` is
 * not shown, and the browser leaves it out of what it reports as selected, so we do too.
 *
 * Styles are read for every element; layout is read only where a style says an
 * element is moved or clipped, and nothing is written, so the page is laid out at most once.
 * Without a window (Readability's copy) only the markup is checked.
 */
export class Visibility {
  private readonly states = new Map<Element, State>();
  private readonly roots = new Map<Document, State>();

  /**
   * `selection`: the walk reads a selection, which leaves out `user-select: none` text too: the
   * browser neither shows it as selected nor reports it, and it is no part of what was chosen.
   */
  constructor(private readonly selection = false) {}

  /** Whether nothing inside `element` can be seen; its ancestors are checked too (once each). */
  hidesElement(element: Element): boolean {
    return this.stateOf(element).hidden;
  }

  /** The part of the characters [from, to) of `text` a person can see, or null when none. */
  visiblePart(text: Text, from: number, to: number): readonly [number, number] | null {
    const parent = parentOf(text);
    if (!parent) return [from, to];
    const state = this.stateOf(parent);
    if (state.hidden || isClosedDetails(parent)) return null;
    state.text ??= textEffect(state.style, this.selection);
    if (state.text === 'hidden') return null;
    const area = state.flow;
    if (!area || !(area.cuts || state.text === 'indented')) return [from, to];
    const range = text.ownerDocument.createRange();
    return visibleSpan(text.data, from, to, area.box, (a, b) => {
      range.setStart(text, a);
      range.setEnd(text, b);
      return Array.from(range.getClientRects(), boxOf);
    });
  }

  private stateOf(element: Element): State {
    const chain: Element[] = [];
    let known: State | undefined;
    for (let at: Element | null = element; at; at = parentOf(at)) {
      known = this.states.get(at);
      if (known) break;
      chain.push(at);
    }
    let state = known ?? this.rootOf(element.ownerDocument);
    for (let i = chain.length - 1; i >= 0; i--) {
      state = state.hidden ? HIDDEN : this.compute(chain[i]!, state);
      this.states.set(chain[i]!, state);
    }
    return state;
  }

  /** What the page itself allows: the area scrolling reaches, and the viewport for fixed elements. */
  private rootOf(doc: Document): State {
    const known = this.roots.get(doc);
    if (known) return known;
    const view = doc.defaultView;
    const html = doc.documentElement as Element | null;
    let state: State = { hidden: false, opacity: 1, measured: false, flow: null, absolute: null, fixed: null, style: null };
    // No layout: a document without a window, or one nothing was laid out for (a test DOM).
    if (view && html && html.clientWidth > 0) {
      const size = layoutViewport(doc);
      const viewport: Box = { left: 0, top: 0, right: size.width, bottom: size.height };
      const scroller = doc.scrollingElement ?? html;
      const overflow = viewportOverflow(view, doc);
      // An axis the page does not scroll on shows only what is in the viewport now.
      const page: Box = {
        left: overflow.x ? -view.scrollX : 0,
        top: overflow.y ? -view.scrollY : 0,
        right: overflow.x ? scroller.scrollWidth - view.scrollX : viewport.right,
        bottom: overflow.y ? scroller.scrollHeight - view.scrollY : viewport.bottom,
      };
      const reach = { box: page, cuts: false };
      state = { ...state, measured: true, flow: reach, absolute: reach, fixed: { box: viewport, cuts: false } };
    }
    this.roots.set(doc, state);
    return state;
  }

  // Each style property read costs about half a microsecond on a big page: they are read once,
  // the likeliest to hide first, and the text-only ones (font size, indent) only for elements
  // that hold text.
  private compute(element: Element, up: State): State {
    if (SKIPPED_TAGS.has(element.tagName.toUpperCase()) || element.hasAttribute('hidden') || isClosedDetailsContent(element)) return HIDDEN;
    const view = element.ownerDocument.defaultView;
    if (!view) return up;
    const style = view.getComputedStyle(element);
    const display = style.display;
    const visibility = style.visibility;
    if (display === 'none' || visibility === 'hidden' || visibility === 'collapse') return HIDDEN;
    // No box of its own: its opacity, transform and overflow do nothing.
    if (display === 'contents') return { ...up, style, text: undefined };
    const opacity = up.opacity * opacityOf(style.opacity);
    if (opacity < MIN_OPACITY) return HIDDEN;
    // Transforms and content-visibility do not apply to inline boxes (most elements of a text).
    const inline = display === 'inline';
    const transform = inline ? 'none' : style.transform;
    const scale = inline ? 'none' : style.scale;
    if (!inline && (style.contentVisibility === 'hidden' || isShrunk(transform, scale))) return HIDDEN;
    const state: State = { ...up, opacity, style, text: undefined };
    if (!up.measured) return state;

    const position = style.position || 'static';
    const own = position === 'fixed' ? up.fixed : position === 'absolute' ? up.absolute : up.flow;
    const transformed = isSet(transform) || isSet(scale) || (!inline && isSet(style.translate));
    const moved = position === 'absolute' || position === 'fixed' || transformed || (position !== 'static' && hasOffset(style)) || (style.margin ?? '').includes('-');
    const overflow = clipsOverflow(element, style, display);
    const clipPath = style.clipPath;
    const shape = clipPath && clipPath !== 'none' ? clipPath : null;
    const legacy = (position === 'absolute' || position === 'fixed') && style.clip && style.clip !== 'auto' ? style.clip : null;
    if (!moved && !own?.cuts && !overflow && !shape && !legacy) {
      // Positioned or transformed, it is what absolutely positioned content inside is placed in.
      if (position === 'static' && !transformed) return state;
      return { ...state, absolute: state.flow, fixed: transformed ? state.flow : state.fixed };
    }
    return this.measure(element, style, state, up, { own, moved, overflow, shape, legacy, transformed });
  }

  /** The layout checks, for elements whose styles move or clip them (or that sit where something is cut). */
  private measure(element: Element, style: CSSStyleDeclaration, state: State, up: State, found: Found): State {
    const { own, moved, overflow, shape, legacy, transformed } = found;
    const rect = boxOf(element.getBoundingClientRect());
    const width = rect.right - rect.left;
    const height = rect.bottom - rect.top;
    // A box of no size may still show overflowing content: its children are judged one by one.
    if (own && (moved || own.cuts) && width >= 1 && height >= 1 && !showsIn(rect, own.box)) return HIDDEN;

    let cut: Area | null = null;
    for (const local of [shape && clipPathBox(shape, width, height), legacy && legacyClipBox(legacy, width, height)]) {
      if (!local) continue;
      if (isTooSmall(local)) return HIDDEN;
      // A shape that only rounds corners or covers the box cuts nothing worth measuring for.
      const cuts = local.left > 1 || local.top > 1 || local.right < width - 1 || local.bottom < height - 1;
      cut = meet(cut, { box: offsetBox(local, rect), cuts });
    }
    let clip: Area | null = null;
    if (overflow) {
      clip = overflowArea(element, rect, overflow);
      if (!clip) return HIDDEN;
    }
    let flow = meet(meet(own, clip), cut);
    // Moved partly out of sight: what it holds is measured, to keep only the part that shows.
    if (moved && own && flow && !flow.cuts && !contains(own.box, rect)) flow = { ...flow, cuts: true };
    return {
      ...state,
      flow,
      // Absolutely positioned content escapes an overflow clip unless this box is what it is placed in.
      absolute: (style.position || 'static') !== 'static' || holdsFixed(style, transformed) ? flow : meet(up.absolute, cut),
      fixed: holdsFixed(style, transformed) ? flow : meet(up.fixed, cut),
    };
  }
}

/** What the style checks found, for the layout checks. */
interface Found {
  own: Area | null;
  moved: boolean;
  overflow: Overflow | null;
  shape: string | null;
  legacy: string | false | null;
  transformed: boolean;
}

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
