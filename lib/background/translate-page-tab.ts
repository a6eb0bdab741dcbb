import { browser } from 'wxt/browser';
import { serializeError } from '../api/errors';
import { sendMessage } from '../messaging/send';
import { unwrap } from '../messaging/result';
import { injectPageTranslation } from './page-link';
import { openPdfInstead, pdfShownIn } from './pdf-tab';
import { reportProblem } from './reading/problems';
import type { TabRef } from './tab-actions';
import { currentTargetLanguage } from './translation';
import { getSettings } from '../settings/items';
import { openTranslationCache } from '../translate/cache';

/**
 * Starts translating the whole page of a tab the user just invoked us on (menu, shortcut, popup)
 * into their default target. Only the top page: its frames are other documents. The page shows
 * the cost first; nothing is sent from here.
 */
export async function translatePageFromTab(tab: TabRef): Promise<void> {
  let injected = false;
  // A PDF is translated in the Voxlate reader (looked for alongside: the browser's viewer takes the script but has no text).
  const pdf = pdfShownIn(tab.id).catch(() => null);
  try {
    // The cache is opened meanwhile: the page's first message is looked up in it before anything is sent.
    void openTranslationCache();
    const [, target, settings] = await Promise.all([
      injectPageTranslation(tab.id),
      currentTargetLanguage(),
      getSettings(),
    ]).catch(async (error: unknown) => {
      if (await openPdfInstead(tab.id, () => pdf, 'translate-page')) return [];
      throw error;
    });
    if (!target || !settings) return;
    if (await openPdfInstead(tab.id, () => pdf, 'translate-page')) return;
    injected = true;
    unwrap(await sendMessage('pageTranslatePage', { target, corner: settings.pageTranslateCorner }, { tabId: tab.id, frameId: 0 }));
  } catch (error) {
    await reportProblem(injected ? tab.id : null, serializeError(error));
  }
}

/** The popup's "Translate this page": the active tab (opening the popup granted activeTab). */
export async function translateActiveTabPage(): Promise<void> {
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  if (tab?.id !== undefined) await translatePageFromTab({ id: tab.id, title: tab.title });
}
