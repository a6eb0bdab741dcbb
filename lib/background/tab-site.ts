import { browser } from 'wxt/browser';
import { documentUrlOf } from '../reader/address';

/**
 * The site a tab's page is of, for entries kept for one site (every surface's: translations,
 * readings, captions, the glossary's "this site", pronunciations): its host, or for the PDF reader
 * the host of the document it shows (the reader's own address is the extension's). Null: no tab,
 * or not a web page.
 */
export async function siteOfTab(tabId: number | null): Promise<string | null> {
  if (tabId === null) return null;
  const tab = await browser.tabs.get(tabId).catch(() => null);
  try {
    const href = tab?.url ?? '';
    const url = new URL(href.startsWith(browser.runtime.getURL('/')) ? (documentUrlOf(href) ?? 'about:blank') : href);
    return /^https?:$/u.test(url.protocol) ? url.hostname || null : null;
  } catch {
    return null;
  }
}
