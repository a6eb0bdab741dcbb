import { describe, expect, it } from 'vitest';
import { HEBREW } from '../../test/fixtures/pdf/rtl-text';
import { makeRtl } from '../../test/fixtures/pdf/make';
import { pagesOfPdf, pdfFixture } from './pdf-node.test-helpers';
import { readingBlocks } from './reading-order';
import type { TextItem } from './types';

describe('a right-to-left PDF (Hebrew, right-aligned, an Identity-H font known only by its ToUnicode)', () => {
  it('reads the title, then each paragraph whole (its short last line, ragged at the left, is not a new paragraph), and not the page number', async () => {
    const blocks = readingBlocks(await pagesOfPdf(await pdfFixture('rtl.pdf')));
    expect(blocks.map((block) => block.text)).toEqual([HEBREW.title, ...HEBREW.paragraphs]);
    expect(blocks.map((block) => block.kind)).toEqual(['heading', 'paragraph', 'paragraph', 'paragraph']);
  });

  it('has one right-to-left item a line, in logical order, right-aligned', async () => {
    const [page] = await pagesOfPdf(await pdfFixture('rtl.pdf'));
    const lines = page!.items.filter((item) => item.dir === 'rtl');
    expect(lines.length).toBeGreaterThan(HEBREW.paragraphs.length + 2);
    expect(HEBREW.paragraphs.join(' ')).toContain(lines[1]!.str);
    expect(new Set(lines.map((item) => Math.round(item.x + item.width)))).toEqual(new Set([page!.width - 40]));
  });

  it('is what make.ts makes', async () => {
    expect(Buffer.from(await makeRtl()).equals(Buffer.from(await pdfFixture('rtl.pdf')))).toBe(true);
  });
});

describe('right-to-left lines of several items', () => {
  const item = (index: number, str: string, x: number, y: number, width: number): TextItem => ({ index, str, x, y, width, size: 10, font: 'f', dir: 'rtl' });

  it('reads the items of a line from its right end, and a paragraph ragged at the left as one', () => {
    const items = [
      // One line of three items, drawn left to right as on the page: read right to left.
      item(0, 'ולכל', 200, 100, 36),
      item(1, 'לכל העולם', 240, 100, 85),
      item(2, 'שלום', 330, 100, 30),
      item(3, 'אחד שניים שלושה', 205, 114, 155),
      // The short last line: far from the left edge, at the right one.
      item(4, 'הקוראים.', 300, 128, 60),
    ];
    const [block, ...rest] = readingBlocks([{ page: 0, width: 400, height: 600, items }]);
    expect(rest).toEqual([]);
    expect(block!.text).toBe('שלום לכל העולם ולכל אחד שניים שלושה הקוראים.');
    expect(block!.pieces.map((piece) => piece.item)).toEqual([2, 1, 0, 3, 4]);
  });
});
