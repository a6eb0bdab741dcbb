import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { GlossaryEntry } from '../glossary';
import { getSettings } from './items';
import { restoreGlossaryFromSync, syncedGlossary, syncGlossary } from './glossary-sync';

const entry = (i: number, say = `said ${i}`): GlossaryEntry => ({ term: `term${i}`, translate: { mode: 'free' }, say, language: null, site: null, case: 'auto' });

beforeEach(() => fakeBrowser.reset());

describe('the glossary copy in sync storage', () => {
  it('is written when the glossary fits, read back whole, and restored on a new install with an empty glossary', async () => {
    const glossary = Array.from({ length: 200 }, (_, i) => entry(i));
    expect(await syncGlossary(glossary)).toBe(true);
    expect(await syncedGlossary()).toEqual(glossary);
    await restoreGlossaryFromSync();
    expect((await getSettings()).glossary).toEqual(glossary);
  });

  it('a glossary over the quota is removed there (kept in this browser only); a smaller one after it leaves no stale piece', async () => {
    await syncGlossary(Array.from({ length: 200 }, (_, i) => entry(i)));
    expect(await syncGlossary(Array.from({ length: 1000 }, (_, i) => entry(i, 'x'.repeat(150))))).toBe(false);
    expect(await fakeBrowser.storage.sync.get(null)).toEqual({});
    await syncGlossary(Array.from({ length: 200 }, (_, i) => entry(i)));
    await syncGlossary([entry(1)]);
    expect(Object.keys(await fakeBrowser.storage.sync.get(null)).sort()).toEqual(['glossary', 'glossary.0']);
    expect(await syncedGlossary()).toEqual([entry(1)]);
  });

  it('two changes written at once (an import, then an edit) leave the later one whole', async () => {
    const large = Array.from({ length: 200 }, (_, i) => entry(i, `said ${i} `.repeat(8)));
    await syncGlossary(large);
    // A small glossary, then a large one again, each written as the other is.
    const edited = [...large.slice(0, 199), entry(999)];
    await Promise.all([syncGlossary([entry(1)]), syncGlossary(edited)]);
    expect(await syncedGlossary()).toEqual(edited);
  });
});
