import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useEnglishMessages } from '../i18n.test-helpers';
import { getSettings, updateSettings } from '../settings/items';
import { MAX_GLOSSARY } from '../settings/schema';
import { addGlossaryEntry, entryOfAsk, termOf } from './glossary-add';

const ask = { term: 'harbour board', translate: 'fixed', translation: 'junta del puerto', target: 'es', say: null, thisSite: false } as const;

beforeEach(() => {
  fakeBrowser.reset();
  useEnglishMessages();
});

describe('adding a glossary term from a page', () => {
  it('a selection becomes a term: one line, spaces collapsed, within a term\'s length', () => {
    expect(termOf('  harbour\n  board ')).toBe('harbour board');
    expect([...termOf('x'.repeat(300))]).toHaveLength(100);
  });

  it('the form\'s choice is an entry as stored: a fixed translation for the target language, the site only when asked', () => {
    expect(entryOfAsk(ask, 'port.example')).toEqual({ term: 'harbour board', translate: { mode: 'fixed', text: null, byTarget: { es: 'junta del puerto' } }, say: null, language: null, site: null, case: 'auto' });
    expect(entryOfAsk({ ...ask, translate: 'keep', translation: null, thisSite: true }, 'port.example')).toMatchObject({ translate: { mode: 'keep' }, site: 'port.example' });
    // Translated freely and said as written: nothing to keep, refused in the user's words.
    expect(() => entryOfAsk({ ...ask, translate: 'free', translation: null }, null)).toThrow(/incomplete/u);
    expect(() => entryOfAsk({ ...ask, translation: null }, null)).toThrow(/incomplete/u);
  });

  it('adds the entry; the same term again replaces it, its translations into other languages kept; "only on this site" is the sender tab\'s', async () => {
    const tab = await fakeBrowser.tabs.create({ url: 'https://news.port.example/today' });
    await addGlossaryEntry(ask, tab.id!);
    await addGlossaryEntry({ ...ask, translation: 'Hafenbehörde', target: 'de' }, tab.id!);
    await addGlossaryEntry({ ...ask, term: 'Voxlate', translate: 'keep', translation: null, thisSite: true }, tab.id!);
    expect((await getSettings()).glossary).toEqual([
      { term: 'harbour board', translate: { mode: 'fixed', text: null, byTarget: { es: 'junta del puerto', de: 'Hafenbehörde' } }, say: null, language: null, site: null, case: 'auto' },
      { term: 'Voxlate', translate: { mode: 'keep' }, say: null, language: null, site: 'news.port.example', case: 'auto' },
    ]);
  });

  it('in a private window, "only on this site" is refused in words (its site is never kept); without it the term is added', async () => {
    const tab = await fakeBrowser.tabs.create({ url: 'https://news.port.example/today' });
    await fakeBrowser.tabs.update(tab.id!, { incognito: true } as Parameters<typeof fakeBrowser.tabs.update>[1]);
    await expect(addGlossaryEntry({ ...ask, thisSite: true }, tab.id!)).rejects.toThrow(/private window/u);
    expect((await getSettings()).glossary).toEqual([]);
    await addGlossaryEntry(ask, tab.id!);
    expect((await getSettings()).glossary.map((e) => e.site)).toEqual([null]);
  });

  it('a full glossary is said, nothing dropped', async () => {
    const tab = await fakeBrowser.tabs.create({ url: 'https://news.port.example/today' });
    await updateSettings({ glossary: Array.from({ length: MAX_GLOSSARY }, (_, i) => ({ term: `t${i}`, translate: { mode: 'keep' }, say: null, language: null, site: null, case: 'auto' })) });
    await expect(addGlossaryEntry(ask, tab.id!)).rejects.toMatchObject({ kind: 'invalidRequest', message: expect.stringMatching(/full \(1,000 terms\)/u) });
    expect((await getSettings()).glossary).toHaveLength(MAX_GLOSSARY);
  });
});
