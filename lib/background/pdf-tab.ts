import { browser } from 'wxt/browser';
import { storage } from '#imports';
import { ServiceError } from '../api/errors';
import { t } from '../i18n';
import { documentUrlOf, readerUrl } from '../reader/address';
import { READER_PATH } from '../messaging/sender';
import { keepDocument } from '../reader/store';

/** What the reader does once its document is on screen, as the user asked on the PDF's tab. */
export type ReaderAction = 'read-page' | 'translate-page' | 'open';

/** Tab id → the action its reader was opened for (session storage: the worker may sleep meanwhile). */
const pendingItem = storage.defineItem<Record<string, ReaderAction>>('session:readerPending', { fallback: {} });

/**
 * Tab id → the address of the reader page in it. The browser shows an extension the address of its
 * own page in a tab only with the "tabs" permission, which we do not ask for: the reader says it.
 */
const readerPagesItem = storage.defineItem<Record<string, string>>('session:readerPages', { fallback: {} });

/** Notes the reader's address in its tab (what it was opened on, to keep the listener's place per document). */
export async function rememberReaderPage(tabId: number, url: string): Promise<void> {
  await readerPagesItem.setValue({ ...(await readerPagesItem.getValue()), [tabId]: url });
}

/**
 * The address of what the tab shows, as the listener's place is kept by: the page's, or for the
 * reader the document's own (the same PDF opened again, however, is the same document).
 */
export async function pageAddressOf(tabId: number): Promise<string | undefined> {
  const url = (await browser.tabs.get(tabId).then((tab) => tab.url, () => undefined)) ?? (await readerPagesItem.getValue())[tabId];
  return url?.startsWith(browser.runtime.getURL(READER_PATH)) ? (documentUrlOf(url) ?? undefined) : url;
}

/** A PDF this big is not fetched into the reader (the browser's own viewer still shows it). */
const MAX_BYTES = 200 * 1024 * 1024;

/** The address and, when they had to be fetched to tell, the bytes of the PDF a tab shows. */
export interface ShownPdf {
  url: string;
  bytes?: Uint8Array;
}

/**
 * The PDF the tab shows, or null for any other page. Asked while the user's click grants the tab
 * (activeTab): its document's type says where a script may look (Chrome's viewer), and where none
 * may (Firefox's viewer, a page the browser keeps to itself) the address's answer says.
 */
export async function pdfShownIn(tabId: number): Promise<ShownPdf | null> {
  const url = (await browser.tabs.get(tabId).catch(() => null))?.url;
  if (!url || !/^(https?|file):/i.test(url)) return null;
  const type = await browser.scripting
    .executeScript({ target: { tabId, frameIds: [0] }, func: () => document.contentType, injectImmediately: true })
    .then((results) => String(results[0]?.result ?? ''), () => null);
  if (type !== null) return type === 'application/pdf' ? { url } : null;
  const bytes = await fetchPdf(url).catch(() => null);
  return bytes ? { url, bytes } : null;
}

/** The bytes of a PDF, fetched as the page was (its cookies), or an error the user can act on. */
export async function fetchPdf(url: string): Promise<Uint8Array> {
  const response = await fetch(url, { credentials: 'include', cache: 'force-cache' }).catch((error: unknown) => {
    throw new ServiceError('network', t('readerNotFetched', String((error as Error)?.message ?? error)));
  });
  if (!response.ok) throw new ServiceError('invalidRequest', t('readerNotFetched', `HTTP ${response.status}`));
  if (Number(response.headers.get('content-length')) > MAX_BYTES) throw new ServiceError('invalidRequest', t('readerNotPdf', `> ${MAX_BYTES / 1024 / 1024} MB`));
  const bytes = new Uint8Array(await response.arrayBuffer());
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  if (!head.includes('%PDF-')) throw new ServiceError('invalidRequest', t('readerNotPdf', response.headers.get('content-type') ?? '?'));
  return bytes;
}

/**
 * Opens the tab's PDF in the Voxlate reader, in the same tab, to carry out `action` there. The
 * bytes are fetched now, while the click still grants the page, and left for the reader.
 */
export async function openInReader(tabId: number, pdf: ShownPdf, action: ReaderAction): Promise<void> {
  await keepDocument(pdf.url, pdf.bytes ?? (await fetchPdf(pdf.url)));
  await pendingItem.setValue({ ...(await pendingItem.getValue()), [tabId]: action });
  await browser.tabs.update(tabId, { url: readerUrl(pdf.url) });
}

/** The action a tab's reader was opened for, once (the reader asks when its document is on screen). */
export async function takeReaderAction(tabId: number): Promise<ReaderAction | null> {
  const pending = await pendingItem.getValue();
  const action = pending[tabId] ?? null;
  if (action) {
    delete pending[tabId];
    await pendingItem.setValue(pending);
  }
  return action;
}

/**
 * Where a tab action could not read the page: if the tab shows a PDF (`shown` looks), it is
 * opened in the reader for `action` instead. True when it was.
 */
export async function openPdfInstead(tabId: number, shown: () => Promise<ShownPdf | null>, action: ReaderAction): Promise<boolean> {
  const pdf = await shown();
  if (!pdf) return false;
  await openInReader(tabId, pdf, action);
  return true;
}
