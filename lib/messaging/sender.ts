import type { Browser } from 'wxt/browser';

/**
 * Who sent a message: one of our extension pages, our content script in a web page, or the PDF
 * reader. The reader is an extension page that stands for the document shown in its tab: it may
 * send what a page may (acting on its own tab only) and, alone, what only the reader sends.
 */
export type SenderKind = 'extension' | 'content' | 'reader';

/**
 * Classifies a message sender the way security-sensitive extensions do: it must be this extension
 * (`sender.id`); then the document's origin tells an extension page (popup, options, offscreen)
 * from a content script, which always runs in a web page's origin and in a tab. The browser sets
 * these fields; nothing a page sends can change them. Anything else is refused (null).
 */
export function classifySender(
  sender: Browser.runtime.MessageSender,
  extensionId: string,
  extensionOrigin: string,
): SenderKind | null {
  if (sender.id !== extensionId) return null;
  const origin = sender.origin ?? originOf(sender.url);
  if (origin === extensionOrigin) return sender.tab?.id !== undefined && pathOf(sender.url) === READER_PATH ? 'reader' : 'extension';
  if (sender.tab?.id !== undefined && origin !== undefined && origin !== 'null') return 'content';
  return null;
}

/** The reader page's path in the extension (entrypoints/reader). */
export const READER_PATH = '/reader.html';

/** The path of one of our own pages (its URL, set by the browser, is known to be ours by its origin). */
function pathOf(url: string | undefined): string | undefined {
  try {
    return url ? new URL(url).pathname : undefined;
  } catch {
    return undefined;
  }
}

/** scheme://host of a URL, or undefined. */
export function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    // Built by hand: URL.origin is "null" for non-web schemes (moz-extension:) in some engines.
    const parsed = new URL(url);
    return parsed.host ? `${parsed.protocol}//${parsed.host}` : undefined;
  } catch {
    return undefined;
  }
}
