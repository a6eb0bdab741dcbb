import { describe, expect, it } from 'vitest';
import { paperReadingText } from '../../test/fixtures/pdf/paper-text';
import { makePaper } from '../../test/fixtures/pdf/make';
import { pagesOfPdf, pdfFixture } from './pdf-node.test-helpers';
import { readingBlocks } from './reading-order';

describe('reading order of a PDF', () => {
  it('reads a two-column paper column after column, without headers, page numbers or footnote marks, hyphens joined, the caption after its paragraph', async () => {
    const blocks = readingBlocks(await pagesOfPdf(await pdfFixture('paper.pdf')));
    expect(blocks.map((block) => block.text)).toEqual(paperReadingText());
    expect(blocks.filter((b) => b.kind === 'heading').map((b) => b.text)).toContain('1 Introduction');
    expect(blocks.find((b) => b.kind === 'caption')?.text).toMatch(/^Figure 1/);
  });

  it('maps every character it reads back to a text item of its page', async () => {
    const pages = await pagesOfPdf(await pdfFixture('paper.pdf'));
    for (const block of readingBlocks(pages)) {
      for (const piece of block.pieces) {
        const item = pages[piece.page]!.items.find((i) => i.index === piece.item)!;
        expect(block.text.slice(piece.start, piece.start + piece.to - piece.from)).toBe(item.str.slice(piece.from, piece.to));
      }
    }
  });

  it('reads a one-column report without its "Page N of M" footers and running header', async () => {
    const blocks = readingBlocks(await pagesOfPdf(await pdfFixture('report.pdf')));
    expect(blocks.map((b) => b.text).join('\n')).not.toMatch(/Page \d of \d|Voxlate Annual Report 2026/);
    expect(blocks[0]!.text).toBe('Annual Report on Listening');
    expect(blocks[1]).toMatchObject({ kind: 'heading', text: '1 Introduction' });
  });

  it('finds no text in a scanned document', async () => {
    expect(readingBlocks(await pagesOfPdf(await pdfFixture('scan.pdf')))).toEqual([]);
  });

  it('the committed fixtures are what make.ts makes', async () => {
    expect(Buffer.from(await makePaper()).equals(Buffer.from(await pdfFixture('paper.pdf')))).toBe(true);
  });
});
