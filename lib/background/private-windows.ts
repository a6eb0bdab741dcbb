import { storage } from '#imports';
import { browser } from 'wxt/browser';
import { createSerial } from '../serial';
import { keepAliveDuring } from './keep-alive';
import { forgetPrivatePositions } from '../settings/reading-positions';
import { dropAudioInMemory } from '../speech/cache';
import { forgetPrivateDownload } from './download/state';
import { dropTranslationsInMemory } from '../translate/cache';
import { forgetPrivateWriteTo } from './write-to';

/**
 * Private (incognito) windows: nothing of what is read or translated there is written to disk.
 * The extension runs "spanning" (one worker for all windows, see wxt.config.ts); the browser tells
 * it which tabs are private (`tab.incognito`). What a private use needs for a while (its audio,
 * its translations, where its page reading stopped) is kept in memory only, and dropped when the
 * last private window closes.
 */

/**
 * Readings and downloads started from a private window, by session id: their audio is kept in
 * memory, never in the database. In storage.session (memory), so a restarted worker still knows.
 */
const privateSessionsItem = storage.defineItem<string[]>('session:privateSessions', { fallback: [] });
const MAX_SESSIONS = 100;
const serial = createSerial();

/**
 * Whether tab `tabId` is in a private window. Text typed in the popup (no tab) belongs to the
 * window the popup was opened in: the last focused one. Every caller acts for a tab that just asked
 * (its page's message, its menu), so a tab the browser does not know is not one of a private window.
 */
export async function isPrivateTab(tabId: number | null | undefined): Promise<boolean> {
  if (tabId === null || tabId === undefined) {
    const window = await browser.windows.getLastFocused().catch(() => undefined);
    return window?.incognito ?? false;
  }
  const tab = await browser.tabs.get(tabId).catch(() => undefined);
  return tab?.incognito ?? false;
}

/** Notes that reading or download `sessionId` comes from tab `tabId`; answers whether that is private. */
export async function notePrivateSession(sessionId: string, tabId: number | null | undefined): Promise<boolean> {
  return markPrivateSession(sessionId, await isPrivateTab(tabId));
}

/** Notes reading or download `sessionId` as a private window's when `inPrivate` (known from before); returns it. */
export async function markPrivateSession(sessionId: string, inPrivate: boolean): Promise<boolean> {
  if (!inPrivate) return false;
  holdWorker();
  await serial(async () => {
    const known = await privateSessionsItem.getValue();
    if (!known.includes(sessionId)) await privateSessionsItem.setValue([...known, sessionId].slice(-MAX_SESSIONS));
  });
  return true;
}

/** Whether reading or download `sessionId` was started from a private window (its audio stays in memory). */
export async function isPrivateSession(sessionId: string): Promise<boolean> {
  return (await privateSessionsItem.getValue()).includes(sessionId);
}

/** Ends the hold on the worker (see holdWorker). */
let letWorkerGo: (() => void) | null = null;

/**
 * Chrome stops an idle worker after 30 s, and with it the audio a private reading kept in its
 * memory: a reading paused longer would pay for it again. So while private windows have used
 * Voxlate, the worker is kept (until the last one closes).
 */
function holdWorker(): void {
  if (letWorkerGo) return;
  void keepAliveDuring(() => new Promise<void>((resolve) => (letWorkerGo = resolve)));
}

/** Whether some private window is open now. */
async function privateWindowOpen(): Promise<boolean> {
  const windows = await browser.windows.getAll().catch(() => []);
  return windows.some((w) => w.incognito);
}

/** Drops everything a private window kept (in memory), when none is open any more. */
export async function forgetPrivateUseIfClosed(): Promise<void> {
  if (await privateWindowOpen()) return;
  letWorkerGo?.();
  letWorkerGo = null;
  dropAudioInMemory();
  dropTranslationsInMemory();
  forgetPrivateWriteTo();
  await Promise.all([forgetPrivatePositions(), serial(() => privateSessionsItem.removeValue()), forgetPrivateDownload()]);
}

/**
 * Registered at the worker's start (synchronously): when a window closes, and at start (a worker
 * started after the private windows closed may find their positions still in session storage).
 */
export function watchPrivateWindows(): void {
  browser.windows.onRemoved.addListener(() => void forgetPrivateUseIfClosed().catch(() => undefined));
  void forgetPrivateUseIfClosed().catch(() => undefined);
}
