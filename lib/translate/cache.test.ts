import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  chooseEvictions,
  clearTranslationCache,
  getCachedTranslation,
  putCachedTranslation,
  translationCacheKey,
  translationCacheStats,
} from './cache';

const hello = { service: 'https://tts.test', text: 'Hello', source: null, target: 'es' };
const value = { translation: '[ES] Hola', sourceLanguage: 'en', sourceName: 'English' };

describe('translation cache', () => {
  beforeEach(() => fakeBrowser.reset());

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

  it('does not serve one service\'s translation for another', async () => {
    await putCachedTranslation(hello, value);
    expect(await getCachedTranslation({ ...hello, service: 'https://other.test' })).toBeNull();
    expect(await getCachedTranslation(hello)).toEqual(value);
  });

  it('stores and reads back, without keeping the source text in storage', async () => {
    expect(await getCachedTranslation(hello)).toBeNull();
    await putCachedTranslation({ ...hello, text: 'A secret sentence' }, value);
    expect(await getCachedTranslation({ ...hello, text: 'A secret sentence' })).toEqual(value);
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain('A secret sentence');
  });

  it('evicts the least recently used entry beyond the bound', async () => {
    const put = (text: string, now: number) => putCachedTranslation({ ...hello, text }, value, { now, maxEntries: 2 });
    await put('one', 1);
    await put('two', 2);
    await getCachedTranslation({ ...hello, text: 'one' }, 3);
    await put('three', 4);
    expect(await getCachedTranslation({ ...hello, text: 'one' })).toEqual(value);
    expect(await getCachedTranslation({ ...hello, text: 'two' })).toBeNull();
    expect(await getCachedTranslation({ ...hello, text: 'three' })).toEqual(value);
    expect((await translationCacheStats()).entries).toBe(2);
  });

  it('treats a damaged entry as a miss', async () => {
    await putCachedTranslation(hello, value);
    const key = await translationCacheKey(hello);
    await fakeBrowser.storage.local.set({ [`translationCache:${key}`]: { translation: 42 } });
    expect(await getCachedTranslation(hello)).toBeNull();
    expect((await translationCacheStats()).entries).toBe(0);
  });

  it('clears everything', async () => {
    await putCachedTranslation(hello, value);
    await clearTranslationCache();
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('keeps concurrent puts (no lost index updates)', async () => {
    await Promise.all(['a', 'b', 'c', 'd'].map((text) => putCachedTranslation({ ...hello, text }, value)));
    expect((await translationCacheStats()).entries).toBe(4);
  });
});

describe('chooseEvictions', () => {
  it('drops oldest first by count and by bytes, never the kept key', () => {
    const index = { a: { usedAt: 1, bytes: 50 }, b: { usedAt: 2, bytes: 50 }, c: { usedAt: 3, bytes: 50 } };
    expect(chooseEvictions(index, 2, 1000)).toEqual(['a']);
    expect(chooseEvictions(index, 10, 60)).toEqual(['a', 'b']);
    expect(chooseEvictions(index, 10, 60, 'a')).toEqual(['b', 'c']);
  });
});
