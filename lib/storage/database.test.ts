import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { DB_NAME, voxlateDb } from './database';

describe('voxlateDb', () => {
  it('keeps the audio cached by version 1 and adds the stores for translations and history', async () => {
    // Version 1 as the audio cache created it before translations and history moved in.
    const v1 = await openDB(DB_NAME, 1, {
      upgrade(database) {
        database.createObjectStore('audio');
        database.createObjectStore('meta', { keyPath: 'key' }).createIndex('lastUsed', 'lastUsed');
      },
    });
    const meta = { key: 'k', format: 'mp3' as const, fileName: 'k.mp3', durationSec: 1, bytes: 3, lastUsed: 5 };
    await Promise.all([v1.put('audio', new Uint8Array([1, 2, 3]), 'k'), v1.put('meta', meta)]);
    v1.close();

    const db = await voxlateDb();
    expect(db.version).toBe(2);
    expect([...db.objectStoreNames].sort()).toEqual(['audio', 'history', 'meta', 'translationMeta', 'translations']);
    expect(await db.get('audio', 'k')).toEqual(new Uint8Array([1, 2, 3]));
    expect(await db.getAllFromIndex('meta', 'lastUsed')).toEqual([meta]);
    expect(await db.getAllKeysFromIndex('translationMeta', 'lastUsed')).toEqual([]);
    expect(await db.getAllKeysFromIndex('history', 'at')).toEqual([]);
    // Opened once per context.
    expect(await voxlateDb()).toBe(db);
  });
});
