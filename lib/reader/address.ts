import { browser } from 'wxt/browser';
import { READER_PATH } from '../messaging/sender';

/** The reader's address for a document: the PDF's own address rides in `file` (like pdf.js's viewer). */
export function readerUrl(documentUrl: string): string {
  return `${browser.runtime.getURL(READER_PATH)}?file=${encodeURIComponent(documentUrl)}`;
}

/** The document address a reader page was opened with, or null. */
export function documentUrlOf(readerHref: string): string | null {
  const file = new URL(readerHref).searchParams.get('file');
  return file && /^(https?|file):/i.test(file) ? file : null;
}
