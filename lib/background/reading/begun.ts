import { notePrivateSession } from '../private-windows';
import { endFetches, refuseIfEnded } from './audio-fetch';
import { readingAt } from './said';
import { hearReadingIn } from './translated';

/**
 * Readings that have begun but are not started yet (planned, priced, asked about, waiting for
 * their page: their first request and the price probe may already be with the service), by
 * session id, with the tab each is for. Stop, the tab closing and a new reading withdraw them:
 * nothing more is sent for them and they never start.
 */
const starting = new Map<string, number | null>();

/**
 * What must be known of a reading before any of its requests leaves: whether it comes from a
 * private window (its audio is then kept in memory only; returned), whether it is heard as written
 * or translated chunk by chunk, and its site (for the user's pronunciations). From here until
 * `doneStarting`, it can be withdrawn.
 */
export async function noteReadingBegun(sessionId: string, tabId: number | null, translateTo?: string, sourceLanguage: string | null = null): Promise<boolean> {
  starting.set(sessionId, tabId);
  const inPrivate = await notePrivateSession(sessionId, tabId);
  hearReadingIn(sessionId, translateTo, sourceLanguage, tabId);
  readingAt(sessionId, tabId);
  return inPrivate;
}

/** The reading `sessionId` has started, or given up: it is no longer withdrawn from here. */
export function doneStarting(sessionId: string): void {
  starting.delete(sessionId);
}

/**
 * Withdraws the readings still starting (those for tab `tabId` only, when given; all but `keep`):
 * what they asked for and was not sent yet is dropped, and they refuse to start. Returns the tabs
 * they were for.
 */
export function withdrawStarting(opts: { tabId?: number; keep?: string } = {}): (number | null)[] {
  const tabs: (number | null)[] = [];
  for (const [sessionId, tabId] of starting) {
    if (sessionId === opts.keep || (opts.tabId !== undefined && tabId !== opts.tabId)) continue;
    starting.delete(sessionId);
    endFetches(sessionId);
    tabs.push(tabId);
  }
  return tabs;
}

/** Throws "stopped" when the reading `sessionId` was withdrawn (or stopped) while it was starting: audio-fetch's own check. */
export const refuseIfWithdrawn = refuseIfEnded;

/** How many readings are starting now (the test build's hooks report it). */
export const startsUnderWay = (): number => starting.size;
