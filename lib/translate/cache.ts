import * as z from 'zod/mini';
import { serviceIdentity } from '../settings/service-url';
import { voxlateDb } from '../storage/database';
import { hashKey } from '../storage/hash-key';
import { cacheStats, evictLeastRecentlyUsed } from '../storage/lru';

/*
 * Where: the extension's IndexedDB (lib/storage/database.ts), beside the audio cache and with its
 * hashing and least-recently-used eviction. Values and their { key, bytes, lastUsed } records are
 * in two stores, so eviction and the options page's figures never read the translations.
 */

/** A translation as cached: what the bubble shows, without the source text (the key stands for it). */
export interface CachedTranslation {
  translation: string;
  /** Code of the detected or given source language; null when the service named one not in our table. */
  sourceLanguage: string | null;
  /** The source language's name as the service gave it. */
  sourceName: string;
}

/** What a translation depends on. `source` null means detected by the service ('auto'). */
export interface TranslationKeyInput {
  /** The service's address (settings' serviceUrl): another service translates differently. */
  service: string;
  text: string;
  source: string | null;
  target: string;
}

/** Bounds of the cache: translations are small, a few MB keep hundreds of them. */
export const TRANSLATION_CACHE_MAX_ENTRIES = 500;
export const TRANSLATION_CACHE_MAX_BYTES = 4 * 1024 * 1024;

// Bump when the key's fields or encoding change, so old keys simply stop matching. v2 added the
// service: v1 entries are not migrated (their service is unknown) and are never read again;
// least-recently-used eviction removes them as new translations come in, "Clear" at once.
const KEY_VERSION = 'voxlate-translate-v2';

/** A cached translation as stored; checked on every read. */
export const cachedTranslationSchema = z.object({ translation: z.string(), sourceLanguage: z.nullable(z.string()), sourceName: z.string() });

/** Cache key: SHA-256 (hex) of the version, service, source ('auto' when detected), target and text. */
export function translationCacheKey(input: TranslationKeyInput): Promise<string> {
  return hashKey([KEY_VERSION, serviceIdentity(input.service), input.source ?? 'auto', input.target, input.text]);
}

/**
 * Translations asked for in private windows, in the worker's memory only (never on disk), by cache
 * key: the same text is not paid twice while a private window is open. Read before the database;
 * dropped when the last private window closes (lib/background/private-windows.ts).
 */
const inMemory = new Map<string, CachedTranslation>();
const MEMORY_MAX_ENTRIES = TRANSLATION_CACHE_MAX_ENTRIES;

/** Forgets the translations kept in memory (the last private window closed). */
export function dropTranslationsInMemory(): void {
  inMemory.clear();
}

/**
 * Opens the database ahead of a lookup that is on the clock (a page translation's first message:
 * opening it is tens of ms in a worker just woken, more on its first use); never fails.
 */
export async function openTranslationCache(): Promise<void> {
  await voxlateDb().catch(() => undefined);
}

/** The cached translation of `input`, marked as just used; null on a miss. */
export async function getCachedTranslation(input: TranslationKeyInput, now = Date.now()): Promise<CachedTranslation | null> {
  const key = await translationCacheKey(input);
  const kept = inMemory.get(key);
  if (kept) return kept;
  const tx = (await voxlateDb()).transaction(['translations', 'translationMeta'], 'readwrite');
  const values = tx.objectStore('translations');
  const metas = tx.objectStore('translationMeta');
  const [value, meta] = await Promise.all([values.get(key), metas.get(key)]);
  const parsed = cachedTranslationSchema.safeParse(value);
  if (!meta || !parsed.success) {
    // Lost or damaged entry: forget it so it is fetched (once) and stored again.
    if (meta || value !== undefined) await Promise.all([values.delete(key), metas.delete(key)]);
    await tx.done;
    return null;
  }
  await metas.put({ ...meta, lastUsed: now });
  await tx.done;
  return parsed.data;
}

/**
 * The cached translations of many texts at once (null for a miss), in one transaction: a page's
 * hundreds of paragraphs are looked up before anything is sent, and a transaction each would
 * hold the first request back. Found entries are marked as just used; damaged ones are dropped.
 */
export async function getCachedTranslations(inputs: readonly TranslationKeyInput[], now = Date.now()): Promise<(CachedTranslation | null)[]> {
  const keys = await Promise.all(inputs.map((input) => translationCacheKey(input)));
  const tx = (await voxlateDb()).transaction(['translations', 'translationMeta'], 'readwrite');
  const values = tx.objectStore('translations');
  const metas = tx.objectStore('translationMeta');
  const found = await Promise.all(
    keys.map(async (key) => {
      const kept = inMemory.get(key);
      if (kept) return kept;
      const [value, meta] = await Promise.all([values.get(key), metas.get(key)]);
      const parsed = cachedTranslationSchema.safeParse(value);
      if (meta && parsed.success) {
        await metas.put({ ...meta, lastUsed: now });
        return parsed.data;
      }
      if (meta || value !== undefined) await Promise.all([values.delete(key), metas.delete(key)]);
      return null;
    }),
  );
  await tx.done;
  return found;
}

/** Options of {@link putCachedTranslation}, for tests and callers with other bounds. */
export interface PutCacheOptions {
  now?: number;
  maxEntries?: number;
  maxBytes?: number;
  /** A private window's translation: kept in memory only, never in the database. */
  inMemory?: boolean;
}

/** Stores a translation, then evicts least recently used entries beyond the bounds. */
export async function putCachedTranslation(
  input: TranslationKeyInput,
  value: CachedTranslation,
  opts: PutCacheOptions = {},
): Promise<void> {
  const key = await translationCacheKey(input);
  const entry: CachedTranslation = { translation: value.translation, sourceLanguage: value.sourceLanguage, sourceName: value.sourceName };
  if (opts.inMemory) {
    inMemory.delete(key);
    inMemory.set(key, entry);
    // Insertion order: the first is the oldest.
    while (inMemory.size > MEMORY_MAX_ENTRIES) inMemory.delete(inMemory.keys().next().value!);
    return;
  }
  const bytes = translationBytes(key, entry);
  const tx = (await voxlateDb()).transaction(['translations', 'translationMeta'], 'readwrite');
  const values = tx.objectStore('translations');
  const metas = tx.objectStore('translationMeta');
  await Promise.all([values.put(entry, key), metas.put({ key, bytes, lastUsed: opts.now ?? Date.now() })]);
  const bounds = { maxEntries: opts.maxEntries ?? TRANSLATION_CACHE_MAX_ENTRIES, maxBytes: opts.maxBytes ?? TRANSLATION_CACHE_MAX_BYTES };
  await evictLeastRecentlyUsed(metas, values, bounds, key);
  await tx.done;
}

// The size an entry is counted at: its key and value as UTF-8 JSON.
function translationBytes(key: string, entry: CachedTranslation): number {
  return new TextEncoder().encode(key + JSON.stringify(entry)).byteLength;
}

/** Empties the cache. */
export async function clearTranslationCache(): Promise<void> {
  const tx = (await voxlateDb()).transaction(['translations', 'translationMeta'], 'readwrite');
  await Promise.all([tx.objectStore('translations').clear(), tx.objectStore('translationMeta').clear(), tx.done]);
}

/** Number of cached translations and their approximate size, e.g. for the options page. */
export async function translationCacheStats(): Promise<{ entries: number; bytes: number }> {
  return cacheStats(await (await voxlateDb()).getAll('translationMeta'));
}
