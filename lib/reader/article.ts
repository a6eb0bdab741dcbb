import type { PageSource } from '../page/highlight';
import { readingBlocks } from './reading-order';
import { pdfSource } from './source';
import { pageText } from './text-content';
import type { Block, PageText } from './types';
import type { OpenDocument } from './viewer';

/** How much of a document one reading takes in (about an hour of speech): a 500-page book is not parsed whole first. */
const WINDOW_CHARS = 60_000;
/** Pages whose text is asked for together. */
const BATCH = 8;

interface Article {
  blocks: Block[];
  source: PageSource | null;
}

export interface DocumentArticle {
  /** The article from page `first` (1-based) on, or null when it has no text. */
  from(first: number): Promise<PageSource | null>;
  /** Its blocks (what page translation translates). */
  blocksFrom(first: number): Promise<readonly Block[]>;
  /** The text of pages `first` to `last` (1-based) in reading order, paragraphs apart ('' when they have none). */
  textOfPages(first: number, last: number): Promise<string>;
  /** A page's size in page units (0-based; pages whose text was read). */
  pageSize(page: number): { width: number; height: number };
}

/**
 * The document as an article, from a page on: that page's reading order and the pages after it, up
 * to about an hour of speech. Page texts are extracted once, as they are first needed, and each
 * article is made once (a reading under way keeps highlighting through the one it was given).
 */
export function documentArticle(open: OpenDocument, details: { doc: Document; fileTitle: string; info: { Title?: string; Language?: string } }): DocumentArticle {
  const texts = new Map<number, Promise<PageText>>();
  const sizes = new Map<number, { width: number; height: number }>();
  const articles = new Map<number, Promise<Article>>();
  const textOf = (n: number) => {
    if (!texts.has(n)) {
      texts.set(
        n,
        open.doc
          .getPage(n)
          .then(pageText)
          .then((page) => (sizes.set(page.page, { width: page.width, height: page.height }), page)),
      );
    }
    return texts.get(n)!;
  };
  const make = async (first: number): Promise<Article> => {
    const pages: PageText[] = [];
    let chars = 0;
    // A few pages asked at once: the worker goes from one to the next without waiting for us.
    for (let n = first; n <= open.doc.numPages && chars < WINDOW_CHARS; n += BATCH) {
      const batch = await Promise.all(Array.from({ length: Math.min(BATCH, open.doc.numPages - n + 1) }, (_, i) => textOf(n + i)));
      for (const page of batch) {
        if (chars >= WINDOW_CHARS) break;
        pages.push(page);
        chars += page.items.reduce((sum, item) => sum + item.str.length, 0);
      }
    }
    const blocks = readingBlocks(pages);
    const title = details.info.Title?.trim() || blocks.find((block) => block.kind === 'heading')?.text || details.fileTitle;
    const source = blocks.length ? pdfSource(blocks, open.layers, { doc: details.doc, title, languageHint: details.info.Language?.trim() || null }) : null;
    return { blocks, source };
  };
  const article = (first: number) => {
    if (!articles.has(first)) articles.set(first, make(first));
    return articles.get(first)!;
  };
  return {
    from: async (first) => (await article(first)).source,
    blocksFrom: async (first) => (await article(first)).blocks,
    textOfPages: async (first, last) => {
      // A page before and after too, so a running header is seen repeating even on one page alone.
      const from = Math.max(1, first - 1);
      const to = Math.min(open.doc.numPages, last + 1);
      const pages: PageText[] = [];
      for (let n = from; n <= to; n += BATCH) {
        pages.push(...(await Promise.all(Array.from({ length: Math.min(BATCH, to - n + 1) }, (_, i) => textOf(n + i)))));
      }
      // A paragraph drawn partly on the chosen pages is taken whole.
      const chosen = (page: number) => page + 1 >= first && page + 1 <= last;
      return readingBlocks(pages)
        .filter((block) => block.boxes.some((box) => chosen(box.page)))
        .map((block) => block.text)
        .join('\n\n');
    },
    pageSize: (page) => sizes.get(page) ?? { width: 1, height: 1 },
  };
}
