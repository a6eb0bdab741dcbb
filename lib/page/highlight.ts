import { type TextMap, type TextMark, rangeForText } from './text-map';
import { createShadowHost, setShadowStyles, type ShadowHost } from './shadow-host';
import { offsetAtCaret, type Caret } from './caret';

/** The name of our entry in the page's highlight registry (and of the `::highlight()` rule). */
export const HIGHLIGHT_NAME = 'voxlate-reading';
/** The word being spoken, painted over the sentence's highlight. */
export const WORD_HIGHLIGHT_NAME = 'voxlate-word';

// Dark text on yellow reads on light and dark pages alike; the word is a deeper amber with an
// underline (not told by colour alone); forced-colors mode uses system colors.
const HIGHLIGHT_CSS = `
::highlight(${HIGHLIGHT_NAME}) { background-color: #ffe45c; color: #111111; }
::highlight(${WORD_HIGHLIGHT_NAME}) { background-color: #ffb020; color: #111111; text-decoration: underline 2px; }
@media (forced-colors: active) {
  ::highlight(${HIGHLIGHT_NAME}) { background-color: Highlight; color: HighlightText; }
  ::highlight(${WORD_HIGHLIGHT_NAME}) { background-color: Mark; color: MarkText; text-decoration: underline 2px; }
}
`;

const sheets = new WeakMap<Document, CSSStyleSheet>();

/**
 * Paints `range` (or ranges) with the CSS Custom Highlight API (the page's DOM is not touched) and scrolls it
 * to the middle of the viewport if it is off screen. Does nothing where the API is missing.
 */
export function paintHighlight(range: Range | readonly Range[], scroll = true, name = HIGHLIGHT_NAME): void {
  const ranges = Array.isArray(range) ? (range as readonly Range[]) : [range as Range];
  const first = ranges[0];
  if (!first) return;
  const doc = first.startContainer.ownerDocument;
  const view = doc?.defaultView;
  // Optional chaining throughout: engines and test DOMs may lack CSS, highlights or Highlight.
  const highlights = view?.CSS?.highlights;
  if (!doc || !view || !highlights || typeof view.Highlight !== 'function') return;
  try {
    adoptHighlightStyle(doc, view);
  } catch {
    // Without our rule the highlight is registered but unpainted: reading still works.
  }
  // Several ranges where a sentence's pieces are apart in the DOM (a PDF's text layer).
  const highlight = new view.Highlight(...ranges);
  // The word goes over the sentence.
  if (name === WORD_HIGHLIGHT_NAME) highlight.priority = 1;
  highlights.set(name, highlight);
  if (scroll) scrollIntoViewIfOutside(first, view);
}

/** Paints the word being spoken (never scrolls: the sentence's highlight does). */
export function paintWordHighlight(range: Range | readonly Range[]): void {
  paintHighlight(range, false, WORD_HIGHLIGHT_NAME);
}

/** Removes our highlights (the sentence's and the word's) from `doc`, if any. */
export function clearPaintedHighlight(doc: Document): void {
  doc.defaultView?.CSS?.highlights?.delete(HIGHLIGHT_NAME);
  clearWordHighlight(doc);
}

/** Removes the word's highlight from `doc`, if any. */
export function clearWordHighlight(doc: Document): void {
  doc.defaultView?.CSS?.highlights?.delete(WORD_HIGHLIGHT_NAME);
}

function adoptHighlightStyle(doc: Document, view: Window & typeof globalThis): void {
  let sheet = sheets.get(doc);
  if (!sheet) {
    sheet = new view.CSSStyleSheet();
    sheet.replaceSync(HIGHLIGHT_CSS);
    sheets.set(doc, sheet);
  }
  // Checked on every paint because pages may reassign adoptedStyleSheets and drop ours.
  if (doc.adoptedStyleSheets.includes(sheet)) return;
  try {
    doc.adoptedStyleSheets.push(sheet);
  } catch {
    // Older engines expose a frozen array that can only be replaced.
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  }
}

function scrollIntoViewIfOutside(range: Range, view: Window): void {
  const rect = range.getBoundingClientRect();
  const outside = rect.bottom < 0 || rect.top > view.innerHeight || rect.right < 0 || rect.left > view.innerWidth;
  if (!outside) return;
  const node = range.startContainer;
  const element = node.nodeType === Node.ELEMENT_NODE ? (node as Element) : node.parentElement;
  const smooth = !view.matchMedia('(prefers-reduced-motion: reduce)').matches;
  element?.scrollIntoView({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
}

/** Text read from the page, and how to show on the page which part of it is being read. */
export interface PageSource {
  kind: 'selection' | 'field' | 'article';
  /** The text to speak/translate. For 'article': the title, a blank line, then the article's paragraphs separated by blank lines. */
  text: string;
  /** Page title (document.title, or the article title). */
  title: string;
  /** A language hint from the closest lang attribute (e.g. 'fr', 'ja'), or null. */
  languageHint: string | null;
  /**
   * Highlights text[start, end) on the live page (no DOM change) and, unless `scroll` is false,
   * scrolls it into view if it is outside the viewport. Safe to call with offsets that map to nothing (no-op).
   */
  highlight(start: number, end: number, scroll?: boolean): void;
  /** Highlights the word at text[start, end) over the sentence's (no scrolling); (-1, -1) takes it away. */
  highlightWord?(start: number, end: number): void;
  clearHighlight(): void;
  /** Offsets in `text` where hidden text was left out (for comparing with what the browser reported). */
  gaps?: readonly number[];
  /** Code and table cells in `text`, for the reading's cleanup rules. */
  marks?: readonly TextMark[];
  /** The text is what the browser reported as selected, not read from the page: nothing to highlight or replace. */
  reported?: boolean;
  /** A live range over text[start, end), or null (where the in-page player must not cover it). */
  rangeFor?(start: number, end: number): Range | null;
  /** Offset in `text` of the first character that comes from inside `element`, or null ("Read from here"). */
  offsetIn?(element: Element): number | null;
  /** The offset in `text` of the first character at or after a place on the page (see offsetAtCaret). */
  offsetAt?(caret: Caret): number | null;
}

/** A PageSource over text built from the page's DOM, highlighting through its map. */
export function mappedSource(
  kind: 'selection' | 'article',
  map: TextMap,
  details: { doc: Document; title: string; languageHint: string | null },
): PageSource {
  return {
    kind,
    text: map.text,
    title: details.title,
    languageHint: details.languageHint,
    gaps: map.gaps,
    marks: map.marks,
    highlight(start, end, scroll) {
      const range = rangeForText(map, start, end);
      // A sentence with nothing to show clears the previous one rather than leave it lit.
      if (range) paintHighlight(range, scroll);
      else clearPaintedHighlight(details.doc);
    },
    highlightWord(start, end) {
      const range = start < end ? rangeForText(map, start, end) : null;
      if (range) paintWordHighlight(range);
      else clearWordHighlight(details.doc);
    },
    clearHighlight: () => clearPaintedHighlight(details.doc),
    rangeFor: (start, end) => rangeForText(map, start, end),
    offsetIn: (element) => map.runs.find((run) => run.node && element.contains(run.node))?.start ?? null,
    offsetAt: (caret) => offsetAtCaret(map, caret),
  };
}

const OVERLAY_CSS = `
:host { all: initial; }
.overlay {
  all: initial; box-sizing: border-box; position: fixed; z-index: 2147483647; pointer-events: none;
  max-width: min(480px, calc(100vw - 16px)); padding: 6px 10px; border-radius: 6px;
  background: #ffe45c; color: #111111; box-shadow: 0 2px 10px rgba(0, 0, 0, 0.3);
  font: 400 14px/20px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; white-space: pre-wrap; overflow-wrap: anywhere;
}
`;

const GAP_PX = 6;

/** A box next to a form field showing the sentence being read, which a Highlight cannot paint inside a field. */
export interface FieldOverlay {
  show(text: string): void;
  remove(): void;
}

/**
 * Creates the overlay for `field` lazily: nothing is added to the page until `show` is called.
 * It sits below the field, or above it when there is no room below, and ignores the pointer so it
 * never blocks typing. Hidden from assistive technology: the same sentence is being spoken.
 */
export function createFieldOverlay(field: HTMLElement): FieldOverlay {
  let shadow: ShadowHost | null = null;
  let box: HTMLElement | null = null;
  return {
    show(text) {
      const doc = field.ownerDocument;
      if (!shadow || !box) {
        shadow = createShadowHost(doc, 'voxlate-field-overlay', { topLayer: false });
        setShadowStyles(shadow.root, OVERLAY_CSS);
        box = doc.createElement('div');
        box.className = 'overlay';
        box.setAttribute('aria-hidden', 'true');
        shadow.root.append(box);
      }
      box.textContent = text;
      place(box, field);
    },
    remove() {
      shadow?.remove();
      shadow = null;
      box = null;
    },
  };
}

function place(box: HTMLElement, field: HTMLElement): void {
  const view = field.ownerDocument.defaultView;
  const rect = field.getBoundingClientRect();
  const height = box.getBoundingClientRect().height;
  const roomBelow = (view?.innerHeight ?? Infinity) - rect.bottom;
  const top = roomBelow >= height + GAP_PX ? rect.bottom + GAP_PX : Math.max(0, rect.top - height - GAP_PX);
  box.style.setProperty('top', `${Math.round(top)}px`);
  box.style.setProperty('left', `${Math.round(Math.max(8, rect.left))}px`);
}
