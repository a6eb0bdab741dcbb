import type { Browser } from 'wxt/browser';
import { storage } from '#imports';
import { getSettings } from '../settings/items';
import { openInReader, pdfShownIn } from './pdf-tab';

/**
 * Tab id → the addresses of the PDFs it opened in the reader by itself. When the tab comes back to
 * one (Back, from the reader), the browser's own viewer is left alone: the user went there on
 * purpose, and sending them forward again would trap them.
 */
const openedItem = storage.defineItem<Record<string, string[]>>('session:pdfAutoOpened', { fallback: {} });
/** Addresses remembered per tab (the oldest forgotten first). */
const KEPT = 20;

/**
 * "Open every PDF in the Voxlate reader" (an option, off by default): a tab that finishes loading
 * a PDF is shown in the reader, with nothing read or paid. Without access to every site (asked for
 * when the option is turned on) the browser tells us no tab's address, and nothing is looked at.
 */
export async function openPdfTabInReader(tabId: number, change: Browser.tabs.OnUpdatedInfo, tab: Browser.tabs.Tab): Promise<void> {
  // Not a private window's tab: the reader keeps its documents on disk (and Chrome shows no extension page there).
  if (change.status !== 'complete' || !tab.url || !/^https?:/i.test(tab.url) || tab.incognito) return;
  if (!(await getSettings()).openPdfsInReader) return;
  const opened = await openedItem.getValue();
  if (opened[tabId]?.includes(tab.url)) return;
  const pdf = await pdfShownIn(tabId).catch(() => null);
  if (!pdf) return;
  await openedItem.setValue({ ...opened, [tabId]: [...(opened[tabId] ?? []), tab.url].slice(-KEPT) });
  await openInReader(tabId, pdf, null).catch(() => undefined);
}

/** A closed tab's addresses are forgotten. */
export async function forgetPdfTab(tabId: number): Promise<void> {
  const opened = await openedItem.getValue();
  if (!opened[tabId]) return;
  delete opened[tabId];
  await openedItem.setValue(opened);
}
