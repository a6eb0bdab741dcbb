import { clearPaintedHighlight, clearWordHighlight, paintHighlight, paintWordHighlight, type PageSource } from '../page/highlight';
import type { Caret } from '../page/caret';
import type { Block, Piece } from './types';

/** What the source needs of the viewer: the text layers pdf.js has drawn, and bringing a page into view. */
export interface TextLayers {
  /**
   * The span of a page's item in its drawn text layer, or null (not drawn now). Its text may be in
   * several nodes (pdf.js splits it around find matches).
   */
  spanOf(page: number, item: number): HTMLElement | null;
  /** The page, item and span of a text-layer node, or null. */
  itemOf(node: Node): { page: number; item: number; span: HTMLElement } | null;
  /** Scrolls a page into view (its text layer gets drawn). */
  show(page: number): void;
  /** Calls back whenever a page's text layer has been drawn; returns what stops it. */
  onDrawn(listener: (page: number) => void): () => void;
}

interface Placed extends Piece {
  /** Offset in the whole text. */
  at: number;
}

/** The text of a PDF's blocks, one paragraph each, as the rest of Voxlate reads an article. */
export function blocksText(blocks: readonly Block[]): string {
  return blocks.map((block) => block.text).join('\n\n');
}

/**
 * A PageSource over a PDF's reading order: its text is the blocks', and its highlight lights the
 * pieces of the reader's text layer a stretch of text came from (several ranges: a sentence's
 * lines are far apart in the layer's order). A page not drawn yet is brought into view, and the
 * highlight is painted when its layer is there.
 */
export function pdfSource(blocks: readonly Block[], layers: TextLayers, details: { doc: Document; title: string; languageHint: string | null }): PageSource {
  const placed: Placed[] = [];
  let offset = 0;
  for (const block of blocks) {
    for (const piece of block.pieces) placed.push({ ...piece, at: offset + piece.start });
    offset += block.text.length + 2;
  }
  let wanted: { start: number; end: number; scroll: boolean } | null = null;
  // The page brought into view for the sentence: painted with a scroll once drawn, and only then.
  let showing: number | null = null;

  const rangesFor = (start: number, end: number): { ranges: Range[]; page: number } | null => {
    const hit = placed.filter((p) => p.at < end && p.at + (p.to - p.from) > start);
    if (hit.length === 0) return null;
    const ranges: Range[] = [];
    for (const piece of hit) {
      const span = layers.spanOf(piece.page, piece.item);
      const from = span && pointIn(span, piece.from + Math.max(0, start - piece.at));
      const to = span && pointIn(span, piece.from + Math.min(piece.to - piece.from, end - piece.at));
      if (!from || !to) continue;
      const range = details.doc.createRange();
      range.setStart(from.node, from.offset);
      range.setEnd(to.node, to.offset);
      ranges.push(range);
    }
    return { ranges, page: hit[0]!.page };
  };

  const paint = (drawn?: number) => {
    if (!wanted) return;
    const found = rangesFor(wanted.start, wanted.end);
    if (!found || (found.ranges.length === 0 && !wanted.scroll)) return clearPaintedHighlight(details.doc);
    // A page drawn as the listener scrolls elsewhere repaints where it is, without pulling them back.
    const scroll = drawn === undefined ? wanted.scroll : drawn === showing;
    if (found.ranges.length > 0) {
      paintHighlight(found.ranges, scroll);
      if (drawn === showing) showing = null;
    } else {
      // Its page is not drawn: shown first, painted once its text layer is there.
      showing = found.page;
      layers.show(found.page);
    }
  };
  layers.onDrawn((page) => paint(page));

  return {
    kind: 'article',
    text: blocksText(blocks),
    title: details.title,
    languageHint: details.languageHint,
    highlight(start, end, scroll = true) {
      wanted = { start, end, scroll };
      paint();
    },
    highlightWord(start, end) {
      const ranges = start < end ? (rangesFor(start, end)?.ranges ?? []) : [];
      if (ranges.length > 0) paintWordHighlight(ranges);
      else clearWordHighlight(details.doc);
    },
    clearHighlight() {
      wanted = null;
      clearPaintedHighlight(details.doc);
    },
    rangeFor(start, end) {
      const ranges = rangesFor(start, end)?.ranges ?? [];
      if (ranges.length === 0) return null;
      const range = details.doc.createRange();
      range.setStart(ranges[0]!.startContainer, ranges[0]!.startOffset);
      range.setEnd(ranges[0]!.endContainer, ranges[0]!.endOffset);
      return range;
    },
    offsetIn(element) {
      const walker = details.doc.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const found = offsetAt({ node, offset: 0 });
        if (found !== null) return found;
      }
      return null;
    },
    offsetAt: (caret) => offsetAt(caret),
  };

  function offsetAt(caret: Caret): number | null {
    const item = layers.itemOf(caret.node);
    if (!item) return null;
    const offset = offsetInSpan(item.span, caret);
    const here = placed.find((p) => p.page === item.page && p.item === item.item && offset < p.to);
    if (here) return here.at + Math.max(0, offset - here.from);
    // A caret on something not read (a header, a page number): the next text read after it.
    const next = placed.find((p) => p.page > item.page || (p.page === item.page && p.item > item.item));
    return next?.at ?? null;
  }
}

/** The text node and offset in it of a span's `offset`-th character (its text may be in several nodes). */
function pointIn(span: HTMLElement, offset: number): { node: Text; offset: number } | null {
  const walker = span.ownerDocument.createTreeWalker(span, NodeFilter.SHOW_TEXT);
  let last: Text | null = null;
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    if (offset <= node.length) return { node, offset };
    offset -= node.length;
    last = node;
  }
  return last && { node: last, offset: last.length };
}

/** A caret's place as an offset in its span's whole text. */
function offsetInSpan(span: HTMLElement, caret: Caret): number {
  if (caret.node.nodeType !== Node.TEXT_NODE) return 0;
  const walker = span.ownerDocument.createTreeWalker(span, NodeFilter.SHOW_TEXT);
  let before = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node === caret.node) return before + caret.offset;
    before += (node as Text).length;
  }
  return 0;
}
