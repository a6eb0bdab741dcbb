import 'fake-indexeddb/auto';
import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { serviceIdentity } from '../settings/service-url';
import { voxlateDb } from '../storage/database';
import {
  clearTranslationCache,
  getCachedTranslation,
  getCachedTranslations,
  putCachedTranslation,
  translationCacheKey,
  translationCacheStats,
} from './cache';

const hello = { service: 'https://tts.test', text: 'Hello', source: null, target: 'es' };
const value = { translation: '[ES] Hola', sourceLanguage: 'en', sourceName: 'English' };

async function stored() {
  const db = await voxlateDb();
  return { values: await db.getAll('translations'), metas: await db.getAll('translationMeta') };
}

describe('translation cache', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    await clearTranslationCache();
  });

  it('keys by text, source and target, hashed', async () => {
    const key = await translationCacheKey(hello);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(await translationCacheKey({ ...hello, source: 'en' })).not.toBe(key);
    expect(await translationCacheKey({ ...hello, target: 'fr' })).not.toBe(key);
    expect(await translationCacheKey({ ...hello, text: 'Hello!' })).not.toBe(key);
    expect(await translationCacheKey({ ...hello, service: 'https://other.test' })).not.toBe(key);
    expect(await translationCacheKey({ ...hello, service: 'https://tts.test/other' })).not.toBe(key);
    // One service however its address was typed.
    expect(await translationCacheKey({ ...hello, service: ' https://tts.test/api/v1/' })).toBe(key);
  });

  it('keeps the keys of the storage.local cache, so moved entries still hit', async () => {
    const canonical = JSON.stringify(['voxlate-translate-v2', serviceIdentity(hello.service), 'auto', 'es', 'Hello']);
    expect(await translationCacheKey(hello)).toBe(createHash('sha256').update(canonical).digest('hex'));
  });

  it('does not serve one service\'s translation for another', async () => {
    await putCachedTranslation(hello, value);
    expect(await getCachedTranslation({ ...hello, service: 'https://other.test' })).toBeNull();
    expect(await getCachedTranslation(hello)).toEqual(value);
  });

  it('stores and reads back, without keeping the source text', async () => {
    expect(await getCachedTranslation(hello)).toBeNull();
    await putCachedTranslation({ ...hello, text: 'A secret sentence' }, value);
    expect(await getCachedTranslation({ ...hello, text: 'A secret sentence' })).toEqual(value);
    expect(JSON.stringify(await stored())).not.toContain('A secret sentence');
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('marks an entry as used when it is read', async () => {
    await putCachedTranslation(hello, value, { now: 1 });
    await getCachedTranslation(hello, 7);
    expect((await stored()).metas).toEqual([expect.objectContaining({ key: await translationCacheKey(hello), lastUsed: 7 })]);
  });

  it('evicts the least recently used entry beyond the number of entries', async () => {
    const put = (text: string, now: number) => putCachedTranslation({ ...hello, text }, value, { now, maxEntries: 2 });
    await put('one', 1);
    await put('two', 2);
    await getCachedTranslation({ ...hello, text: 'one' }, 3);
    await put('three', 4);
    expect(await getCachedTranslation({ ...hello, text: 'one' })).toEqual(value);
    expect(await getCachedTranslation({ ...hello, text: 'two' })).toBeNull();
    expect(await getCachedTranslation({ ...hello, text: 'three' })).toEqual(value);
    expect((await translationCacheStats()).entries).toBe(2);
    expect((await stored()).values).toHaveLength(2);
  });

  it('evicts the least recently used entries beyond the size, never the one just stored', async () => {
    await putCachedTranslation({ ...hello, text: 'one' }, value, { now: 1 });
    const one = (await translationCacheStats()).bytes;
    const put = (text: string, now: number, maxBytes: number) => putCachedTranslation({ ...hello, text }, value, { now, maxBytes });
    await put('two', 2, 2 * one);
    expect((await translationCacheStats()).entries).toBe(2);
    await put('three', 3, 2 * one);
    expect(await getCachedTranslation({ ...hello, text: 'one' })).toBeNull();
    expect((await translationCacheStats()).entries).toBe(2);
    // Larger than the bound by itself: kept, everything else goes.
    await putCachedTranslation({ ...hello, text: 'big' }, { ...value, translation: 'x'.repeat(4 * one) }, { now: 4, maxBytes: 2 * one });
    expect(await getCachedTranslation({ ...hello, text: 'big' })).toMatchObject({ translation: 'x'.repeat(4 * one) });
    expect((await translationCacheStats()).entries).toBe(1);
  });

  it('counts each entry as its key and value in UTF-8', async () => {
    await putCachedTranslation(hello, { ...value, translation: 'é' });
    const expected = new TextEncoder().encode((await translationCacheKey(hello)) + JSON.stringify({ ...value, translation: 'é' })).byteLength;
    expect(await translationCacheStats()).toEqual({ entries: 1, bytes: expected });
  });

  it('treats a damaged or lost entry as a miss and forgets it', async () => {
    await putCachedTranslation(hello, value);
    const key = await translationCacheKey(hello);
    await (await voxlateDb()).put('translations', { translation: 42 }, key);
    expect(await getCachedTranslation(hello)).toBeNull();
    expect(await stored()).toEqual({ values: [], metas: [] });

    await putCachedTranslation(hello, value);
    await (await voxlateDb()).delete('translations', key);
    expect(await getCachedTranslation(hello)).toBeNull();
    expect(await translationCacheStats()).toEqual({ entries: 0, bytes: 0 });
  });

  it('clears everything', async () => {
    await putCachedTranslation(hello, value);
    await putCachedTranslation({ ...hello, text: 'Bye' }, value);
    await clearTranslationCache();
    expect(await stored()).toEqual({ values: [], metas: [] });
    expect(await translationCacheStats()).toEqual({ entries: 0, bytes: 0 });
  });

  it('keeps concurrent puts', async () => {
    await Promise.all(['a', 'b', 'c', 'd'].map((text) => putCachedTranslation({ ...hello, text }, value)));
    expect((await translationCacheStats()).entries).toBe(4);
  });

  it('looks many texts up in one go, in order, with misses as null', async () => {
    await putCachedTranslation(hello, value, { now: 1 });
    const other = { ...hello, text: 'Thanks' };
    expect(await getCachedTranslations([other, hello, { ...hello, target: 'fr' }], 5)).toEqual([null, value, null]);
    const { metas } = await stored();
    expect(metas.map((m: { lastUsed: number }) => m.lastUsed)).toEqual([5]);
  });
});
