import { t } from '../i18n';
import { sendMessage } from '../messaging/send';
import { startPageAgent } from '../content/agent';
import { placeNoticesBelow } from '../page/notice';
import { provideArticleReader } from '../content/article-reader';
import { providePagePlayer } from '../content/page-player-slot';
import { createPagePlayer } from '../page/player/page-player';
import { providePageTranslator } from '../content/page-translate-slot';
import { translateSurface } from '../content/page-translate-link';
import { documentUrlOf } from './address';
import { documentArticle } from './article';
import { keptDocument } from './store';
import { bindDownload } from './download';
import { bindToolbar, labelToolbar } from './toolbar';
import { pdfTranslationSurface } from './translation-layer';
import { openDocument, startPdfWorker, type OpenDocument } from './viewer';
import type { Block } from './types';

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
  // The action this page was opened for is this page's: it goes on when the document is on screen, or never.
  const claim = await sendMessage('readerOpened', { url: doc.location.href }).then((answer) => (answer.ok ? answer.value : null), () => null);

  let open: OpenDocument;
  try {
    const worker = startPdfWorker();
    const bytes = (await keptDocument(url)) ?? (await fetchDocument(url));
    open = await openDocument(doc.getElementById('viewerContainer') as HTMLDivElement, bytes, (retry) => askPassword(doc, retry), worker);
  } catch (error) {
    const reason = String((error as Error)?.message ?? error);
    say(error instanceof FetchError ? t('readerNotFetched', reason) : (error as Error)?.name === 'InvalidPDFException' ? t('readerNotPdf', reason) : t('readerFailed', reason));
    // The action it was opened for is dropped: nothing is left waiting for this tab.
    await sendMessage('readerReady', { hasText: false, url: doc.location.href, claim }).catch(() => undefined);
    return void (doc.documentElement.dataset.ready = 'failed');
  }
  say('');
  bindToolbar(doc, open, () => void sendMessage('readerRead').catch(() => undefined));

  const info = ((await open.doc.getMetadata().catch(() => null))?.info ?? {}) as { Title?: string; Language?: string };
  const article = documentArticle(open, { doc, fileTitle: fileName(url), info });
  const first = await article.from(open.viewer.currentPageNumber);
  doc.title = first?.title ?? fileName(url);
  if (!first) say(t('readerScanned'));

  // Read from the page on screen, or from the one clicked in when it is on screen ("Read aloud from here").
  const startPage = () => clickedPageOnScreen(doc) ?? open.viewer.currentPageNumber;
  provideArticleReader(() => article.from(startPage()));
  providePagePlayer(createPagePlayer);
  // Translate this page: the document from the page on screen, in the reader's own layer over its pages.
  const viewerElement = doc.getElementById('viewer')!;
  const frames = {
    pageElement: (page: number) => viewerElement.querySelector<HTMLElement>(`.page[data-page-number="${page + 1}"]`),
    pageSize: (page: number) => article.pageSize(page),
    onLayout: (listener: () => void) => {
      const later = () => requestAnimationFrame(() => listener());
      for (const name of ['scalechanging', 'pagesinit', 'rotationchanging']) open.events.on(name, later);
      doc.defaultView?.addEventListener('resize', later);
    },
  };
  // One surface for the page: translating again (another language, after Show original) starts it over.
  let translating: readonly Block[] = [];
  const surface = pdfTranslationSurface(doc, viewerElement, frames, () => translating);
  providePageTranslator((win, target, signal, corner) => {
    void article.blocksFrom(open.viewer.currentPageNumber).then((blocks) => {
      translating = blocks;
      translateSurface(win, target, signal, corner, surface);
    });
  });
  // The reader's page lives as long as this page: nothing invalidates it before it unloads.
  startPageAgent({ onInvalidated: () => undefined });
  // Below the toolbar (44 px, style.css), as the reader's own status: Read aloud stays uncovered.
  placeNoticesBelow(56);
  // Read aloud and Download audio work from here on (and not at all on a scan).
  (doc.getElementById('read') as HTMLButtonElement).disabled = !first;
  if (first) bindDownload(doc, { pages: open.doc.numPages, title: doc.title, languageHint: primaryLanguage(info.Language), article });
  await sendMessage('readerReady', { hasText: first !== null, url: doc.location.href, claim }).catch(() => undefined);
  // The worker has done what this page was opened for (or nothing): said on the page, for whatever
  // drives the reader from outside (tests, automation) to wait on rather than on a moment.
  doc.documentElement.dataset.ready = 'true';
}

/** The page (1-based) holding the selection or caret, when that page is on screen; else null. */
function clickedPageOnScreen(doc: Document): number | null {
  const node = doc.getSelection()?.anchorNode;
  const page = (node instanceof Element ? node : node?.parentElement)?.closest<HTMLElement>('.page[data-page-number]');
  const box = page?.getBoundingClientRect();
  const view = doc.defaultView;
  return page && box && view && box.bottom > 0 && box.top < view.innerHeight ? Number(page.dataset.pageNumber) : null;
}

/** The document's declared language as a bare code ('en-US' → 'en'), when it declares one. */
function primaryLanguage(tag: string | undefined): string | null {
  const code = tag?.trim().split(/[-_]/)[0]?.toLowerCase() ?? '';
  return /^[a-z]{2,3}$/.test(code) ? code : null;
}

class FetchError extends Error {}

async function fetchDocument(url: string): Promise<Uint8Array> {
  if (url.startsWith('file:')) return readLocalFile(url);
  const response = await fetch(url, { credentials: 'include' }).catch((error: unknown) => {
    throw new FetchError(String((error as Error)?.message ?? error));
  });
  if (!response.ok) throw new FetchError(`HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** A PDF on this computer: fetch() takes no file: address, XMLHttpRequest does where the browser allows the extension files. */
function readLocalFile(url: string): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('GET', url);
    request.responseType = 'arraybuffer';
    const refused = () => reject(new FetchError(t('readerFileRefused')));
    request.onload = () => (request.response instanceof ArrayBuffer && request.response.byteLength ? resolve(new Uint8Array(request.response)) : refused());
    request.onerror = refused;
    request.send();
  });
}

function fileName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.split('/').pop() || '');
  return name || new URL(url).host;
}

/** Asks for the document's password in the page's own form. */
function askPassword(doc: Document, retry: boolean): Promise<string> {
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
