import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readerUrl } from '../reader/address';
import { openPdfTabInReader } from './pdf-auto';
import { claimReaderAction, openInReader, pdfShownIn, takeReaderAction } from './pdf-tab';

const PDF = 'file:///home/me/paper.pdf';

describe('the action a PDF tab\'s reader was opened for', () => {
  let tabId: number;
  beforeEach(async () => {
    fakeBrowser.reset();
    tabId = (await fakeBrowser.tabs.create({ url: PDF })).id!;
  });

  it('is carried out by the reader page opened for it, once', async () => {
    await openInReader(tabId, { url: PDF }, 'read-page');
    const claim = await claimReaderAction(tabId, readerUrl(PDF));
    expect(claim).toEqual(expect.any(String));
    expect(await takeReaderAction(tabId, claim)).toBe('read-page');
    expect(await takeReaderAction(tabId, claim)).toBeNull();
  });

  it('dies with a reader that never got ready: the next reader in the tab (Back, Forward) finds nothing to do', async () => {
    await openInReader(tabId, { url: PDF }, 'translate-page');
    // The first reader loads and is left at its password form.
    expect(await claimReaderAction(tabId, readerUrl(PDF))).toEqual(expect.any(String));
    // Forward brings a new reader page to the same address.
    const later = await claimReaderAction(tabId, readerUrl(PDF));
    expect(later).toBeNull();
    expect(await takeReaderAction(tabId, later)).toBeNull();
  });

  it('is not claimed by a reader at another address, and a new opening replaces it', async () => {
    await openInReader(tabId, { url: PDF }, 'read-page');
    expect(await claimReaderAction(tabId, readerUrl('file:///home/me/other.pdf'))).toBeNull();
    await openInReader(tabId, { url: PDF }, null);
    expect(await claimReaderAction(tabId, readerUrl(PDF))).toBeNull();
  });
});

describe('a private window\'s PDF', () => {
  const fetched: string[] = [];
  beforeEach(() => {
    fakeBrowser.reset();
    fetched.length = 0;
    inPrivate.clear();
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      return new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } });
    });
    // Firefox's own viewer: no script may look at the page.
    vi.spyOn(fakeBrowser.scripting, 'executeScript').mockRejectedValue(new Error('Missing host permission for the tab'));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  /** A tab in a private window (the fake browser has none: its tabs are said to be). */
  const inPrivate = new Set<number>();
  async function privateTab(url: string) {
    const tab = await fakeBrowser.tabs.create({ url });
    if (!inPrivate.size) {
      const get = fakeBrowser.tabs.get.bind(fakeBrowser.tabs);
      vi.spyOn(fakeBrowser.tabs, 'get').mockImplementation(async (id) => ({ ...(await get(id)), incognito: inPrivate.has(id) }));
    }
    inPrivate.add(tab.id!);
    return { ...tab, incognito: true };
  }

  it('is never fetched again from the background (its cookies, the disk cache), asked for or opened by itself', async () => {
    const url = 'https://papers.example/view?id=7';
    const tab = await privateTab(url);
    expect(await pdfShownIn(tab.id!)).toBeNull();
    const named = await privateTab('https://papers.example/paper.pdf');
    expect(await pdfShownIn(named.id!)).toEqual({ url: 'https://papers.example/paper.pdf' });
    await fakeBrowser.storage.local.set({ settings: { openPdfsInReader: true } });
    await openPdfTabInReader(named.id!, { status: 'complete' }, named);
    expect(fetched).toEqual([]);
    // A normal window's is looked at as before.
    const normal = await fakeBrowser.tabs.create({ url });
    expect(await pdfShownIn(normal.id!)).toMatchObject({ url });
    expect(fetched).toEqual([url]);
  });
});
