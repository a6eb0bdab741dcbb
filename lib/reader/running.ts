import type { Line } from './lines';

/** The top and bottom part of a page where running headers, footers and page numbers sit. */
const MARGIN = 0.09;

const pageNumber = /^(?:page\s*)?(?:\d{1,4}|[ivxlc]{1,6})(?:\s*(?:of|\/)\s*\d{1,4})?$/i;
const keyOf = (text: string) => text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();

/**
 * Leaves out running headers and footers: lines in a page's top or bottom margin that are a page
 * number, or whose text (numbers aside) comes back on other pages' margins.
 */
export function withoutRunningLines(pages: readonly { height: number; lines: Line[] }[]): Line[][] {
  const inMargin = (line: Line, height: number) => line.bottom < MARGIN * height || line.top > (1 - MARGIN) * height;
  const seen = new Map<string, Set<number>>();
  for (const { height, lines } of pages) {
    for (const line of lines) {
      if (!inMargin(line, height)) continue;
      const key = keyOf(line.text);
      seen.set(key, (seen.get(key) ?? new Set()).add(line.page));
    }
  }
  const repeated = (line: Line) => (seen.get(keyOf(line.text))?.size ?? 0) >= 2;
  return pages.map(({ height, lines }) => lines.filter((line) => !(inMargin(line, height) && (pageNumber.test(line.text.trim()) || repeated(line)))));
}
