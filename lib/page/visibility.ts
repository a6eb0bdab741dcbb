import { contains, isTooSmall, offsetBox, showsIn, type Box } from './boxes';
import { boxOf, clipsOverflow, meet, overflowArea, viewportOverflow, type Area, type Overflow } from './clip-areas';
import { clipPathBox, legacyClipBox } from './clip-shapes';
import { hasOffset, holdsFixed, isClosedDetails, isClosedDetailsContent, isSet, isShrunk, opacityOf, parentOf, textEffect, type TextEffect } from './hiding-styles';
import { visibleSpan } from './visible-span';

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
      const viewport: Box = { left: 0, top: 0, right: html.clientWidth, bottom: html.clientHeight };
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
