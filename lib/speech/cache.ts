import { serviceIdentity } from '../settings/service-url';
import { voxlateDb, type AudioMetaRecord } from '../storage/database';
import { canonicalJson, hashKey } from '../storage/hash-key';
import { cacheStats, evictLeastRecentlyUsed } from '../storage/lru';
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
export type AudioMeta = AudioMetaRecord;

/** Default size bound of the cache: about 3 hours of speech at 128 kbps MP3. */
export const AUDIO_CACHE_LIMIT_BYTES = 200 * 1024 * 1024;

// Bump when the key's fields or their encoding change, so old keys simply stop matching. v2 added
// the service: v1 entries are not migrated (their service is unknown) and are never read again;
// least-recently-used eviction removes them as new audio comes in, "Clear" at once.
const KEY_VERSION = 'voxlate-audio-v2';

// Speed rounded so a slider's float noise (1.1000000001) still hits.
function keyParts(input: AudioCacheKeyInput): unknown[] {
  const speed = Math.round(input.speed * 1000) / 1000;
  return [KEY_VERSION, serviceIdentity(input.service), input.format, input.voiceId, input.language, speed, input.text];
}

/** The canonical text hashed into a cache key: fixed order, so the callers' property order does not matter. */
export function canonicalKeyText(input: AudioCacheKeyInput): string {
  return canonicalJson(keyParts(input));
}

/** Cache key of a chunk's audio: SHA-256 (hex) of {@link canonicalKeyText}. */
export function audioCacheKey(input: AudioCacheKeyInput): Promise<string> {
  return hashKey(keyParts(input));
}

export interface PutAudioOptions {
  limitBytes?: number;
  now?: number;
  /** Keys eviction must spare; default: what is pinned (lib/speech/pins.ts). */
  pinned?: ReadonlySet<string>;
  /** Audio of a private window's reading: kept in this context's memory, never in the database. */
  inMemory?: boolean;
}

/**
 * Audio of private windows' readings and downloads, in the memory of the context that fetched it
 * (the worker; Firefox's background page, which is also its player), never on disk. Read before
 * the database; dropped when the last private window closes, or with the context.
 */
const inMemory = new Map<string, CachedAudio>();
/** The memory bound: about 40 minutes of speech at 128 kbps MP3; least recently used out first. */
export const AUDIO_MEMORY_LIMIT_BYTES = 40 * 1024 * 1024;

function keepInMemory(key: string, entry: AudioEntry, now: number, limitBytes: number, pinned: ReadonlySet<string>): void {
  const audio = entry.audio.slice();
  inMemory.delete(key);
  inMemory.set(key, { key, audio, format: entry.format, fileName: entry.fileName, durationSec: entry.durationSec, bytes: audio.byteLength, lastUsed: now });
  let total = 0;
  for (const e of inMemory.values()) total += e.bytes;
  // A Map iterates in insertion order, and a use moves an entry to the end: the first is the least recently used.
  for (const [k, e] of inMemory) {
    if (total <= limitBytes || k === key) break;
    if (pinned.has(k)) continue;
    inMemory.delete(k);
    total -= e.bytes;
  }
}

/** Forgets the audio kept in memory (the last private window closed). */
export function dropAudioInMemory(): void {
  inMemory.clear();
}

/** The audio kept in this context's memory under `key` (a private window's), marked as just used. */
export function audioInMemory(key: string, now = Date.now()): CachedAudio | undefined {
  const found = inMemory.get(key);
  if (!found) return undefined;
  inMemory.delete(key);
  const used = { ...found, lastUsed: now };
  inMemory.set(key, used);
  return used;
}

/**
 * Stores a chunk's audio, then evicts least recently used entries (not pinned ones) until under the
 * limit; with `inMemory`, in memory only (see above).
 */
export async function putAudio(key: string, entry: AudioEntry, opts: PutAudioOptions = {}): Promise<void> {
  if (opts.inMemory) {
    const pinned = opts.pinned ?? (await pinnedAudioKeys());
    return keepInMemory(key, entry, opts.now ?? Date.now(), opts.limitBytes ?? AUDIO_MEMORY_LIMIT_BYTES, pinned);
  }
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
  const tx = (await voxlateDb()).transaction(['audio', 'meta'], 'readwrite');
  const audioStore = tx.objectStore('audio');
  const metaStore = tx.objectStore('meta');
  await Promise.all([audioStore.put(audio, key), metaStore.put(meta)]);
  await evictLeastRecentlyUsed(metaStore, audioStore, { maxBytes: opts.limitBytes ?? AUDIO_CACHE_LIMIT_BYTES }, key, pinned);
  await tx.done;
}

/** Reads a chunk's audio (from memory first) and marks it as just used (so eviction spares it). */
export async function getAudio(key: string, now = Date.now()): Promise<CachedAudio | undefined> {
  const kept = audioInMemory(key, now);
  if (kept) return kept;
  const tx = (await voxlateDb()).transaction(['audio', 'meta'], 'readwrite');
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
  return inMemory.has(key) || (await (await voxlateDb()).count('meta', key)) > 0;
}

/** Empties the cache. */
export async function clearAudioCache(): Promise<void> {
  const tx = (await voxlateDb()).transaction(['audio', 'meta'], 'readwrite');
  await Promise.all([tx.objectStore('audio').clear(), tx.objectStore('meta').clear(), tx.done]);
}

/** Metadata of every cached entry (never the audio), e.g. to learn how large a second of each format is. */
export async function audioCacheEntries(): Promise<AudioMeta[]> {
  return (await voxlateDb()).getAll('meta');
}

/** Number of cached entries and their total audio size, e.g. for the options page. */
export async function audioCacheStats(): Promise<{ entries: number; bytes: number }> {
  return cacheStats(await audioCacheEntries());
}
