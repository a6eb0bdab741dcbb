import { caretAtPoint, caretOf, type Caret } from './caret';
import { mappedSource, type PageSource } from './highlight';
import { closestLanguage } from './page-language';
import { appendVisibleText, TextMapBuilder } from './text-map';

/** How long a right-click's place is taken as where "Read aloud from here" should start. */
const POINT_FRESH_MS = 30_000;

/** The text to read "from here", and where in it the reading starts. */
export interface FromHere {
  source: PageSource;
  startOffset: number;
}

/**
 * The article (found by `readArticle`, when the article script is there) or else the page's
 * visible text, and the offset in it of the first character at or after `caret`. A caret after
 * all of the text gives its length (nothing left to read: the background says so); no caret at
 * all reads from the start.
 */
export function readFromHere(doc: Document, readArticle: ((doc: Document) => PageSource | null) | null, caret: Caret | null): FromHere | null {
  const source = readArticle?.(doc) ?? readPageText(doc);
  if (!source) return null;
  const offset = caret ? source.offsetAt?.(caret) : 0;
  return { source, startOffset: offset ?? source.text.length };
}

/** The visible text of the whole page, mapped for highlighting: for pages with no article. */
export function readPageText(doc: Document): PageSource | null {
  if (!doc.body) return null;
  const builder = new TextMapBuilder();
  appendVisibleText(builder, doc.body);
  const map = builder.build();
  if (!map.text) return null;
  return mappedSource('article', map, { doc, title: doc.title, languageHint: closestLanguage(doc.documentElement) });
}

/** Where the user last opened the context menu in this frame, kept in the frame's extension world. */
const POINT_KEY = Symbol.for('voxlate.contextMenuPoint');
type PointScope = { [POINT_KEY]?: { caret: Caret | null; at: number } };

/**
 * The caret to start "from here" at in `win`: where the user last opened the context menu while
 * that is fresh (noted by `watchContextMenu`, where the page script runs), else the selection's
 * caret. The here probe (here-probe.ts) and the page script ask the same.
 */
export function hereCaret(win: Window, now: () => number = Date.now): Caret | null {
  const last = (globalThis as PointScope)[POINT_KEY];
  return last?.caret && now() - last.at < POINT_FRESH_MS ? last.caret : caretOf(win);
}

/**
 * Keeps where the user last opened the context menu in this frame (a right-click does not move the
 * caret in every browser) and returns the caret to start "from here" at (see `hereCaret`). Only
 * works where the page script already runs; elsewhere the caret alone tells.
 */
export function watchContextMenu(win: Window, signal: AbortSignal, now: () => number = Date.now): () => Caret | null {
  win.addEventListener('contextmenu', (event) => ((globalThis as PointScope)[POINT_KEY] = { caret: caretAtPoint(win.document, event.clientX, event.clientY), at: now() }), {
    capture: true,
    passive: true,
    signal,
  });
  return () => hereCaret(win, now);
}
