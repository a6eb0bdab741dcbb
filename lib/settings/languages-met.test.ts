import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { clearLanguagesMet, countLanguagesMet, LANGUAGES_MET_LIMIT, languagesMetItem, noteLanguageMet } from './languages-met';

beforeEach(() => fakeBrowser.reset());

describe('noteLanguageMet', () => {
  it('keeps each base language once, in the order met', async () => {
    await noteLanguageMet('fr-CA');
    await noteLanguageMet('en');
    await noteLanguageMet('fr');
    expect(await languagesMetItem.getValue()).toEqual(['fr', 'en']);
  });

  it('adds every language of readings that start together', async () => {
    await Promise.all(['de', 'ja', 'es'].map(noteLanguageMet));
    expect([...(await languagesMetItem.getValue())].sort()).toEqual(['de', 'es', 'ja']);
  });

  it('drops the oldest past the limit', async () => {
    const codes = Array.from({ length: LANGUAGES_MET_LIMIT + 1 }, (_, i) => `a${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`);
    for (const code of codes) await noteLanguageMet(code);
    expect(await languagesMetItem.getValue()).toEqual(codes.slice(1));
  });
});

describe('clearLanguagesMet', () => {
  it('forgets every language met (the options’ Stored data), and they are met afresh after', async () => {
    await Promise.all(['de', 'ja'].map(noteLanguageMet));
    expect(await countLanguagesMet()).toBe(2);
    await clearLanguagesMet();
    expect(await countLanguagesMet()).toBe(0);
    expect(await fakeBrowser.storage.local.get('languagesMet')).toEqual({});
    await noteLanguageMet('es');
    expect(await languagesMetItem.getValue()).toEqual(['es']);
  });
});
