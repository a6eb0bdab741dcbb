import { t } from '../i18n';
import { sendMessage } from '../messaging/protocol';
import { startPageAgent } from '../content/agent';
import { provideArticleReader } from '../content/article-reader';
import { providePagePlayer } from '../content/page-player-slot';
import { createPagePlayer } from '../page/player/page-player';
import type { PageSource } from '../page/highlight';
import { documentUrlOf } from './address';
import { readingBlocks } from './reading-order';
import { pdfSource } from './source';
import { keptDocument } from './store';
import { pageText } from './text-content';
import { bindToolbar, labelToolbar } from './toolbar';
import { openDocument, type OpenDocument } from './viewer';
import type { PageText } from './types';

/**
 * The Voxlate reader: the PDF named in its address, on screen with pdf.js, read and highlighted
 * like any page. Its page agent is the content script's own (lib/content/agent), so the
 * background reads, highlights and shows the player here exactly as on a web page; only the
 * article comes from the PDF's reading order instead of Readability.
 */
export async function startReader(doc: Document): Promise<void> {
  labelToolbar(doc);
  const status = doc.getElementById('status')!;
  const say = (text: string) => (status.textContent = text);
  const url = documentUrlOf(doc.location.href);
  if (!url) return void say(t('readerNoDocument'));
  doc.title = fileName(url);
  say(t('readerOpening'));

  let open: OpenDocument;
  try {
    const bytes = (await keptDocument(url)) ?? (await fetchDocument(url));
    open = await openDocument(doc.getElementById('viewerContainer') as HTMLDivElement, bytes, (retry) => askPassword(doc, retry));
  } catch (error) {
    return void say(error instanceof FetchError ? t('readerNotFetched', error.message) : t('readerNotPdf', String((error as Error)?.message ?? error)));
  }
  say('');
  bindToolbar(doc, open, () => void sendMessage('readerRead').catch(() => undefined));

  const info = ((await open.doc.getMetadata().catch(() => null))?.info ?? {}) as { Title?: string; Language?: string };
  const article = documentArticle(open, { doc, fileTitle: fileName(url), info });
  const first = await article.from(open.viewer.currentPageNumber);
  doc.title = first?.title ?? fileName(url);
  if (!first) {
    say(t('readerScanned'));
    (doc.getElementById('read') as HTMLButtonElement).disabled = true;
  }

  // Read from the page on screen (a page's text is extracted once, when first needed).
  provideArticleReader(() => article.from(open.viewer.currentPageNumber));
  providePagePlayer(createPagePlayer);
  // The reader's page lives as long as this page: nothing invalidates it before it unloads.
  startPageAgent({ onInvalidated: () => undefined });
  await sendMessage('readerReady', { hasText: first !== null }).catch(() => undefined);
}

/** How much of a document one reading takes in (about an hour of speech): a 500-page book is not parsed whole first. */
const WINDOW_CHARS = 60_000;

/**
 * The document as an article, from a page on: that page's reading order and the pages after it, up
 * to about an hour of speech. Page texts are extracted once, as they are first needed.
 */
function documentArticle(open: OpenDocument, details: { doc: Document; fileTitle: string; info: { Title?: string; Language?: string } }) {
  const texts = new Map<number, Promise<PageText>>();
  const textOf = (n: number) => {
    if (!texts.has(n)) texts.set(n, open.doc.getPage(n).then(pageText));
    return texts.get(n)!;
  };
  let current: { first: number; source: (PageSource & { dispose(): void }) | null } | null = null;
  return {
    /** The article from page `first` on; the one before is let go (the page agent keeps only the newest). */
    async from(first: number): Promise<PageSource | null> {
      if (current?.first === first) return current.source;
      const pages: PageText[] = [];
      let chars = 0;
      for (let n = first; n <= open.doc.numPages && chars < WINDOW_CHARS; n += 1) {
        const page = await textOf(n);
        pages.push(page);
        chars += page.items.reduce((sum, item) => sum + item.str.length, 0);
      }
      const blocks = readingBlocks(pages);
      const title = details.info.Title?.trim() || blocks.find((block) => block.kind === 'heading')?.text || details.fileTitle;
      const source = blocks.length ? pdfSource(blocks, open.layers, { doc: details.doc, title, languageHint: details.info.Language?.trim() || null }) : null;
      current?.source?.dispose();
      current = { first, source };
      return source;
    },
  };

}

class FetchError extends Error {}

async function fetchDocument(url: string): Promise<Uint8Array> {
  const response = await fetch(url, { credentials: 'include' }).catch((error: unknown) => {
    throw new FetchError(String((error as Error)?.message ?? error));
  });
  if (!response.ok) throw new FetchError(`HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

function fileName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.split('/').pop() || '');
  return name || new URL(url).host;
}

/** Asks for the document's password in the page's own form; null when the user gives up. */
function askPassword(doc: Document, retry: boolean): Promise<string | null> {
  const form = doc.getElementById('password') as HTMLFormElement;
  const input = doc.getElementById('password-input') as HTMLInputElement;
  doc.getElementById('password-prompt')!.textContent = retry ? t('readerPasswordWrong') : t('readerPasswordPrompt');
  doc.getElementById('status')!.textContent = '';
  form.hidden = false;
  input.value = '';
  input.focus();
  return new Promise((resolve) => {
    form.addEventListener(
      'submit',
      (event) => {
        event.preventDefault();
        form.hidden = true;
        resolve(input.value);
      },
      { once: true },
    );
  });
}
