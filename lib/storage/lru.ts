/** What least-recently-used eviction needs to know of a cached entry. */
export interface CacheMeta {
  key: string;
  bytes: number;
  lastUsed: number;
}

/** How large a cache may grow. */
export interface CacheBounds {
  maxBytes: number;
  maxEntries?: number;
}

/**
 * Which entries to evict so the rest fit in `bounds`: least recently used first, never the `keep`
 * key (what was just stored is about to be used, even if it alone exceeds the bounds) and never a
 * `pinned` one (e.g. a download still needs it). Kept and pinned entries count toward the bounds,
 * so the others make room for them; when only those are left the cache stays over its bounds.
 */
export function chooseEvictions(
  entries: readonly CacheMeta[],
  bounds: CacheBounds,
  keep?: string,
  pinned: ReadonlySet<string> = new Set(),
): string[] {
  const maxEntries = bounds.maxEntries ?? Infinity;
  let count = entries.length;
  let bytes = entries.reduce((sum, e) => sum + e.bytes, 0);
  const evict: string[] = [];
  for (const entry of [...entries].sort((a, b) => a.lastUsed - b.lastUsed)) {
    if (count <= maxEntries && bytes <= bounds.maxBytes) break;
    if (entry.key === keep || pinned.has(entry.key)) continue;
    evict.push(entry.key);
    count--;
    bytes -= entry.bytes;
  }
  return evict;
}

/** The part of an idb object store (in a readwrite transaction) that eviction uses. */
interface DeletableStore {
  delete(key: string): Promise<unknown>;
}
interface MetaStore extends DeletableStore {
  index(name: 'lastUsed'): { getAll(): Promise<CacheMeta[]> };
}

/**
 * Within the caller's readwrite transaction: evicts what {@link chooseEvictions} picks from the
 * metadata store and from the store holding the values. Returns the evicted keys.
 */
export async function evictLeastRecentlyUsed(
  meta: MetaStore,
  values: DeletableStore,
  bounds: CacheBounds,
  keep?: string,
  pinned?: ReadonlySet<string>,
): Promise<string[]> {
  const evict = chooseEvictions(await meta.index('lastUsed').getAll(), bounds, keep, pinned);
  await Promise.all(evict.flatMap((k) => [values.delete(k), meta.delete(k)]));
  return evict;
}

/** Number of entries and their total size. */
export function cacheStats(entries: readonly CacheMeta[]): { entries: number; bytes: number } {
  return { entries: entries.length, bytes: entries.reduce((sum, e) => sum + e.bytes, 0) };
}
