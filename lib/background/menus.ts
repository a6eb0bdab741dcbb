import { browser, type Browser } from 'wxt/browser';
import { t, type MessageKey } from '../i18n';
import { translateFromTab } from './translate-tab';
import { translatePageFromTab } from './translate-page-tab';
import { readFromHereInTab } from './read-from-here';
import { mayFetchLinkedPdf, openLinkInReader } from './pdf-link';
import { readSelectionFromMenu } from './read-selection';
import { languageName, listenFromTab } from './listen';
import { currentTargetLanguage } from './translation';
import { settingsItem } from '../settings/items';
import { fixPronunciationFromTab } from './pronunciation-tab';
import { glossaryFormFromTab } from './glossary-add';
import { translateCaptionsInTab } from './captions';
import type { ClickedVideo } from '../captions/clicked';
import { reportProblem } from './reading/problems';
import { mayEnter, sitePattern } from './site-access';
import { serializeError, ServiceError } from '../api/errors';
import { controlFromShortcut, downloadFromTab, readFromTab, speedFromShortcut, type TabRef } from './tab-actions';

/** `selectionText`: what the browser saw selected at a menu click (none for shortcuts); `info`: the whole click. */
type TabAction = (tab: TabRef, frameId?: number, selectionText?: string, info?: Browser.contextMenus.OnClickData) => Promise<void>;
type Contexts = NonNullable<Parameters<typeof browser.contextMenus.create>[0]['contexts']>;

/** "Translate what I wrote" (in a text box). */
const TRANSLATE_WRITTEN = 'voxlate-translate-written';
/** "Translate captions" (on a video). */
const TRANSLATE_CAPTIONS = 'voxlate-translate-captions';

/** Context menu entries: id → [title message, contexts, action]. */
const MENUS: Record<string, [MessageKey, Contexts, TabAction]> = {
  'voxlate-read-selection': ['menuReadSelection', ['selection'], (tab, frame, seen) =>
    seen === undefined ? readFromTab(tab, 'selection', frame) : readSelectionFromMenu(tab, frame, seen)],
  'voxlate-download-selection': ['menuDownloadSelection', ['selection'], (tab, frame, seen) => downloadFromTab(tab, frame, seen)],
  // 'page' shows only when nothing more specific (a selection, a link…) was clicked.
  'voxlate-read-page': ['menuReadPage', ['page'], (tab, frame, seen) => readFromTab(tab, 'auto', frame, seen)],
  'voxlate-translate-selection': ['menuTranslateSelection', ['selection'], (tab, frame, seen) => translateFromTab(tab, frame, seen)],
  // In a text box: what the user wrote there (selected or whole), into the language they write to.
  [TRANSLATE_WRITTEN]: ['menuTranslateWritten', ['editable'], (tab, frame, seen) => translateFromTab(tab, frame, seen, true)],
  'translate-page': ['menuTranslatePage', ['page'], (tab) => translatePageFromTab(tab)],
  // Where the user clicked (or right-clicked) in the text: the caret's sentence to the end.
  'read-from-here': ['menuReadFromHere', ['page'], (tab, frame) => readFromHereInTab(tab, frame)],
  // Titled after the user's target language (see readTranslatedTitle).
  'read-translated': ['menuReadTranslated', ['selection', 'page'], (tab, frame, seen) => listenFromTab(tab, frame, seen)],
  // The options' Pronunciation section, the selected word filled in.
  'voxlate-fix-pronunciation': ['menuFixPronunciation', ['selection'], (tab, _frame, seen) => fixPronunciationFromTab(tab, seen)],
  // A small form on the page for the selected term: keep it, translate it as…, say it as… (issue 40).
  'voxlate-glossary-add': ['menuGlossaryAdd', ['selection'], (tab, frame, seen) => glossaryFormFromTab(tab, frame, seen)],
  // On a video: its captions in two lines, the original and its translation (the clicked frame,
  // the clicked video: its address, and in Firefox the element itself).
  [TRANSLATE_CAPTIONS]: ['menuTranslateCaptions', ['video'], (tab, frame, _seen, info) =>
    translateCaptionsInTab(tab, frame, clickedVideoOf(info))],
};

/** What a menu click says of the clicked video. */
function clickedVideoOf(info: Browser.contextMenus.OnClickData | undefined): ClickedVideo {
  const targetElementId = (info as { targetElementId?: unknown } | undefined)?.targetElementId;
  return {
    ...(info?.srcUrl ? { srcUrl: info.srcUrl } : {}),
    ...(typeof targetElementId === 'number' ? { targetElementId } : {}),
  };
}

/** The origin of the clicked frame when it is another site's than the page's (http or https), else null. */
function otherSiteFrame(info: Browser.contextMenus.OnClickData): string | null {
  if (!info.frameUrl || !info.pageUrl || !URL.canParse(info.frameUrl) || !URL.canParse(info.pageUrl)) return null;
  const frame = new URL(info.frameUrl);
  return /^https?:$/.test(frame.protocol) && frame.origin !== new URL(info.pageUrl).origin ? frame.origin : null;
}

/** How much a speed shortcut changes the speed. */
const SPEED_STEP = 0.25;

/** Keyboard commands declared in the manifest → what they do. */
const COMMANDS: Record<string, TabAction> = {
  'read-aloud': (tab) => readFromTab(tab, 'auto'),
  'pause-resume': () => controlFromShortcut('toggle'),
  'stop-reading': () => controlFromShortcut('stop'),
  'translate-selection': (tab) => translateFromTab(tab),
  'speed-up': () => speedFromShortcut(SPEED_STEP),
  'speed-down': () => speedFromShortcut(-SPEED_STEP),
  'translate-page': (tab) => translatePageFromTab(tab),
  'read-translated': (tab) => listenFromTab(tab),
};

/** "Read aloud in <language>": titled after the user's target language, and retitled when it changes. */
const READ_TRANSLATED = 'read-translated';

/** The title of "Read aloud in <language>" for the target language now. */
async function readTranslatedTitle(): Promise<string> {
  return t('menuReadTranslated', languageName(await currentTargetLanguage()));
}

/** "Read aloud in <language>" follows the target language: retitled when it changes. */
export function retitleWhenTargetChanges(): void {
  settingsItem.watch((next, previous) => {
    if (next.targetLanguage === previous?.targetLanguage) return;
    void readTranslatedTitle().then((title) => browser.contextMenus.update(READ_TRANSLATED, { title })).catch(() => undefined);
  });
}

/** On a link to a PDF (by its address: what a link leads to is not known before it is followed). */
const OPEN_PDF_LINK = 'voxlate-open-pdf-link';
const PDF_LINKS = ['*://*/*.pdf', '*://*/*.pdf?*', '*://*/*.pdf#*', '*://*/*.PDF', '*://*/*.PDF?*'];

async function createMenus(): Promise<void> {
  for (const [id, [title, contexts]] of Object.entries(MENUS)) {
    browser.contextMenus.create({ id, title: id === READ_TRANSLATED ? await readTranslatedTitle() : t(title), contexts });
  }
  browser.contextMenus.create({ id: OPEN_PDF_LINK, title: t('menuOpenInReader'), contexts: ['link'], targetUrlPatterns: PDF_LINKS });
}

/**
 * Makes sure our entries exist, replacing any left from before. Chrome keeps the menus of an
 * extension across browser restarts, but Firefox drops those of a persistent background page:
 * there the background calls this at every start, not only when installed.
 */
export async function ensureMenus(): Promise<void> {
  await browser.contextMenus.removeAll();
  await createMenus();
}

/** Runs the action of a menu entry; false when the entry is not one of ours. */
export function onMenuClick(info: Browser.contextMenus.OnClickData, tab?: Browser.tabs.Tab): boolean {
  if (info.menuItemId === OPEN_PDF_LINK && tab?.id !== undefined && info.linkUrl) {
    // Asked at once, in the click's own turn: later the browser no longer takes it from the user.
    void openLinkInReader({ id: tab.id, index: tab.index }, info.linkUrl, mayFetchLinkedPdf(info.pageUrl, info.linkUrl));
    return true;
  }
  const entry = MENUS[String(info.menuItemId)];
  if (!entry || tab?.id === undefined) return false;
  // An empty report is no report (Chrome leaves selectionText out when nothing is selected).
  const run = () => entry[2]({ id: tab.id!, title: tab.title }, info.frameId, info.selectionText || undefined, info);
  const site = info.menuItemId === TRANSLATE_WRITTEN || info.menuItemId === TRANSLATE_CAPTIONS ? otherSiteFrame(info) : null;
  if (!site || mayEnter(site)) {
    void run();
    return true;
  }
  // A text box in a frame of another site the user has not let us into (the click on the page does
  // not open it to us): that site is asked for at once, in the click's own turn (later the browser no longer takes it from the user).
  const allowed = browser.permissions.request({ origins: [sitePattern(site)] }).catch(() => false);
  const refused = info.menuItemId === TRANSLATE_CAPTIONS ? 'captionsFrameRefused' : 'translateFrameRefused';
  void allowed.then((yes) => (yes ? run() : reportProblem(tab.id!, serializeError(new ServiceError('invalidRequest', t(refused, new URL(site).host))))));
  return true;
}

/** Runs a keyboard shortcut; false when the command is not one of ours. */
export function onCommand(command: string, tab?: Browser.tabs.Tab): boolean {
  const action = COMMANDS[command];
  if (!action) return false;
  void action({ id: tab?.id ?? -1, title: tab?.title });
  return true;
}
