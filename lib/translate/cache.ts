import { storage } from '#imports';
import * as z from 'zod/mini';
import { createSerial } from '../serial';
import { serviceIdentity } from '../settings/service-url';

/*
 * Where: storage.local through WXT storage, not IndexedDB. Entries are short text (a bounded few
 * MB in all), the background is the only reader and writer, local storage is already closed to
 * content scripts (lib/background/lockdown.ts), and fakeBrowser tests the real code (there is no
 * IndexedDB in unit tests). Each entry is its own key, so a hit reads one small value; a small
 * index of { usedAt, bytes } per entry drives least-recently-used eviction.
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

/** Bounds of the cache: Chrome's storage.local holds 10 MB without unlimitedStorage, shared with settings. */
export const TRANSLATION_CACHE_MAX_ENTRIES = 500;
export const TRANSLATION_CACHE_MAX_BYTES = 4 * 1024 * 1024;

const ENTRY_PREFIX = 'local:translationCache:' as const;
// Bump when the key's fields or encoding change, so old keys simply stop matching. v2 added the
// service: v1 entries are not migrated (their service is unknown) and are never read again;
// least-recently-used eviction removes them as new translations come in, "Clear" at once.
const KEY_VERSION = 'voxlate-translate-v2';

interface IndexEntry {
  usedAt: number;
  bytes: number;
}
type CacheIndex = Record<string, IndexEntry>;

const indexItem = storage.defineItem<CacheIndex>('local:translationCacheIndex', { fallback: {} });
const entrySchema = z.object({ translation: z.string(), sourceLanguage: z.nullable(z.string()), sourceName: z.string() });
const serial = createSerial();

// A copy: WXT hands out the fallback object itself, and mutating it would leak into later reads.
async function readIndex(): Promise<CacheIndex> {
  return { ...(await indexItem.getValue()) };
}

/** Cache key: SHA-256 (hex) of the version, service, source ('auto' when detected), target and text. */
export async function translationCacheKey(input: TranslationKeyInput): Promise<string> {
  const canonical = JSON.stringify([KEY_VERSION, serviceIdentity(input.service), input.source ?? 'auto', input.target, input.text]);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonical));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Which keys to evict so at most `maxEntries` entries of at most `maxBytes` in all remain: least
 * recently used first, never `keep` (the entry just stored).
 */
export function chooseEvictions(index: CacheIndex, maxEntries: number, maxBytes: number, keep?: string): string[] {
  const entries = Object.entries(index);
  let count = entries.length;
  let bytes = entries.reduce((sum, [, e]) => sum + e.bytes, 0);
  const evict: string[] = [];
  for (const [key, entry] of entries.sort((a, b) => a[1].usedAt - b[1].usedAt)) {
    if (count <= maxEntries && bytes <= maxBytes) break;
    if (key === keep) continue;
    evict.push(key);
    count--;
    bytes -= entry.bytes;
  }
  return evict;
}

/** The cached translation of `input`, marked as just used; null on a miss. */
export function getCachedTranslation(input: TranslationKeyInput, now = Date.now()): Promise<CachedTranslation | null> {
  return serial(async () => {
    const key = await translationCacheKey(input);
    const index = await readIndex();
    const meta = index[key];
    if (!meta) return null;
    const parsed = entrySchema.safeParse(await storage.getItem(`${ENTRY_PREFIX}${key}`));
    if (!parsed.success) {
      // Lost or damaged entry: forget it so it is fetched (once) and stored again.
      delete index[key];
      await Promise.all([indexItem.setValue(index), storage.removeItem(`${ENTRY_PREFIX}${key}`)]);
      return null;
    }
    index[key] = { ...meta, usedAt: now };
    await indexItem.setValue(index);
    return parsed.data;
  });
}

/** Options of {@link putCachedTranslation}, for tests and callers with other bounds. */
export interface PutCacheOptions {
  now?: number;
  maxEntries?: number;
  maxBytes?: number;
}

/** Stores a translation, then evicts least recently used entries beyond the bounds. */
export function putCachedTranslation(
  input: TranslationKeyInput,
  value: CachedTranslation,
  opts: PutCacheOptions = {},
): Promise<void> {
  return serial(async () => {
    const key = await translationCacheKey(input);
    const entry: CachedTranslation = { translation: value.translation, sourceLanguage: value.sourceLanguage, sourceName: value.sourceName };
    // What storage.local's quota counts: the key and the JSON of the value, in UTF-8.
    const bytes = new TextEncoder().encode(ENTRY_PREFIX + key + JSON.stringify(entry)).byteLength;
    // Entry before index: a crash in between leaves an unindexed entry, never an index pointing nowhere useful.
    await storage.setItem(`${ENTRY_PREFIX}${key}`, entry);
    const index = await readIndex();
    index[key] = { usedAt: opts.now ?? Date.now(), bytes };
    const evict = chooseEvictions(
      index,
      opts.maxEntries ?? TRANSLATION_CACHE_MAX_ENTRIES,
      opts.maxBytes ?? TRANSLATION_CACHE_MAX_BYTES,
      key,
    );
    for (const k of evict) delete index[k];
    if (evict.length) await storage.removeItems(evict.map((k) => `${ENTRY_PREFIX}${k}` as const));
    await indexItem.setValue(index);
  });
}

/** Empties the cache, including entries a crash left out of the index. */
export function clearTranslationCache(): Promise<void> {
  return serial(async () => {
    const all = await storage.snapshot('local');
    const keys = Object.keys(all)
      .filter((k) => k.startsWith('translationCache:'))
      .map((k) => `local:${k}` as const);
    await storage.removeItems([...keys, indexItem]);
  });
}

/** Number of cached translations and their approximate size, e.g. for the options page. */
export async function translationCacheStats(): Promise<{ entries: number; bytes: number }> {
  const values = Object.values(await indexItem.getValue());
  return { entries: values.length, bytes: values.reduce((sum, e) => sum + e.bytes, 0) };
}
