import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { voxlateDb } from '../storage/database';
import { clearTranslationCache, getCachedTranslation, putCachedTranslation, translationCacheStats } from './cache';
import layout1 from './fixtures/storage-local-layout-1.json';
import { addHistory, clearHistory, getHistory } from './history';
import { moveLegacyStorage } from './legacy-storage';

// What the storage.local versions of the cache and the history wrote (frozen: made by that code).
const service = 'https://tts.test';
const hello = { service, text: 'Hello', source: null, target: 'es' };
const night = { service, text: 'Good night', source: 'en', target: 'de' };
const today = { service, text: '今日は', source: null, target: 'en' };

const localKeys = async () => Object.keys(await fakeBrowser.storage.local.get(null)).sort();

beforeEach(async () => {
  fakeBrowser.reset();
  await Promise.all([clearTranslationCache(), clearHistory()]);
  await fakeBrowser.storage.local.set({ ...structuredClone(layout1), settings: { targetLanguage: 'es' } });
});

describe('moveLegacyStorage', () => {
  it('moves the history, newest first, as it was', async () => {
    await moveLegacyStorage();
    const history = await getHistory();
    expect(history).toEqual(layout1.translationHistory);
    expect(history[0]).toMatchObject({ truncated: true, cost: 501 });
  });

  it('moves the cached translations under the same keys, with their last use', async () => {
    await moveLegacyStorage();
    expect(await getCachedTranslation(hello, 1_800_000_000_000)).toEqual({ translation: '[ES] Hola', sourceLanguage: 'en', sourceName: 'English' });
    expect(await getCachedTranslation(night)).toEqual({ translation: 'Gute Nacht', sourceLanguage: 'en', sourceName: 'English' });
    expect(await getCachedTranslation(today)).toMatchObject({ sourceLanguage: null, sourceName: 'Klingon' });
    expect(await translationCacheStats()).toEqual({ entries: 3, bytes: 159 + 160 + 163 });
  });

  it('keeps the least-recently-used order it had', async () => {
    await moveLegacyStorage();
    // 'Hello' was the least recently used; one more entry under a bound of 3 pushes it out.
    await putCachedTranslation({ ...hello, text: 'New' }, { translation: 'Nuevo', sourceLanguage: 'en', sourceName: 'English' }, { maxEntries: 3 });
    expect(await getCachedTranslation(hello)).toBeNull();
    expect(await getCachedTranslation(night)).not.toBeNull();
  });

  it('removes the old items from storage.local and leaves the rest', async () => {
    await moveLegacyStorage();
    expect(await localKeys()).toEqual(['settings', 'storageLayout']);
  });

  it('drops damaged and unindexed entries instead of moving them', async () => {
    await fakeBrowser.storage.local.set({
      translationHistory: [{ nope: 1 }, layout1.translationHistory[1]],
      'translationCache:orphan': { translation: 'x', sourceLanguage: 'en', sourceName: 'English' },
      'translationCache:a54bc77a0751e5213de8e69d886f6c2acd93573848930e8e4add47852adf6b4f': { translation: 42 },
    });
    await moveLegacyStorage();
    expect((await getHistory()).map((e) => e.sourceText)).toEqual(['Good night']);
    expect(await getCachedTranslation(hello)).toBeNull();
    expect((await translationCacheStats()).entries).toBe(2);
    expect(await localKeys()).toEqual(['settings', 'storageLayout']);
  });

  it('runs once: items written afterwards are not moved', async () => {
    await moveLegacyStorage();
    await fakeBrowser.storage.local.set({ translationHistory: [] });
    await moveLegacyStorage();
    expect(await localKeys()).toContain('translationHistory');
  });

  it('makes no duplicates when a move cut short runs again', async () => {
    await moveLegacyStorage();
    // The worker stopped before the layout was written: the old items are read again.
    await fakeBrowser.storage.local.set(structuredClone(layout1));
    await fakeBrowser.storage.local.remove('storageLayout');
    await moveLegacyStorage();
    expect(await getHistory()).toHaveLength(3);
    expect((await translationCacheStats()).entries).toBe(3);
    expect(await localKeys()).toEqual(['settings', 'storageLayout']);
  });

  it('keeps what was added to IndexedDB meanwhile', async () => {
    await addHistory({ sourceText: 'Later', translation: 'Después', sourceLanguage: 'en', targetLanguage: 'es', cost: 1, at: 1_900_000_000_000 });
    await moveLegacyStorage();
    expect((await getHistory()).map((e) => e.sourceText)).toEqual(['Later', 'x'.repeat(4999) + '…', 'Good night', 'Hello']);
  });

  it('on a new install, only writes the layout', async () => {
    fakeBrowser.reset();
    await moveLegacyStorage();
    expect(await fakeBrowser.storage.local.get(null)).toEqual({ storageLayout: 2 });
    expect(await (await voxlateDb()).count('history')).toBe(0);
  });
});
