import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { serviceIdentity } from '../settings/service-url';
import { pinnedAudioKeys } from './pins';

export type AudioFormat = 'mp3' | 'wav';

/** Everything that changes the audio the service returns for a chunk. */
export interface AudioCacheKeyInput {
  /** The service's address (settings' serviceUrl): another service speaks the same text differently. */
  service: string;
  text: string;
  voiceId: string;
  language: string;
  speed: number;
  format: AudioFormat;
}

/** What a caller stores: the audio and what is needed to play or download it. */
export interface AudioEntry {
  audio: Uint8Array;
  format: AudioFormat;
  fileName: string;
  durationSec: number;
}

/** A cached entry as read back. */
export interface CachedAudio extends AudioEntry {
  key: string;
  bytes: number;
  lastUsed: number;
}

/** The small per-entry record that stats and eviction scan (the audio itself lives apart). */
export interface AudioMeta {
  key: string;
  format: AudioFormat;
  fileName: string;
  durationSec: number;
  bytes: number;
  lastUsed: number;
}

/** Default size bound of the cache: about 3 hours of speech at 128 kbps MP3. */
export const AUDIO_CACHE_LIMIT_BYTES = 200 * 1024 * 1024;

const DB_NAME = 'voxlate-audio';
const DB_VERSION = 1;
// Bump when the key's fields or their encoding change, so old keys simply stop matching. v2 added
// the service: v1 entries are not migrated (their service is unknown) and are never read again;
// least-recently-used eviction removes them as new audio comes in, "Clear" at once.
const KEY_VERSION = 'voxlate-audio-v2';

interface AudioDb extends DBSchema {
  // Audio bytes apart from their metadata, so listing entries never loads megabytes of audio.
  audio: { key: string; value: Uint8Array };
  meta: { key: string; value: AudioMeta; indexes: { lastUsed: number } };
}

/**
 * The canonical text hashed into a cache key: a fixed-order array, so the callers' property order
 * does not matter, and speed rounded so a slider's float noise (1.1000000001) still hits.
 */
export function canonicalKeyText(input: AudioCacheKeyInput): string {
  const speed = Math.round(input.speed * 1000) / 1000;
  return JSON.stringify([KEY_VERSION, serviceIdentity(input.service), input.format, input.voiceId, input.language, speed, input.text]);
}

/** Cache key of a chunk's audio: SHA-256 (hex) of {@link canonicalKeyText}. */
export async function audioCacheKey(input: AudioCacheKeyInput): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonicalKeyText(input)));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Which entries to evict so the cache fits in `limitBytes`: least recently used first, never the
 * `keep` key (the audio just stored is about to be played, even if it alone exceeds the limit)
 * and never a `pinned` one (a download still needs it). Pinned entries count toward the size, so
 * the others make room for them; when only pinned ones are left the cache stays over the limit.
 */
export function chooseEvictions(
  entries: readonly AudioMeta[],
  limitBytes: number,
  keep?: string,
  pinned: ReadonlySet<string> = new Set(),
): string[] {
  let total = entries.reduce((sum, e) => sum + e.bytes, 0);
  const evict: string[] = [];
  const oldestFirst = [...entries].sort((a, b) => a.lastUsed - b.lastUsed);
  for (const entry of oldestFirst) {
    if (total <= limitBytes) break;
    if (entry.key === keep || pinned.has(entry.key)) continue;
    evict.push(entry.key);
    total -= entry.bytes;
  }
  return evict;
}

let dbPromise: Promise<IDBPDatabase<AudioDb>> | null = null;

// Opened lazily: this module is imported by contexts (service worker, offscreen page) at start-up.
function db(): Promise<IDBPDatabase<AudioDb>> {
  dbPromise ??= openDB<AudioDb>(DB_NAME, DB_VERSION, {
    upgrade(database) {
      database.createObjectStore('audio');
      database.createObjectStore('meta', { keyPath: 'key' }).createIndex('lastUsed', 'lastUsed');
    },
    // Another context (e.g. after an update) needs a newer version: let it, reopen on next use.
    blocking() {
      void dbPromise?.then((d) => d.close());
      dbPromise = null;
    },
    terminated() {
      dbPromise = null;
    },
  });
  return dbPromise;
}

export interface PutAudioOptions {
  limitBytes?: number;
  now?: number;
  /** Keys eviction must spare; default: what is pinned (lib/speech/pins.ts). */
  pinned?: ReadonlySet<string>;
}

/** Stores a chunk's audio, then evicts least recently used entries (not pinned ones) until under the limit. */
export async function putAudio(key: string, entry: AudioEntry, opts: PutAudioOptions = {}): Promise<void> {
  // A view into a larger buffer would be stored with the whole buffer (structured clone copies it).
  const audio =
    entry.audio.byteOffset === 0 && entry.audio.byteLength === entry.audio.buffer.byteLength
      ? entry.audio
      : entry.audio.slice();
  const meta: AudioMeta = {
    key,
    format: entry.format,
    fileName: entry.fileName,
    durationSec: entry.durationSec,
    bytes: audio.byteLength,
    lastUsed: opts.now ?? Date.now(),
  };
  // Read before the transaction: awaiting anything but IndexedDB inside it would commit it early.
  const pinned = opts.pinned ?? (await pinnedAudioKeys());
  const tx = (await db()).transaction(['audio', 'meta'], 'readwrite');
  const audioStore = tx.objectStore('audio');
  const metaStore = tx.objectStore('meta');
  await Promise.all([audioStore.put(audio, key), metaStore.put(meta)]);
  const evict = chooseEvictions(await metaStore.index('lastUsed').getAll(), opts.limitBytes ?? AUDIO_CACHE_LIMIT_BYTES, key, pinned);
  await Promise.all(evict.flatMap((k) => [audioStore.delete(k), metaStore.delete(k)]));
  await tx.done;
}

/** Reads a chunk's audio and marks it as just used (so eviction spares it). */
export async function getAudio(key: string, now = Date.now()): Promise<CachedAudio | undefined> {
  const tx = (await db()).transaction(['audio', 'meta'], 'readwrite');
  const metaStore = tx.objectStore('meta');
  const [audio, meta] = await Promise.all([tx.objectStore('audio').get(key), metaStore.get(key)]);
  if (!audio || !meta) {
    await tx.done;
    return undefined;
  }
  const used = { ...meta, lastUsed: now };
  await metaStore.put(used);
  await tx.done;
  return { ...used, audio };
}

/** Whether a chunk's audio is cached (does not count as a use). */
export async function hasAudio(key: string): Promise<boolean> {
  return (await (await db()).count('meta', key)) > 0;
}

/** Empties the cache. */
export async function clearAudioCache(): Promise<void> {
  const tx = (await db()).transaction(['audio', 'meta'], 'readwrite');
  await Promise.all([tx.objectStore('audio').clear(), tx.objectStore('meta').clear(), tx.done]);
}

/** Metadata of every cached entry (never the audio), e.g. to learn how large a second of each format is. */
export async function audioCacheEntries(): Promise<AudioMeta[]> {
  return (await db()).getAll('meta');
}

/** Number of cached entries and their total audio size, e.g. for the options page. */
export async function audioCacheStats(): Promise<{ entries: number; bytes: number }> {
  const all = await audioCacheEntries();
  return { entries: all.length, bytes: all.reduce((sum, e) => sum + e.bytes, 0) };
}
