import { browser } from 'wxt/browser';
import { storage } from '#imports';
import { ServiceError } from '../api/errors';
import { t } from '../i18n';
import { documentUrlOf, readerUrl } from '../reader/address';
import { READER_PATH } from '../messaging/sender';
import { keepDocument } from '../reader/store';
import { isPrivateTab } from './private-windows';

/** What the reader does once its document is on screen, as the user asked on the PDF's tab. */
export type ReaderAction = 'read-page' | 'translate-page';

/**
 * Tab id → the action its reader was opened for, the reader's address, and once the reader page
 * loaded, its claim (session storage: the worker may sleep meanwhile). Only the reader page opened
 * for it claims it, once; a reader that never gets ready (left at its password form) takes its
 * action away with it: a later reader in the tab (Back, Forward, another PDF) finds nothing to do.
 */
interface PendingAction {
  action: ReaderAction;
  url: string;
  claim?: string;
}
const pendingItem = storage.defineItem<Record<string, PendingAction>>('session:readerPending', { fallback: {} });

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

/** A PDF this big (MB) is not fetched into the reader (the browser's own viewer still shows it). */
const MAX_MB = 200;
/** How long the tab may take to say what its document is (a page that hangs must not hang us). */
const ASK_TIMEOUT_MS = 3000;

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
  const asked = browser.scripting
    .executeScript({ target: { tabId, frameIds: [0] }, func: () => document.contentType, injectImmediately: true })
    .then((results) => String(results[0]?.result ?? ''), () => null);
  const type = await Promise.race([asked, new Promise<undefined>((resolve) => setTimeout(resolve, ASK_TIMEOUT_MS))]);
  if (type === undefined) return null;
  if (type !== null) return type === 'application/pdf' ? { url } : null;
  // A private window's page is never fetched again from here (with the normal profile's cookies and
  // disk cache): an address that says PDF is taken at its word (the reader then says it cannot
  // open a private window's PDF), any other is not a PDF.
  if (await isPrivateTab(tabId)) return /\.pdf$/i.test(new URL(url).pathname) ? { url } : null;
  // Only a PDF's answer is read through: any other page is left at its headers.
  const bytes = await fetchPdf(url, { onlyIfPdf: true }).catch(() => null);
  return bytes ? { url, bytes } : null;
}

/**
 * The bytes of a PDF, fetched as the page was (its cookies), or an error the user can act on.
 * `onlyIfPdf`: an answer that does not say it is a PDF is not read at all.
 */
export async function fetchPdf(url: string, { onlyIfPdf = false } = {}): Promise<Uint8Array> {
  const response = await fetch(url, { credentials: 'include', cache: 'force-cache' }).catch((error: unknown) => {
    throw new ServiceError('network', t('readerNotFetched', String((error as Error)?.message ?? error)));
  });
  if (!response.ok) throw new ServiceError('invalidRequest', t('readerNotFetched', `HTTP ${response.status}`));
  if (onlyIfPdf && !/^application\/(pdf|x-pdf|octet-stream)\b/i.test(response.headers.get('content-type') ?? '')) {
    await response.body?.cancel().catch(() => undefined);
    throw new ServiceError('invalidRequest', t('readerNotPdf', response.headers.get('content-type') ?? '?'));
  }
  const tooLarge = () => new ServiceError('invalidRequest', t('readerTooLarge', String(MAX_MB)));
  if (Number(response.headers.get('content-length')) > MAX_MB * 1024 * 1024) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  const bytes = await readUpTo(response, MAX_MB * 1024 * 1024).catch((error: unknown) => {
    throw error === TOO_LARGE ? tooLarge() : error;
  });
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  if (!head.includes('%PDF-')) throw new ServiceError('invalidRequest', t('readerNotPdf', response.headers.get('content-type') ?? '?'));
  return bytes;
}

const TOO_LARGE = Symbol('too large');

/** A response's body, given up past `limit` bytes (a server may not say how long it is). */
async function readUpTo(response: Response, limit: number): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let length = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    length += next.value.length;
    if (length > limit) {
      await reader.cancel().catch(() => undefined);
      throw TOO_LARGE;
    }
    parts.push(next.value);
  }
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}

/**
 * Opens the tab's PDF in the Voxlate reader, in the same tab, to carry out `action` there (null:
 * only to show it). The bytes are fetched now, while the click still grants the page, and left
 * for the reader; a file on this computer the reader reads itself (a worker cannot).
 */
export async function openInReader(tabId: number, pdf: ShownPdf, action: ReaderAction | null): Promise<void> {
  // A private window's PDF: its bytes would be kept on disk for the reader (and Chrome cannot show
  // an extension's page in a private tab at all).
  if (await isPrivateTab(tabId)) throw new ServiceError('invalidRequest', t('readerPrivate'));
  if (!pdf.url.startsWith('file:')) await keepDocument(pdf.url, pdf.bytes ?? (await fetchPdf(pdf.url)));
  const url = readerUrl(pdf.url);
  const { [tabId]: _earlier, ...others } = await pendingItem.getValue();
  await pendingItem.setValue(action ? { ...others, [tabId]: { action, url } } : others);
  await browser.tabs.update(tabId, { url });
}

/**
 * The reader page at `url` in tab `tabId` has loaded: it claims the action it was opened for (a
 * claim id it gives back when ready), or gets null: opened for none, or the action is another
 * reader page's (claimed already, or for another address).
 */
export async function claimReaderAction(tabId: number, url: string): Promise<string | null> {
  const pending = await pendingItem.getValue();
  const entry = pending[tabId];
  if (!entry || entry.claim || entry.url !== url) return null;
  const claim = crypto.randomUUID();
  await pendingItem.setValue({ ...pending, [tabId]: { ...entry, claim } });
  return claim;
}

/** The action the reader that claimed it (`claim`) was opened for, once it is ready; null for anyone else. */
export async function takeReaderAction(tabId: number, claim: string | null): Promise<ReaderAction | null> {
  const { [tabId]: entry, ...others } = await pendingItem.getValue();
  if (!entry || !claim || entry.claim !== claim) return null;
  await pendingItem.setValue(others);
  return entry.action;
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
