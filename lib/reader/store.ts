import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * The PDFs the reader was opened on, by address: the worker fetches a document while the user's
 * click still grants it the page (activeTab ends when the tab moves to the reader) and leaves the
 * bytes here for the reader page (same extension origin). Only the last few are kept.
 */
interface ReaderDb extends DBSchema {
  documents: { key: string; value: { url: string; bytes: Uint8Array; at: number }; indexes: { at: number } };
}

const KEEP = 8;
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
  await Promise.all(keys.slice(0, Math.max(0, keys.length - KEEP)).map((key) => database.delete('documents', key)));
}

/** The bytes kept for a document's address, or null. */
export async function keptDocument(url: string): Promise<Uint8Array | null> {
  return (await (await open()).get('documents', url))?.bytes ?? null;
}
