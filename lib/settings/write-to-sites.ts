import { storage } from '#imports';

/**
 * The language the user writes to, chosen per site (host → language code), kept by the worker
 * (lib/background/write-to.ts); here so that the options' Stored data can count and clear it.
 */
export const writeToBySiteItem = storage.defineItem<Record<string, string>>('local:writeToBySite', { fallback: {} });

/** How many sites have a language chosen for what the user writes. */
export async function countWriteToSites(): Promise<number> {
  return Object.keys(await writeToBySiteItem.getValue()).length;
}

/** Forgets every site's choice. */
export async function clearWriteToSites(): Promise<void> {
  await writeToBySiteItem.removeValue();
}
