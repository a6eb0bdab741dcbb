import { browser } from 'wxt/browser';
import { pageAddressOf } from '../pdf-tab';
import { hashKey } from '../../storage/hash-key';
import { positionOf, savePosition, type ReadingPosition } from '../../settings/reading-positions';
import type { PlayerEvent } from '../../player/contract';
import type { ResumeOffer } from '../../messaging/protocol';
import { formatNumber, t } from '../../i18n';
import { holdForConfirmation } from '../spend/questions';
import { tellPage } from '../page-link';
import { startFromBeginningOffer } from './reach';
import { sessionItem, type ReadingPage, type ReadingSession } from './session';
import { isPrivateTab } from '../private-windows';

/** What the pending-action store calls a resumed reading the user may restart from its beginning. */
export const RESTART_KIND = 'restart';

/** What a "Start from the beginning" button on the page carries (checked against the tab that clicked it). */
export interface RestartRequest {
  tabId: number;
  sessionId: string;
}


/**
 * The page read whole in tab `tabId` (its address without fragment, and a hash of its text), and
 * where the user stopped reading that same text last time, if they did. The address is the
 * browser's (the user invoked us on this tab, so we may see it); nothing runs on the page for it.
 * A page in a private window is remembered in memory only, apart from the others.
 */
export async function resumePoint(tabId: number, text: string): Promise<{ page: ReadingPage; from: ReadingPosition | null } | null> {
  const url = await pageAddressOf(tabId);
  if (!url) return null;
  const inPrivate = await isPrivateTab(tabId);
  const page: ReadingPage = { url, textKey: await hashKey(['voxlate-page-text-v1', text]), ...(inPrivate ? { private: true as const } : {}) };
  const saved = await positionOf(url, inPrivate);
  return { page, from: saved && saved.textKey === page.textKey && saved.sentence < saved.sentenceCount ? saved : null };
}

/** Remembers where the reading of a page is, sentence by sentence; forgets it once it is read to its end. */
export async function followPosition(session: ReadingSession, event: PlayerEvent): Promise<void> {
  const { page, plan } = session;
  if (!page) return;
  const inPrivate = page.private === true;
  if (event.status === 'ended') return savePosition(page.url, null, inPrivate);
  // A stop, an error, or the very first sentence: the last place saved stays as it is.
  if (event.status === 'stopped' || event.status === 'error' || event.sentence < 1) return;
  await savePosition(page.url, {
    url: page.url,
    title: plan.title,
    textKey: page.textKey,
    sentence: event.sentence,
    sentenceCount: plan.sentenceCount,
    savedAt: Date.now(),
  }, inPrivate);
}

/**
 * Says on the page that the reading went on from where the user stopped, with a button to start
 * from the beginning: the button shows what the part before costs when that is above the user's
 * threshold, and pressing it agrees to that figure (reach.ts).
 */
export async function tellResumed(tabId: number, sessionId: string, sentence: number, sentenceCount: number): Promise<void> {
  const session = await sessionItem.getValue();
  if (session?.plan.sessionId !== sessionId) return;
  const offer = await startFromBeginningOffer(session);
  const token = await holdForConfirmation<RestartRequest>(RESTART_KIND, { tabId, sessionId }, offer.credits);
  await tellPage(tabId, 0, {
    type: 'pageNotice',
    tone: 'info',
    message: t('resumeNotice', [formatNumber(sentence + 1), formatNumber(sentenceCount)]),
    confirm: { token, label: offer.label },
    // A plain offer goes by itself; one with a figure is a question, and stays until answered.
    ...(offer.asks ? {} : { timeoutMs: 20_000 }),
  });
}

/**
 * For the popup: the saved position of the page in the active tab (opening the popup lets us see
 * its address), unless that page is being read right now.
 */
export async function activeTabResumeOffer(): Promise<ResumeOffer | null> {
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  if (tab?.id === undefined) return null;
  const url = await pageAddressOf(tab.id);
  if (!url || (await sessionItem.getValue())?.tabId === tab.id) return null;
  const saved = await positionOf(url, tab.incognito);
  return saved && { title: saved.title, sentence: saved.sentence, sentenceCount: saved.sentenceCount };
}
