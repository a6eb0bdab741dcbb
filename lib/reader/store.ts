import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * The PDFs the reader was opened on, by address: the worker fetches a document while the user's
 * click still grants it the page (activeTab ends when the tab moves to the reader) and leaves the
 * bytes here for the reader page (same extension origin). Only the last few are kept, for a day.
 */
interface ReaderDb extends DBSchema {
  documents: { key: string; value: { url: string; bytes: Uint8Array; at: number }; indexes: { at: number } };
}

const KEEP = 8;
/** A document is kept for a day at most (a reload of the reader within it needs no network). */
const KEEP_MS = 24 * 60 * 60 * 1000;
let db: Promise<IDBPDatabase<ReaderDb>> | null = null;

function open(): Promise<IDBPDatabase<ReaderDb>> {
  db ??= openDB<ReaderDb>('voxlate-reader', 1, {
    upgrade(database) {
      database.createObjectStore('documents', { keyPath: 'url' }).createIndex('at', 'at');
    },
    terminated() {
      db = null;
    },
  });
  return db;
}

/** Keeps a document's bytes for the reader, dropping the oldest beyond the last few. */
export async function keepDocument(url: string, bytes: Uint8Array): Promise<void> {
  const database = await open();
  await database.put('documents', { url, bytes, at: Date.now() });
  const keys = await database.getAllKeysFromIndex('documents', 'at');
  const old = await database.getAllKeysFromIndex('documents', 'at', IDBKeyRange.upperBound(Date.now() - KEEP_MS));
  const dropped = new Set([...keys.slice(0, Math.max(0, keys.length - KEEP)), ...old]);
  await Promise.all([...dropped].map((key) => database.delete('documents', key)));
}

/** The bytes kept for a document's address, or null. */
export async function keptDocument(url: string): Promise<Uint8Array | null> {
  return (await (await open()).get('documents', url))?.bytes ?? null;
}
