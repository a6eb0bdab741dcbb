import { browser } from 'wxt/browser';
import { glossaryFromSyncPieces, glossaryToSyncPieces } from '../glossary/sync-chunks';
import type { GlossaryEntry } from '../glossary';
import { getSettings, settingsItem, updateSettings } from './items';
import { parseSettings } from './schema';
import { createSerial } from '../serial';

/**
 * The glossary's copy in the browser's sync storage (issue 40): written whenever the glossary
 * changes, when it fits the quota (else removed there: the options say it is kept in this browser
 * only); read back once, on a new install whose glossary is empty, so a reinstall on a browser
 * signed in to its account gets the terms back. The settings themselves stay in local storage.
 */

/** The number of pieces; each piece is under `glossary.<i>`. */
const COUNT_KEY = 'glossary';
const pieceKey = (i: number) => `${COUNT_KEY}.${i}`;
const ours = (key: string) => key === COUNT_KEY || key.startsWith(`${COUNT_KEY}.`);

/** One write of the copy at a time: two quick changes (an import, then an edit) must not remove each other's pieces. */
const serial = createSerial();

/** Writes the glossary's copy (nothing when unchanged: the quota counts writes); false when it does not fit and was removed. */
export function syncGlossary(glossary: readonly GlossaryEntry[]): Promise<boolean> {
  return serial(() => writeCopy(glossary));
}

async function writeCopy(glossary: readonly GlossaryEntry[]): Promise<boolean> {
  const area = browser.storage.sync;
  const pieces = glossaryToSyncPieces(glossary);
  const stored = await area.get(null);
  const old = Object.keys(stored).filter(ours);
  // Empty, or too large: no copy (an empty one would wipe the terms of another browser of the account).
  if (!pieces || glossary.length === 0) {
    if (old.length) await area.remove(old);
    return pieces !== null;
  }
  const next: Record<string, unknown> = { [COUNT_KEY]: pieces.length, ...Object.fromEntries(pieces.map((piece, i) => [pieceKey(i), piece])) };
  const changed = Object.keys(next).some((key) => stored[key] !== next[key]);
  if (changed) await area.set(next);
  const stale = old.filter((key) => !(key in next));
  if (stale.length) await area.remove(stale);
  return true;
}

/** The glossary's copy in sync storage, checked as stored settings are; empty when there is none. */
export async function syncedGlossary(): Promise<GlossaryEntry[]> {
  const stored = await browser.storage.sync.get(null);
  const count = stored[COUNT_KEY];
  if (typeof count !== 'number' || count < 1) return [];
  const list = glossaryFromSyncPieces(Array.from({ length: count }, (_, i) => stored[pieceKey(i)]));
  return list ? parseSettings({ glossary: list }).glossary : [];
}

/** The worker keeps the copy up to date with every change of the glossary, wherever it was made. */
export function watchGlossarySync(): void {
  settingsItem.watch((next, previous) => {
    const glossary = parseSettings(next).glossary;
    if (JSON.stringify(glossary) === JSON.stringify(parseSettings(previous).glossary)) return;
    void syncGlossary(glossary).catch(() => undefined);
  });
}

/** On a new install with an empty glossary: the terms synced from the user's account, if any. */
export async function restoreGlossaryFromSync(): Promise<void> {
  if ((await getSettings()).glossary.length > 0) return;
  const synced = await syncedGlossary();
  if (synced.length) await updateSettings({ glossary: synced });
}
