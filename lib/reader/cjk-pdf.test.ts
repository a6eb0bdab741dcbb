import { describe, expect, it } from 'vitest';
import { JAPANESE } from '../../test/fixtures/pdf/cjk-text';
import { makeCjk } from '../../test/fixtures/pdf/make';
import { pagesOfPdf, pdfFixture } from './pdf-node.test-helpers';
import { readingBlocks } from './reading-order';

describe('a Japanese PDF (horizontal, a font that is not embedded)', () => {
  it('reads the title, then each paragraph joined across its line ends without spaces, and not the page number', async () => {
    const blocks = readingBlocks(await pagesOfPdf(await pdfFixture('cjk.pdf')));
    expect(blocks.map((block) => block.text)).toEqual([JAPANESE.title, ...JAPANESE.paragraphs]);
    expect(blocks.map((block) => block.kind)).toEqual(['heading', 'paragraph', 'paragraph', 'paragraph']);
  });

  it('breaks its lines mid-sentence (so the joining is what is tested)', async () => {
    const [page] = await pagesOfPdf(await pdfFixture('cjk.pdf'));
    const lines = page!.items.map((item) => item.str).filter((str) => str.trim() !== '');
    expect(lines.length).toBeGreaterThan(JAPANESE.paragraphs.length + 2);
    expect(lines.filter((line) => !/[。」]$/.test(line)).length).toBeGreaterThanOrEqual(4);
    expect(lines.join('')).not.toMatch(/\s/);
  });

  it('maps every character it reads back to a text item of its page', async () => {
    const pages = await pagesOfPdf(await pdfFixture('cjk.pdf'));
    for (const block of readingBlocks(pages)) {
      for (const piece of block.pieces) {
        const item = pages[piece.page]!.items.find((i) => i.index === piece.item)!;
        expect(block.text.slice(piece.start, piece.start + piece.to - piece.from)).toBe(item.str.slice(piece.from, piece.to));
      }
    }
  });

  it('is what make.ts makes', async () => {
    expect(Buffer.from(await makeCjk()).equals(Buffer.from(await pdfFixture('cjk.pdf')))).toBe(true);
  });
});
