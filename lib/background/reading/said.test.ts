import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { applyPronunciations } from '../../speech/pronounce';

const load = async () => {
  vi.resetModules();
  return import('./said');
};

describe('textAsSaid: the glossary\'s "say as" rules', () => {
  beforeEach(() => fakeBrowser.reset());

  it('reads the pronunciation pairs as they were stored (now glossary entries): the same text as the pairs gave', async () => {
    const pairs = [
      { write: 'nginx', say: 'engine x', language: null, site: null },
      { write: 'SQL', say: 'sequel', language: 'en', site: null },
      { write: 'New York', say: 'Noo York', language: null, site: null },
    ];
    await fakeBrowser.storage.local.set({ settings: { pronunciations: pairs }, settings$: { v: 3 } });
    const { textAsSaid } = await load();
    const text = 'Nginx and NGINX; SQL, not sql, in New York.';
    expect(await textAsSaid('s1', text, 'en')).toBe(applyPronunciations(text, pairs, { language: 'en', site: null }));
    expect(await textAsSaid('s1', text, 'en')).toBe('engine x and engine x; sequel, not sql, in Noo York.');
  });

  it('says a term as any glossary entry says it, whatever it does in translation', async () => {
    const entry = { term: 'Voxlate', translate: { mode: 'keep' }, say: 'Vox late', language: null, site: null, case: 'auto' };
    await fakeBrowser.storage.local.set({ settings: { glossary: [entry, { ...entry, term: 'Firefox', say: null }] }, settings$: { v: 3 } });
    const { textAsSaid } = await load();
    expect(await textAsSaid('s1', 'Voxlate reads Firefox pages.', 'en')).toBe('Vox late reads Firefox pages.');
  });

  it('in the PDF reader, applies the entries kept for the document\'s site (the reader\'s own address is the extension\'s)', async () => {
    const entry = { term: 'Voxlate', translate: { mode: 'free' }, say: 'Vox late', language: null, site: 'papers.test', case: 'auto' };
    await fakeBrowser.storage.local.set({ settings: { glossary: [entry] }, settings$: { v: 3 } });
    const { readingAt, textAsSaid } = await load();
    const { readerUrl } = await import('../../reader/address');
    const reader = (await fakeBrowser.tabs.create({ url: readerUrl('https://www.papers.test/voxlate.pdf') })).id!;
    const elsewhere = (await fakeBrowser.tabs.create({ url: readerUrl('https://other.test/voxlate.pdf') })).id!;
    readingAt('pdf', reader);
    readingAt('other-pdf', elsewhere);
    expect(await textAsSaid('pdf', 'Voxlate reads PDFs.', 'en')).toBe('Vox late reads PDFs.');
    expect(await textAsSaid('other-pdf', 'Voxlate reads PDFs.', 'en')).toBe('Voxlate reads PDFs.');
  });
});
