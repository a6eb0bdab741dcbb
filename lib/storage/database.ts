import { openDB, type DBSchema, type IDBPDatabase, type StoreNames } from 'idb';
import type { CacheMeta } from './lru';

/** An audio entry's metadata, stored apart from its bytes so listing entries never loads audio. */
export interface AudioMetaRecord extends CacheMeta {
  format: 'mp3' | 'wav';
  fileName: string;
  durationSec: number;
}

/**
 * The extension's one database, shared by the worker, the offscreen player and the extension's
 * pages (same origin). Translation and history values are `unknown`: they are validated on read,
 * so a damaged or older record is dropped instead of trusted.
 */
export interface VoxlateDb extends DBSchema {
  audio: { key: string; value: Uint8Array };
  meta: { key: string; value: AudioMetaRecord; indexes: { lastUsed: number } };
  translations: { key: string; value: unknown };
  translationMeta: { key: string; value: CacheMeta; indexes: { lastUsed: number } };
  history: { key: string; value: unknown; indexes: { at: number } };
}

// The name predates translations and history: renaming it would mean copying up to 200 MB of
// cached audio into a new database on update; adding stores at version 2 keeps that audio in place.
export const DB_NAME = 'voxlate-audio';
const DB_VERSION = 2;

let dbPromise: Promise<IDBPDatabase<VoxlateDb>> | null = null;

/** Opens the database (once per context, lazily: contexts import this at start-up). */
export function voxlateDb(): Promise<IDBPDatabase<VoxlateDb>> {
  dbPromise ??= openDB<VoxlateDb>(DB_NAME, DB_VERSION, {
    // By what is missing rather than by oldVersion, so a database some tool created empty still
    // gets every store. v1 held the audio cache (audio + meta); v2 added translations and history.
    upgrade(database) {
      const has = (name: StoreNames<VoxlateDb>) => database.objectStoreNames.contains(name);
      if (!has('audio')) database.createObjectStore('audio');
      if (!has('meta')) database.createObjectStore('meta', { keyPath: 'key' }).createIndex('lastUsed', 'lastUsed');
      if (!has('translations')) database.createObjectStore('translations');
      if (!has('translationMeta')) database.createObjectStore('translationMeta', { keyPath: 'key' }).createIndex('lastUsed', 'lastUsed');
      if (!has('history')) database.createObjectStore('history', { keyPath: 'id' }).createIndex('at', 'at');
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
