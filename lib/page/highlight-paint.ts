/** The name of our entry in the page's highlight registry (and of the `::highlight()` rule). */
export const HIGHLIGHT_NAME = 'voxlate-reading';

// Dark text on yellow reads on light and dark pages alike; forced-colors mode uses system colors.
const HIGHLIGHT_CSS = `
::highlight(${HIGHLIGHT_NAME}) { background-color: #ffe45c; color: #111111; }
@media (forced-colors: active) { ::highlight(${HIGHLIGHT_NAME}) { background-color: Highlight; color: HighlightText; } }
`;

const sheets = new WeakMap<Document, CSSStyleSheet>();

/**
 * Paints `range` with the CSS Custom Highlight API (the page's DOM is not touched) and scrolls it
 * to the middle of the viewport if it is off screen. Does nothing where the API is missing.
 */
export function paintHighlight(range: Range): void {
  const doc = range.startContainer.ownerDocument;
  const view = doc?.defaultView;
  // Optional chaining throughout: engines and test DOMs may lack CSS, highlights or Highlight.
  const highlights = view?.CSS?.highlights;
  if (!doc || !view || !highlights || typeof view.Highlight !== 'function') return;
  try {
    adoptHighlightStyle(doc, view);
  } catch {
    // Without our rule the highlight is registered but unpainted: reading still works.
  }
  highlights.set(HIGHLIGHT_NAME, new view.Highlight(range));
  scrollIntoViewIfOutside(range, view);
}

/** Removes our highlight from `doc`, if any. */
export function clearPaintedHighlight(doc: Document): void {
  doc.defaultView?.CSS?.highlights?.delete(HIGHLIGHT_NAME);
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
