import { browser } from 'wxt/browser';
import { glossaryFromSyncPieces, glossaryToSyncPieces } from '../glossary/sync-chunks';
import type { GlossaryEntry } from '../glossary';
import { getSettings, settingsItem, updateSettings } from './items';
import { parseSettings } from './schema';
import { createSerial } from '../serial';

/**
 * The glossary's copy in the browser's sync storage (issue 40): written whenever the glossary
 * changes, when it fits the quota (else removed there: the options say it is kept in this browser
 * only); read back while this install's glossary is empty — at install, and whenever a copy arrives
 * later (a browser's sync brings the account's data some time after the install: Firefox, whose
 * uninstall wiped the local copy, and Chrome on a new machine) — so a reinstall on a browser signed
 * in to its account gets the terms back. The settings themselves stay in local storage.
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
  if (changed) {
    remember(pieces.join(''));
    await area.set(next);
  }
  const stale = old.filter((key) => !(key in next));
  if (stale.length) await area.remove(stale);
  return true;
}

/**
 * The copies this worker wrote lately (their text). Each write comes back to it as a change, maybe
 * after the glossary was emptied (its last terms deleted in quick succession): that is no copy
 * arriving from the account, and must not bring the deleted terms back.
 */
const written: string[] = [];
const WRITTEN_KEPT = 8;
function remember(text: string): void {
  written.push(text);
  if (written.length > WRITTEN_KEPT) written.shift();
}

/** The copy as stored: its pieces' text, and its entries checked as stored settings are (empty when there is none). */
async function storedCopy(): Promise<{ text: string; glossary: GlossaryEntry[] }> {
  const stored = await browser.storage.sync.get(null);
  const count = stored[COUNT_KEY];
  if (typeof count !== 'number' || count < 1) return { text: '', glossary: [] };
  const pieces = Array.from({ length: count }, (_, i) => stored[pieceKey(i)]);
  const list = glossaryFromSyncPieces(pieces);
  return list ? { text: pieces.join(''), glossary: parseSettings({ glossary: list }).glossary } : { text: '', glossary: [] };
}

/** The glossary's copy in sync storage, checked as stored settings are; empty when there is none. */
export async function syncedGlossary(): Promise<GlossaryEntry[]> {
  return (await storedCopy()).glossary;
}

/** The worker keeps the copy up to date with every change of the glossary, wherever it was made. */
export function watchGlossarySync(): void {
  settingsItem.watch((next, previous) => {
    const glossary = parseSettings(next).glossary;
    if (JSON.stringify(glossary) === JSON.stringify(parseSettings(previous).glossary)) return;
    void syncGlossary(glossary).catch(() => undefined);
  });
}

/** One restore at a time: the install's and a copy's arrival must not both read an empty glossary, then both write. */
const restoring = createSerial();

/**
 * The terms synced from the user's account, taken while this install's glossary is empty (the user
 * has made nothing here yet): never over a glossary started on this install, never merged into one.
 * The copy is read first and the glossary checked last, just before the write, so that a term added
 * meanwhile (in the options, on a page) is not overwritten. `arrived`: a change of the copy, which
 * may be this worker's own write coming back (not taken).
 */
function takeCopy(arrived: boolean): Promise<void> {
  return restoring(async () => {
    const copy = await storedCopy();
    if (!copy.glossary.length || (arrived && written.includes(copy.text))) return;
    if ((await getSettings()).glossary.length > 0) return;
    await updateSettings({ glossary: copy.glossary });
  });
}

/** On a new install with an empty glossary: the terms synced from the user's account, if any. */
export function restoreGlossaryFromSync(): Promise<void> {
  return takeCopy(false);
}

/**
 * The copy may arrive after the install's restore found nothing (the browser's sync brings it from
 * the account later): when it does, it is taken as that restore would. Registered at the worker's
 * start, synchronously, so that the arrival wakes it. A removal brings nothing; our own writes are
 * not arrivals.
 */
export function restoreGlossaryWhenSynced(): void {
  browser.storage.sync.onChanged.addListener((changes) => {
    const arrived = Object.entries(changes).some(([key, change]) => ours(key) && change.newValue != null);
    if (arrived) void takeCopy(true).catch(() => undefined);
  });
}
