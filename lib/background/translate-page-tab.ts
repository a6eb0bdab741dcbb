import { serializeError } from '../api/errors';
import { sendMessage } from '../messaging/send';
import { unwrap } from '../messaging/result';
import { injectPageScript, pageScriptFrames, startPageTranslationIn } from './page-link';
import { openPdfInstead, pdfShownIn } from './pdf-tab';
import { reportProblem } from './reading/problems';
import { activeTabRef, type TabRef } from './tab-actions';
import { currentTargetLanguage } from './translation';
import { getSettings } from '../settings/items';
import { openTranslationCache } from '../translate/cache';

/**
 * Starts translating the whole page of a tab the user just invoked us on (menu, shortcut, popup)
 * into their default target. Only the top page: its frames are other documents. The page shows
 * the cost first; nothing is sent from here. A web page's translation starts from the injection of
 * its script (startPageTranslationIn); a PDF opens in the reader, which starts its own when its
 * page agent is told (also when it is the tab's page already).
 */
export async function translatePageFromTab(tab: TabRef): Promise<void> {
  try {
    // The cache is opened meanwhile: the page's first message is looked up in it before anything is sent.
    void openTranslationCache();
    const [target, settings] = await Promise.all([currentTargetLanguage(), getSettings()]);
    const request = { target, corner: settings.pageTranslateCorner };
    const started = await startPageTranslationIn(tab.id, request).catch(async (error: unknown) => {
      // Not a page we may script: the reader (our own page, whose agent answers), or a PDF in the
      // browser's own viewer (Firefox's), or truly refused.
      if (await pageScriptFrames(tab.id, 0)) {
        unwrap(await sendMessage('pageTranslatePage', request, { tabId: tab.id, frameId: 0 }));
        return 'started' as const;
      }
      if (await openPdfInstead(tab.id, () => pdfShownIn(tab.id), 'translate-page')) return 'started' as const;
      throw error;
    });
    if (started === 'pdf') await openPdfInstead(tab.id, () => pdfShownIn(tab.id), 'translate-page');
    // The page script after it, off the first request's path: the translation's Listen, a reading it
    // starts and the next invocation find it there.
    else void injectPageScript(tab.id, 0).catch(() => undefined);
  } catch (error) {
    await reportProblem(null, serializeError(error));
  }
}

/** The popup's "Translate this page": the active tab (opening the popup granted activeTab). */
export async function translateActiveTabPage(): Promise<void> {
  const tab = await activeTabRef();
  if (tab) await translatePageFromTab(tab);
}
