import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { GlossaryEntry } from '../glossary';
import { glossaryToSyncPieces } from '../glossary/sync-chunks';
import { getSettings, updateSettings } from './items';
import { restoreGlossaryFromSync, restoreGlossaryWhenSynced, syncedGlossary, syncGlossary, watchGlossarySync } from './glossary-sync';

const entry = (i: number, say = `said ${i}`): GlossaryEntry => ({ term: `term${i}`, translate: { mode: 'free' }, say, language: null, site: null, case: 'auto' });

/** The copy as another browser of the account writes it: its count and its pieces. */
const copyOf = (glossary: readonly GlossaryEntry[]) => {
  const pieces = glossaryToSyncPieces(glossary)!;
  return { glossary: pieces.length, ...Object.fromEntries(pieces.map((piece, i) => [`glossary.${i}`, piece])) };
};

beforeEach(() => {
  fakeBrowser.reset();
  vi.restoreAllMocks();
});

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

  it('a copy arriving after the install (the browser\'s sync, later) is taken while the glossary is empty, validated as at install', async () => {
    const glossary = [entry(1), entry(2)];
    // The install's restore found nothing; then the copy another browser of the account wrote arrives, one entry damaged, its pieces before its count.
    await restoreGlossaryFromSync();
    restoreGlossaryWhenSynced();
    const { glossary: count, ...pieces } = copyOf([...glossary, { ...entry(3), case: 'nonsense' } as unknown as GlossaryEntry]);
    await fakeBrowser.storage.sync.set(pieces);
    await fakeBrowser.storage.sync.set({ glossary: count });
    await vi.waitFor(async () => expect((await getSettings()).glossary).toEqual(glossary));
  });

  it('a copy arriving later never replaces a glossary started on this install, nor merges into it', async () => {
    restoreGlossaryWhenSynced();
    await updateSettings({ glossary: [entry(7)] });
    await fakeBrowser.storage.sync.set(copyOf([entry(1), entry(2)]));
    // Waits for the restore the copy's arrival started (restores run one at a time).
    await restoreGlossaryFromSync();
    expect((await getSettings()).glossary).toEqual([entry(7)]);
  });

  it('the copy of a glossary being emptied (written as the user deletes its last terms) does not bring it back', async () => {
    watchGlossarySync();
    restoreGlossaryWhenSynced();
    await updateSettings({ glossary: [entry(1), entry(2)] });
    // Two deletions in quick succession, the first one's copy written only after the glossary is empty (a slow sync storage).
    const get = fakeBrowser.storage.sync.get.bind(fakeBrowser.storage.sync);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.spyOn(fakeBrowser.storage.sync, 'get').mockImplementationOnce(async () => (await held, get(null)));
    await updateSettings({ glossary: [entry(1)] });
    await updateSettings({ glossary: [] });
    release();
    await vi.waitFor(async () => expect(await fakeBrowser.storage.sync.get(null)).toEqual({}));
    // Waits for the restores the copy's writes started (one at a time, this one last; it finds no copy).
    await restoreGlossaryFromSync();
    expect((await getSettings()).glossary).toEqual([]);
  });
});
