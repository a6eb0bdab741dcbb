import { browser } from 'wxt/browser';
import { serializeError, ServiceError } from '../api/errors';
import { t } from '../i18n';
import { readerUrl } from '../reader/address';
import { keepDocument } from '../reader/store';
import { fetchPdf } from './pdf-tab';
import { reportProblem } from './reading/problems';

/**
 * "Open in Voxlate reader" on a link to a PDF: the document opens in the reader in a new tab
 * beside this one. The click grants this page's own site (activeTab); a PDF on another site is
 * fetched only after the user allows that one site, asked now (the menu click lets us ask).
 */
export async function openLinkInReader(tab: { id: number; index: number }, url: string): Promise<void> {
  try {
    const origins = [`${new URL(url).origin}/*`];
    const sameSite = await browser.tabs
      .get(tab.id)
      .then((shown) => shown.url && new URL(shown.url).origin === new URL(url).origin)
      .catch(() => false);
    if (!sameSite && !(await browser.permissions.contains({ origins })) && !(await browser.permissions.request({ origins }))) {
      throw new ServiceError('invalidRequest', t('readerNotFetched', new URL(url).host));
    }
    await keepDocument(url, await fetchPdf(url));
    await browser.tabs.create({ url: readerUrl(url), index: tab.index + 1, openerTabId: tab.id });
  } catch (error) {
    await reportProblem(tab.id, serializeError(error));
  }
}
