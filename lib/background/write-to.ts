import { getSettings } from '../settings/items';
import { writeToBySiteItem as bySiteItem } from '../settings/write-to-sites';

/*
 * The language a user writes to, per site: writing to a Spanish forum in Spanish, to a German
 * colleague's mail in German. Chosen in the bubble when translating what they wrote, kept for the
 * site (its host), else the options' choice. A private window's choices stay in memory.
 */

/** Sites remembered at most (the oldest choice is forgotten first). */
const KEPT = 500;

/** A private window's choices: never on disk, gone with the worker or the last private window. */
const privateBySite = new Map<string, string>();

async function hostOf(tabId: number): Promise<string | null> {
  const url = (await browser.tabs.get(tabId).catch(() => null))?.url;
  if (!url || !/^https?:/i.test(url)) return null;
  return new URL(url).hostname || null;
}

/**
 * The language the user writes to on this tab's site: their choice for it, else the options', else
 * null (the page decides). `inPrivate`: the tab is a private window's.
 */
export async function writeToFor(tabId: number, inPrivate: boolean): Promise<string | null> {
  const [host, settings] = await Promise.all([hostOf(tabId), getSettings()]);
  const remembered = host ? (inPrivate ? privateBySite.get(host) : (await bySiteItem.getValue())[host]) : undefined;
  return remembered ?? settings.writeTo;
}

/** The user chose `code` for what they write on this tab's site: kept for it (a private window's in memory only). */
export async function rememberWriteTo(tabId: number, code: string, inPrivate: boolean): Promise<void> {
  const host = await hostOf(tabId);
  if (!host) return;
  if (inPrivate) return void privateBySite.set(host, code);
  const { [host]: _earlier, ...others } = await bySiteItem.getValue();
  const kept = Object.entries(others).slice(-(KEPT - 1));
  await bySiteItem.setValue({ ...Object.fromEntries(kept), [host]: code });
}

/** The last private window closed, or stored data cleared: private choices are forgotten. */
export function forgetPrivateWriteTo(): void {
  privateBySite.clear();
}
