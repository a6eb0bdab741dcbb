import type { PDFPageProxy } from 'pdfjs-dist';
import type { PageText, TextItem } from './types';

/**
 * What pdf.js knows of a page's text, as the reading order needs it. Asked for exactly as pdf.js's
 * text layer asks (marked content kept, no normalization), so item n is the layer's n-th span and
 * offsets in an item are offsets in that span's text.
 */
export async function pageText(page: PDFPageProxy): Promise<PageText> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent({ includeMarkedContent: true, disableNormalization: true });
  const items: TextItem[] = [];
  let index = 0;
  for (const item of content.items) {
    if (!('str' in item)) continue;
    const [, , c, d, e, f] = item.transform as number[];
    const [x, y] = viewport.convertToViewportPoint(e!, f!) as [number, number];
    items.push({ index, str: item.str, x, y, width: item.width, size: Math.hypot(c!, d!), font: item.fontName, dir: item.dir });
    index += 1;
  }
  return { page: page.pageNumber - 1, width: viewport.width, height: viewport.height, items };
}
