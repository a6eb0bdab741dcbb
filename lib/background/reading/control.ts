import type { ReadingState } from '../../messaging/protocol';
import type { PlayerAction, PlayerEvent } from '../../player/contract';
import { inWords } from '../../player/player-error';
import { t } from '../../i18n';
import { setBadge } from '../badge';
import { PAGE_INJECT_TIMEOUT_MS, tellPage } from '../page-link';
import { setWaitNote } from '../wait-notes';
import { endFetches } from './audio-fetch';
import { withdrawStarting } from './begun';
import { withBase } from './follow';
import { playerHost } from './host';
import { closePagePlayer } from './page-player';
import { restartPlayer } from './recovery';
import { boughtFrom, mayReach } from './reach';
import { readingOf, sessionItem, withReading } from './session';
import { changeSpeed, coalescedSteps, stepSpeed } from './speed';

/**
 * Ends the current reading (`fromTab`: only that tab's; see readingOf): requests cancelled,
 * highlight and badge cleared. A reading still starting (its first request perhaps with a slow
 * service) is withdrawn: it never starts, and its page says it was stopped.
 */
export async function stopReading(fromTab?: number): Promise<void> {
  for (const tabId of withdrawStarting(fromTab === undefined ? {} : { tabId: fromTab })) {
    if (tabId !== null) void tellOnceThere(tabId, { type: 'pageNotice', tone: 'info', message: t('readingStopped'), timeoutMs: 4000 });
  }
  await withReading(async () => {
    if (fromTab === undefined || (await sessionItem.getValue())?.tabId === fromTab) await stopCurrent();
  });
}

/**
 * Tells the top page, trying again while it does not answer, as long as the page script may take
 * to get in: a reading stopped while it starts may be stopped before its page script, injected
 * beside the first request, runs (a busy renderer takes seconds).
 */
async function tellOnceThere(tabId: number, notice: Parameters<typeof tellPage>[2]): Promise<void> {
  for (let tries = 0; tries < PAGE_INJECT_TIMEOUT_MS / 250; tries++) {
    if (await tellPage(tabId, 0, notice).catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The tab a reading came from was closed: its reading ends, or never starts (nothing more is asked for it). */
export async function stopReadingOfTab(tabId: number): Promise<void> {
  withdrawStarting({ tabId });
  await withReading(async () => {
    if ((await sessionItem.getValue())?.tabId === tabId) await stopCurrent();
  });
}

export async function stopCurrent(): Promise<void> {
  const session = await sessionItem.getValue();
  if (!session) return;
  await sessionItem.setValue(null);
  // The player first, so that it does not ask again for what is cancelled next.
  await playerHost().control('stop').catch(() => false);
  endFetches(session.plan.sessionId);
  await setWaitNote(`reading:${session.plan.sessionId}`, null);
  if (session.tabId !== null) await tellPage(session.tabId, session.frameId ?? 0, { type: 'pageClearHighlight' });
  await closePagePlayer(session);
  await setBadge('idle');
}

/**
 * Pause, resume, next, previous or stop; `fromTab`: asked by that tab's page, which controls only
 * its own tab's reading. When the player is gone (Chrome closes a silent offscreen document after a
 * while) or the reading was interrupted, a new one starts where the reading was. Previous into a
 * part of the text the user did not agree to pay for asks first (reach.ts).
 */
export async function controlReading(action: PlayerAction, fromTab?: number): Promise<void> {
  // Stop also reaches a reading still starting (there is no current reading yet).
  if (action === 'stop') return stopReading(fromTab);
  const session = await readingOf(fromTab);
  const at = session.position?.sentence ?? session.startSentence ?? 0;
  const back = Math.max(at - 1, 0);
  if (action === 'previous' && back < boughtFrom(session)) return void (await goTo(session.plan.sessionId, back));
  if (!session.interrupted && (await playerHost().control(action))) return;
  if (action === 'pause') return;
  const last = session.plan.sentenceCount - 1;
  await goTo(session.plan.sessionId, action === 'next' ? Math.min(at + 1, last) : action === 'previous' ? back : at);
}

/**
 * Reads the reading `sessionId` again from its first sentence (the page's "Start from the
 * beginning", whose label showed `agreed` credits when that was above the threshold).
 */
export const readFromStart = (sessionId: string, agreed = 0): Promise<boolean> => goTo(sessionId, 0, agreed);

/**
 * Goes on reading from `sentence` at once (the page's "Read from here"): a new player starts
 * there. Audio already in the cache plays at once; requests still on their way are joined, not
 * sent again (audio-fetch.ts), so only what is missing is asked for.
 */
export async function jumpReading(sentence: number, fromTab?: number): Promise<void> {
  const session = await readingOf(fromTab);
  await goTo(session.plan.sessionId, Math.min(sentence, session.plan.sentenceCount - 1));
}

/**
 * Starts the reading `sessionId` (if it is still the current one) again at `sentence` in a new
 * player, in place of one that may still be playing it (its "stopped" is an older generation's:
 * not the end of the reading); when that buys more than was agreed to, the page asks first and the
 * reading goes on as it was. False when that reading is over.
 */
export function goTo(sessionId: string, sentence: number, agreed = 0): Promise<boolean> {
  return withReading(async () => {
    const session = await sessionItem.getValue();
    if (session?.plan.sessionId !== sessionId) return false;
    if (!(await mayReach(session, sentence, agreed))) return true;
    const bought = Math.min(boughtFrom(session), sentence);
    await restartPlayer(playerHost(), { ...session, recoveries: 0, boughtFrom: bought }, sentence);
    return true;
  });
}

/** Resumes the reading `sessionId` if it is still the current one (a Resume button on the page). */
export async function resumeReading(sessionId: string): Promise<boolean> {
  const session = await sessionItem.getValue();
  if (session?.plan.sessionId !== sessionId) return false;
  await controlReading('resume');
  return true;
}

/** The reading as the popup shows it, or null. */
export async function getReadingState(): Promise<ReadingState | null> {
  const session = await sessionItem.getValue();
  if (!session) return null;
  const about = { title: session.plan.title, sentenceCount: session.plan.sentenceCount, speed: session.plan.params.speed };
  const stored: PlayerEvent = session.position ?? { sessionId: session.plan.sessionId, status: 'loading', sentence: session.startSentence ?? 0, chunk: 0, elapsedSec: session.elapsedBase ?? 0 };
  // Stopped for good until the user resumes: say why, whatever a leftover player says.
  if (session.interrupted) return { ...stored, status: 'paused', error: { kind: 'interrupted', message: session.interrupted }, ...about };
  // The player's own failures come as a message key (its offscreen document has no i18n): worded here.
  const live = await playerHost().state().then((state) => state && inWords(state, t), () => null);
  const position = live?.sessionId === session.plan.sessionId ? withBase(live, session) : stored;
  return { ...position, ...about };
}

/**
 * Changes the reading's speed from its next sentence (see speed.ts); `fromTab`: asked by the page
 * script of that tab, which may change only the reading of its own tab.
 */
export const setReadingSpeed = (speed: number, fromTab?: number): Promise<void> => withReading(() => changeSpeed(playerHost(), speed, fromTab));

/**
 * Faster or slower by `step` from a shortcut, stepped from the speed of the moment (see stepSpeed):
 * quick presses join into one change by their sum (coalescedSteps), so both apply.
 */
export const stepReadingSpeed = coalescedSteps(withReading, (step) => stepSpeed(playerHost(), step));
