import { readingOrder } from './columns';
import { linesOf } from './lines';
import { blocksOf } from './paragraphs';
import { withoutRunningLines } from './running';
import type { Block, PageText } from './types';

/**
 * The blocks of a document's pages in the order a person reads them: lines from pdf.js's text
 * items, running headers, footers and page numbers left out, columns read one after the other,
 * paragraphs joined across line ends (and hyphens), columns, pages and figures.
 */
export function readingBlocks(pages: readonly PageText[]): Block[] {
  const kept = withoutRunningLines(pages.map((page) => ({ height: page.height, lines: linesOf(page.page, page.items) })));
  const ordered = kept.flatMap((lines) => {
    const rtl = lines.filter((line) => line.rtl).length > lines.length / 2;
    return readingOrder(lines, rtl);
  });
  return blocksOf(ordered);
}
