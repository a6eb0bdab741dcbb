import { sendMessage } from '../messaging/send';
import { pacedNote, retryNote, slowNote, SLOW_NOTE_MS, watchWait, type WaitWatch } from './wait-notes';

/** A request's note, and whether it only says "slow" (a reason the user can act on or wait out goes first). */
interface Note {
  text: string;
  slow: boolean;
}

/** The notes of each tab's page-translation requests under way, by request, the latest last. */
const notes = new Map<number, Map<symbol, Note>>();
/** What each tab's control was last told (absent: nothing). */
const told = new Map<number, string>();

/**
 * How long a page-translation request may take before it is said to be slow: the usual wait,
 * plus the service's time for its text (a request's worth of paragraphs takes seconds).
 */
export function pageSlowAfterMs(chars: number): number {
  return SLOW_NOTE_MS + 2 * chars;
}

/** The note a tab's control shows: the latest reason to wait, else the latest "slow", else none. */
function current(tabId: number): string | null {
  const up = [...(notes.get(tabId)?.values() ?? [])];
  return (up.findLast((note) => !note.slow) ?? up.at(-1))?.text ?? null;
}

/** Tells the tab's page translation its note when it changed (the top frame: the page, or the PDF reader). */
function tell(tabId: number): void {
  const note = current(tabId);
  if ((told.get(tabId) ?? null) === note) return;
  if (note === null) told.delete(tabId);
  else told.set(tabId, note);
  void sendMessage('pageTranslationNote', { note }, { tabId, frameId: 0 }).catch(() => undefined);
}

/**
 * Watches one page-translation request of `chars` characters for the tab's control: a retry
 * coming, the plan's pace holding it, or a service slower than usual, each said while it lasts
 * and taken back when the request is over (answered, failed or withdrawn by a pause).
 */
export function watchPageRequest(tabId: number, chars: number): WaitWatch {
  const id = Symbol('page request');
  const set = (note: Note | null) => {
    const tab = notes.get(tabId) ?? new Map<symbol, Note>();
    // Deleted first: a note set again is the latest.
    tab.delete(id);
    if (note) tab.set(id, note);
    if (tab.size) notes.set(tabId, tab);
    else notes.delete(tabId);
    tell(tabId);
  };
  const watch = watchWait(
    {
      retry: (error, delayMs) => set({ text: retryNote(error, delayMs), slow: false }),
      paced: (delayMs, perWindow) => set({ text: pacedNote(delayMs, perWindow, 'page'), slow: false }),
      slow: () => set({ text: slowNote(), slow: true }),
    },
    () => true,
    pageSlowAfterMs(chars),
  );
  return {
    onRetry: watch.onRetry,
    onPaced: watch.onPaced,
    stop() {
      watch.stop();
      set(null);
    },
  };
}
