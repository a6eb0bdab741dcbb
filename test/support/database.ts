import type { Worker } from '@playwright/test';

/**
 * Reads or writes one store of the extension's IndexedDB from its background, with the bare API
 * (the test cannot import the extension's modules there). The database must already exist: an
 * open that would create it is aborted, so a test never leaves an empty database the extension
 * would then have to upgrade.
 */
async function inStore<T>(background: Worker, store: string, write: { value: unknown; key?: string } | null): Promise<T> {
  return background.evaluate(
    ([name, data]) =>
      new Promise<T>((resolve, reject) => {
        const open = indexedDB.open('voxlate-audio');
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => reject(open.error ?? new Error('the database does not exist yet'));
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(name, data ? 'readwrite' : 'readonly');
          const request = data ? tx.objectStore(name).put(data.value, data.key) : tx.objectStore(name).getAll();
          tx.oncomplete = () => {
            db.close();
            resolve(request.result as T);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    [store, write] as const,
  );
}

/** Every record of `store`, e.g. 'history' or 'translationMeta'. */
export function storedRecords(background: Worker, store: string): Promise<unknown[]> {
  return inStore(background, store, null);
}

/** Puts one record into `store` (`key` for stores without a key path). */
export async function putRecord(background: Worker, store: string, value: unknown, key?: string): Promise<void> {
  await inStore(background, store, { value, key });
}
