import { browser } from 'wxt/browser';
import { serializeError, ServiceError } from '../api/errors';
import type { PageText } from '../messaging/protocol';
import { downloadSpeech } from './download/download';
import { confirmDownload, SpendQuestionError } from './download/confirm';
import { injectPageScript, readPageText } from './page-link';
import { openPdfInstead, pdfShownIn } from './pdf-tab';
import { controlReading, stepReadingSpeed } from './reading/control';
import { reportProblem } from './reading/problems';
import { startReading } from './reading/start';
import { resumePoint } from './reading/resume';
import { tellPage } from './page-link';
import { t } from '../i18n';

export interface TabRef {
  id: number;
  title?: string;
}

/** The active tab of the current window (the one the popup was opened over, granting activeTab), or null. */
export async function activeTabRef(): Promise<TabRef | null> {
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id === undefined ? null : { id: tab.id, title: tab.title };
}

/**
 * Reads aloud from a tab the user just invoked us on (context menu or shortcut): the selection,
 * or in 'auto' mode the article when nothing is selected. Problems are shown on the page, or on
 * the toolbar button where the page is off limits. `selectionText` is the menu's report of what
 * was right-clicked, the witness the page's selection is checked against (shortcuts have none).
 */
export async function readFromTab(tab: TabRef, mode: 'selection' | 'auto', frameId?: number, selectionText?: string): Promise<void> {
  let injected = false;
  // A PDF is read in the Voxlate reader: looked for only where the page gave no text.
  const pdf = () => (mode === 'auto' && selectionText === undefined ? pdfShownIn(tab.id).catch(() => null) : Promise.resolve(null));
  try {
    const frames = await injectPageScript(tab.id, frameId).catch(async (error: unknown) => {
      if (await openPdfInstead(tab.id, pdf, 'read-page')) return null;
      throw error;
    });
    if (!frames) return;
    injected = true;
    const found = await readPageText(tab.id, frames, mode, frameId, selectionText);
    if (!found && (await openPdfInstead(tab.id, pdf, 'read-page'))) return;
    if (!found) throw new ServiceError('invalidRequest', t(mode === 'selection' ? 'readNothingSelected' : 'readNoReadableText'));
    // A page read whole goes on from where the user stopped last time (same text), and says so.
    const resume = found.kind === 'article' ? await resumePoint(tab.id, found.text) : null;
    await startReading({
      text: found.text,
      ...(found.marks ? { marks: found.marks } : {}),
      title: found.title || tab.title || '',
      languageHint: found.languageHint,
      tabId: tab.id,
      frameId: found.frameId,
      ...(resume ? { page: resume.page, startSentence: resume.from?.sentence } : {}),
    });
  } catch (error) {
    await reportProblem(injected ? tab.id : null, serializeError(error));
  }
}

/** Downloads the audio of the tab's selection as one file (`selectionText`: as for readFromTab). */
export async function downloadFromTab(tab: TabRef, frameId?: number, selectionText?: string): Promise<void> {
  let injected = false;
  try {
    const frames = await injectPageScript(tab.id, frameId);
    injected = true;
    const found = await readPageText(tab.id, frames, 'selection', frameId, selectionText);
    if (!found) throw new ServiceError('invalidRequest', t('readNothingSelected'));
    await downloadTextFromTab(tab.id, { ...found, title: found.title || tab.title || '' });
  } catch (error) {
    await reportProblem(injected ? tab.id : null, serializeError(error));
  }
}

/**
 * Downloads the audio of text a page gave (its selection, or the reader's pages) as one file. The
 * gate asks on that page when the cost is above the threshold; problems are shown there.
 */
export async function downloadTextFromTab(tabId: number, found: { text: string; title: string; languageHint: string | null }): Promise<void> {
  const choice = { text: found.text, title: found.title, languageHint: found.languageHint, tabId };
  await downloadSpeech(choice, confirmDownload(choice, false)).catch(async (error: unknown) => {
    // Above the threshold the question is on the page already; that is not a problem to report.
    if (!(error instanceof SpendQuestionError)) await reportProblem(tabId, serializeError(error));
  });
}

/** The popup's "Continue reading": the page in the active tab, from where the user stopped. */
export async function resumeActiveTab(): Promise<void> {
  const tab = await activeTabRef();
  if (!tab) throw new ServiceError('invalidRequest', t('readNoReadableText'));
  await readFromTab(tab, 'auto');
}

/** Pause/resume or stop from a keyboard shortcut; nothing to do when nothing is being read. */
export async function controlFromShortcut(action: 'toggle' | 'stop'): Promise<void> {
  await controlReading(action).catch(() => undefined);
}

/**
 * Faster or slower by `step` from a shortcut: the reading under way from its next sentence (its
 * page says the new speed, which is heard only from there), or else the speed setting.
 */
export async function speedFromShortcut(step: number): Promise<void> {
  const stepped = await stepReadingSpeed(step).catch(() => null);
  const tabId = stepped?.reading?.tabId ?? null;
  if (stepped && tabId !== null) {
    await tellPage(tabId, 0, { type: 'pageNotice', tone: 'info', message: t('readingSpeedNotice', stepped.speed.toFixed(2)), timeoutMs: 3000 });
  }
}

/**
 * The selection of the active tab, for the popup: opening the popup grants activeTab, so the page
 * script may be injected now. Null where there is none or the page is off limits.
 */
export async function activeTabSelection(): Promise<PageText | null> {
  const tab = await activeTabRef();
  if (!tab) return null;
  try {
    const frames = await injectPageScript(tab.id);
    const found = await readPageText(tab.id, frames, 'peek');
    return found && { kind: found.kind, text: found.text, title: found.title, languageHint: found.languageHint };
  } catch {
    return null;
  }
}
