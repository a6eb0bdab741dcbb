import { storage } from '#imports';
import * as z from 'zod/mini';
import { voxlateDb } from '../storage/database';
import { evictLeastRecentlyUsed } from '../storage/lru';
import { cachedTranslationSchema, TRANSLATION_CACHE_MAX_BYTES, TRANSLATION_CACHE_MAX_ENTRIES } from './cache';
import { historyEntrySchema, HISTORY_LIMIT } from './history';

/*
 * Before layout 2, the translation cache (one `translationCache:<key>` item per entry and a
 * `translationCacheIndex`) and the history (`translationHistory`, an array) lived in storage.local.
 * They move to IndexedDB once; the old items are then removed so they do not hold storage.local's
 * 10 MB forever. The layout is written last: a move cut short (the worker stopped) runs again
 * from the start, and running it twice writes the same records under the same keys.
 */
const layoutItem = storage.defineItem<number>('local:storageLayout', { fallback: 1 });
const LAYOUT = 2;
const CACHE_PREFIX = 'translationCache:';
const legacyIndexEntrySchema = z.object({ usedAt: z.number(), bytes: z.number() });

/** Moves translations and history from storage.local to IndexedDB, once. Call at the worker's start. */
export async function moveLegacyStorage(): Promise<void> {
  if ((await layoutItem.getValue()) >= LAYOUT) return;
  // History first: it is what the popup shows the moment it opens.
  await moveHistory();
  await moveTranslationCache();
  await layoutItem.setValue(LAYOUT);
}

async function moveHistory(): Promise<void> {
  const raw = await storage.getItem<unknown>('local:translationHistory');
  if (raw === null) return;
  const entries = (Array.isArray(raw) ? raw : []).flatMap((item) => {
    const parsed = historyEntrySchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
  if (entries.length) {
    const tx = (await voxlateDb()).transaction('history', 'readwrite');
    await Promise.all(entries.slice(0, HISTORY_LIMIT).map((entry) => tx.store.put(entry)));
    await tx.done;
  }
  await storage.removeItem('local:translationHistory');
}

async function moveTranslationCache(): Promise<void> {
  const local = await storage.snapshot('local');
  const itemKeys = Object.keys(local).filter((k) => k.startsWith(CACHE_PREFIX));
  const rawIndex = local.translationCacheIndex;
  if (!itemKeys.length && rawIndex === undefined) return;
  const index = typeof rawIndex === 'object' && rawIndex !== null ? (rawIndex as Record<string, unknown>) : {};
  // Entries the index does not know (a crash between the two writes) or that are damaged are dropped.
  const moved = itemKeys.flatMap((itemKey) => {
    const key = itemKey.slice(CACHE_PREFIX.length);
    const meta = legacyIndexEntrySchema.safeParse(index[key]);
    const value = cachedTranslationSchema.safeParse(local[itemKey]);
    return meta.success && value.success ? [{ key, value: value.data, bytes: meta.data.bytes, lastUsed: meta.data.usedAt }] : [];
  });
  if (moved.length) {
    const tx = (await voxlateDb()).transaction(['translations', 'translationMeta'], 'readwrite');
    const values = tx.objectStore('translations');
    const metas = tx.objectStore('translationMeta');
    await Promise.all(moved.flatMap(({ key, value, bytes, lastUsed }) => [values.put(value, key), metas.put({ key, bytes, lastUsed })]));
    await evictLeastRecentlyUsed(metas, values, { maxEntries: TRANSLATION_CACHE_MAX_ENTRIES, maxBytes: TRANSLATION_CACHE_MAX_BYTES });
    await tx.done;
  }
  await storage.removeItems([...itemKeys.map((k) => `local:${k}` as const), 'local:translationCacheIndex']);
}
