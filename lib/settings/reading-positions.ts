import { storage } from '#imports';

/** Where the user stopped reading a page, to offer to go on from there when they come back. */
export interface ReadingPosition {
  /** The page's address without its fragment. */
  url: string;
  title: string;
  /** SHA-256 of the text read: a page whose text changed since is read from its start. */
  textKey: string;
  /** The sentence the reading was at (0-based). */
  sentence: number;
  sentenceCount: number;
  savedAt: number;
}

/** Pages remembered at most; the oldest go first. */
export const MAX_POSITIONS = 50;

/**
 * Positions by page address, in storage.local (extension pages only: it is closed to content
 * scripts). Cleared with the other stored data on the options page.
 */
export const readingPositionsItem = storage.defineItem<Record<string, ReadingPosition>>('local:readingPositions', { fallback: {} });

/**
 * Positions of pages read in a private window: in storage.session (memory, never on disk), apart
 * from the others, and forgotten when the last private window closes (lib/background/private-windows.ts).
 */
export const privatePositionsItem = storage.defineItem<Record<string, ReadingPosition>>('session:privateReadingPositions', { fallback: {} });

/** Which of the two a page's position is kept in: a private window's, or the others'. */
const itemFor = (inPrivate: boolean) => (inPrivate ? privatePositionsItem : readingPositionsItem);

/** The key a page is remembered by: its address without the fragment (#section links are the same page). */
export function pageKeyOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:' && parsed.protocol !== 'file:') return null;
    parsed.hash = '';
    return parsed.href;
  } catch {
    return null;
  }
}

/** The saved position of the page at `url`, if any (`inPrivate`: of a page read in a private window). */
export async function positionOf(url: string, inPrivate = false): Promise<ReadingPosition | null> {
  const key = pageKeyOf(url);
  return (key && (await itemFor(inPrivate).getValue())[key]) || null;
}

/**
 * Saves (or with null forgets) the position of the page at `position.url`, keeping the newest
 * MAX_POSITIONS; `inPrivate` (a private window's page): in memory only.
 */
export async function savePosition(url: string, position: ReadingPosition | null, inPrivate = false): Promise<void> {
  const key = pageKeyOf(url);
  if (!key) return;
  const item = itemFor(inPrivate);
  const all = { ...(await item.getValue()) };
  if (!position && !(key in all)) return;
  delete all[key];
  if (position) all[key] = { ...position, url: key };
  const kept = Object.entries(all).sort(([, a], [, b]) => b.savedAt - a.savedAt).slice(0, MAX_POSITIONS);
  await item.setValue(Object.fromEntries(kept));
}

/** How many pages have a saved position. */
export async function countPositions(): Promise<number> {
  return Object.keys(await readingPositionsItem.getValue()).length;
}

/** Forgets every saved position. */
export async function clearPositions(): Promise<void> {
  await Promise.all([readingPositionsItem.removeValue(), privatePositionsItem.removeValue()]);
}

/** Forgets the positions of pages read in private windows (the last one closed). */
export async function forgetPrivatePositions(): Promise<void> {
  await privatePositionsItem.removeValue();
}
