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

  const pages: PageText[] = [];
  for (let n = 1; n <= open.doc.numPages; n += 1) pages.push(await pageText(await open.doc.getPage(n)));
  const blocks = readingBlocks(pages);
  const info = ((await open.doc.getMetadata().catch(() => null))?.info ?? {}) as { Title?: string; Language?: string };
  const title = info.Title?.trim() || blocks.find((block) => block.kind === 'heading')?.text || fileName(url);
  doc.title = title;
  const source: PageSource | null = blocks.length ? pdfSource(blocks, open.layers, { doc, title, languageHint: info.Language?.trim() || null }) : null;
  if (!source) {
    say(t('readerScanned'));
    (doc.getElementById('read') as HTMLButtonElement).disabled = true;
  }

  provideArticleReader(() => source);
  providePagePlayer(createPagePlayer);
  // The reader's page lives as long as this page: nothing invalidates it before it unloads.
  startPageAgent({ onInvalidated: () => undefined });
  await sendMessage('readerReady', { hasText: source !== null }).catch(() => undefined);
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
