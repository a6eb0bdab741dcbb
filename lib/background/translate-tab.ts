import { serializeError, ServiceError } from '../api/errors';
import { sendMessage } from '../messaging/protocol';
import { injectPageScript, reportingFrame } from './page-link';
import { reportProblem } from './reading/reading';
import type { TabRef } from './tab-actions';
import { currentTargetLanguage } from './translation';
import { t } from '../i18n';

/**
 * Opens the translation bubble beside the selection of a tab the user just invoked us on. The
 * page script asks for the translation itself (so the bubble can re-translate and show progress);
 * credits are spent only then, on this explicit request. `selectionText` is the menu's report of
 * what was right-clicked (a shortcut has none): the page translates that when its selection changed.
 */
export async function translateFromTab(tab: TabRef, frameId?: number, selectionText?: string): Promise<void> {
  let injected = false;
  try {
    const [frames, target] = await Promise.all([injectPageScript(tab.id, frameId), currentTargetLanguage()]);
    injected = true;
    // From a menu, the clicked frame checks its selection against what the browser reported.
    const ordered = selectionText !== undefined ? [reportingFrame(frames, frameId)] : [...new Set([frameId ?? 0, ...frames])].filter((f) => frames.includes(f));
    for (const frame of ordered) {
      const shown = await sendMessage('pageTranslate', { target, selectionText }, { tabId: tab.id, frameId: frame }).catch(() => null);
      if (shown?.ok && shown.value) return;
    }
    throw new ServiceError('invalidRequest', t('translateNothingSelected'));
  } catch (error) {
    await reportProblem(injected ? tab.id : null, serializeError(error));
  }
}
