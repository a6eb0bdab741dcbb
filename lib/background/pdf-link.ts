import { browser } from 'wxt/browser';
import { serializeError, ServiceError } from '../api/errors';
import { t } from '../i18n';
import { readerUrl } from '../reader/address';
import { keepDocument } from '../reader/store';
import { fetchPdf } from './pdf-tab';
import { isPrivateTab } from './private-windows';
import { reportProblem } from './reading/problems';
import { sitePattern } from './site-access';

/**
 * Whether we may fetch a linked PDF: a link to the page's own site is granted by the click
 * (activeTab); another site is asked for, that one site only. Must be called in the click's own
 * turn (before any await): the browser lets an extension ask only while handling the user's click.
 */
export function mayFetchLinkedPdf(pageUrl: string | undefined, linkUrl: string): Promise<boolean> {
  const origin = new URL(linkUrl).origin;
  if (pageUrl && URL.canParse(pageUrl) && new URL(pageUrl).origin === origin) return Promise.resolve(true);
  return browser.permissions.request({ origins: [sitePattern(origin)] }).catch(() => false);
}

/**
 * "Open in Voxlate reader" on a link to a PDF: the document opens in the reader in a new tab
 * beside this one, once `allowed` (see mayFetchLinkedPdf) says we may fetch it.
 */
export async function openLinkInReader(tab: { id: number; index: number }, url: string, allowed: Promise<boolean>): Promise<void> {
  try {
    if (await isPrivateTab(tab.id)) throw new ServiceError('invalidRequest', t('readerPrivate'));
    if (!(await allowed)) throw new ServiceError('invalidRequest', t('readerSiteRefused', new URL(url).host));
    await keepDocument(url, await fetchPdf(url));
    await browser.tabs.create({ url: readerUrl(url), index: tab.index + 1, openerTabId: tab.id });
  } catch (error) {
    await reportProblem(tab.id, serializeError(error));
  }
}
