/**
 * Firefox, private windows: the add-on is installed in a profile and allowed in private windows
 * ("Run in Private Windows", which Firefox keeps in the profile's extension-preferences.json; a
 * BiDi-installed add-on cannot be allowed there). A page is read aloud in a private window, then
 * another in a normal one: the private reading leaves nothing in storage.local or in the
 * extension's IndexedDB (its audio and its place to continue reading stay in memory), the normal
 * one stores both as before; closing the private window drops what it kept.
 * Prints "N passed, N failed" like every suite here.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { startEmulator } from '../../emulator/server';
import { startPageServer } from '../support/page-server';
import { launchOnProfile, profileWithAddon } from './profile';
import { checks, GECKO_ID, ledger, openExtensionPage, runSuite, stopAndSettle, until } from './support';



/** What the extension keeps on disk from pages, as its own (non-private) page sees it. */
function onDisk(ext: Page): Promise<{ positions: string[]; audio: number }> {
  return ext.evaluate(async () => {
    const { readingPositions } = (await browser.storage.local.get('readingPositions')) as { readingPositions?: Record<string, unknown> };
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('voxlate-audio');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const audio = db.objectStoreNames.contains('audio')
      ? await new Promise<number>((resolve, reject) => {
          const count = db.transaction('audio').objectStore('audio').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        })
      : 0;
    db.close();
    return { positions: Object.keys(readingPositions ?? {}), audio };
  });
}

/** "Read this page aloud" (what the menu entry does) on the page at `url` in a private or normal window. */
const readPageAloud = (ext: Page, url: string, incognito: boolean) => chooseMenuEntry(ext, url, incognito, { menuItemId: 'voxlate-read-page', frameId: 0 });

/** What choosing the menu entry `info` does on the page at `url` in a private or normal window. */
async function chooseMenuEntry(ext: Page, url: string, incognito: boolean, info: { menuItemId: string; frameId: number; selectionText?: string }): Promise<void> {
  await ext.evaluate(
    async (address, inPrivate, clicked) => {
      const background = (await browser.runtime.getBackgroundPage()) as unknown as {
        voxlateTestHooks: { onMenuClick: (info: unknown, tab: unknown) => boolean };
      };
      const tab = (await browser.tabs.query({ url: address.replace(/:\d+\//, '/').replace('http://', '*://') })).find((t) => t.incognito === inPrivate);
      if (!tab) throw new Error(`no ${inPrivate ? 'private' : 'normal'} tab at ${address}`);
      if (!background.voxlateTestHooks.onMenuClick(clicked, tab)) throw new Error('menu not handled');
    },
    url,
    incognito,
    info,
  );
}

/** Waits until the reading has gone past its first sentence (where a place to continue is kept). */
function untilPastFirstSentence(ext: Page): Promise<true> {
  return until('past the first sentence', () =>
    ext.evaluate(async () => {
      const { reading } = (await browser.storage.session.get('reading')) as { reading?: { position?: { status: string; sentence: number } } };
      return reading?.position?.status === 'playing' && reading.position.sentence >= 1;
    }),
    90_000,
  );
}

async function main(): Promise<number> {
  const emulator = await startEmulator({ port: 0 });
  const pages = await startPageServer();
  const article = `${pages.url.replace('localhost', '127.0.0.1')}/fixtures/article.html`;
  // Another page for the normal window: the private reading's audio (in memory) would serve the same text.
  const river = `${pages.url.replace('localhost', '127.0.0.1')}/fixtures/river.html`;
  const profile = await profileWithAddon('private');
  // "Run in Private Windows: Allow", as about:addons records it.
  await writeFile(
    path.join(profile, 'extension-preferences.json'),
    JSON.stringify({ [GECKO_ID]: { permissions: ['internal:privateBrowsingAllowed'], origins: [], data_collection: [] } }),
  );
  const suite = checks();
  const firefox = await launchOnProfile(profile);
  try {
    const ext = await openExtensionPage(firefox);
    await ext.evaluate(async (url) => {
      await browser.storage.local.set({ apiKey: 'demo-pro', settings: { serviceUrl: url, confirmAboveCredits: 100_000 } });
    }, emulator.url);

    let privateWindow = 0;
    await suite.check('Firefox: the add-on runs in private windows (allowed in the profile)', async () => {
      if (!(await ext.evaluate(() => browser.extension.isAllowedIncognitoAccess()))) throw new Error('not allowed in private windows');
      privateWindow = await ext.evaluate(async (url) => (await browser.windows.create({ incognito: true, url }))!.id!, article);
      await until('the private tab loaded', () =>
        ext.evaluate(async (id) => (await browser.tabs.query({ windowId: id }))[0]?.status === 'complete', privateWindow),
      );
    });

    await suite.check('Firefox: a page read aloud in a private window leaves nothing in storage.local or IndexedDB', async () => {
      if (!privateWindow) throw new Error('no private window');
      const before = (await ledger(emulator.url)).entries.length;
      await readPageAloud(ext, article, true);
      await untilPastFirstSentence(ext);
      // Its place to continue is kept (wherever that is) before the check: the reading got that far.
      await until('a place to continue', () =>
        ext.evaluate(async () => {
          const { privateReadingPositions } = await browser.storage.session.get('privateReadingPositions');
          const { readingPositions } = await browser.storage.local.get('readingPositions');
          return Object.keys({ ...(privateReadingPositions as object), ...(readingPositions as object) }).length > 0;
        }),
      );
      await stopAndSettle(ext);
      if ((await ledger(emulator.url)).entries.length <= before) throw new Error('no speech was bought: the check would prove nothing');
      const disk = await onDisk(ext);
      if (disk.positions.length || disk.audio) throw new Error(`on disk: ${JSON.stringify(disk)}`);
    });

    await suite.check('Firefox: a page read in a normal window is kept on disk as before', async () => {
      // A window of its own: a new page would open in the last focused window, the private one.
      const normalWindow = await ext.evaluate(async (url) => (await browser.windows.create({ incognito: false, url }))!.id!, river);
      await until('the normal tab loaded', () =>
        ext.evaluate(async (id) => (await browser.tabs.query({ windowId: id }))[0]?.status === 'complete', normalWindow),
      );
      await readPageAloud(ext, river, false);
      await untilPastFirstSentence(ext);
      await until('the place to continue, on disk', async () => (await onDisk(ext)).positions.length > 0);
      await stopAndSettle(ext);
      if ((await onDisk(ext)).audio === 0) throw new Error('no audio in the database');
    });

    await suite.check('Firefox: "Fix pronunciation" in a private window opens the options with neither the word nor the site in its address', async () => {
      if (!privateWindow) throw new Error('no private window');
      await chooseMenuEntry(ext, article, true, { menuItemId: 'voxlate-fix-pronunciation', frameId: 0, selectionText: 'Smith' });
      const options = await until('the options page opened', () =>
        ext.evaluate(async () => (await browser.tabs.query({})).find((t) => t.url?.includes('/options.html')) ?? null),
      );
      if (!options.url!.endsWith('/options.html#pronunciation')) throw new Error(`the options opened at ${options.url}`);
      // The page filled them in all the same.
      const fields = await until('the word and the site filled in', () =>
        ext.evaluate(() => {
          const view = browser.extension.getViews({ type: 'tab' }).find((w) => w.location.pathname === '/options.html');
          const values = [...(view?.document.querySelectorAll<HTMLInputElement>('#pronunciation input') ?? [])].map((i) => i.value).filter(Boolean);
          return values.length === 2 ? values : null;
        }),
      );
      if (fields.join() !== `Smith,${new URL(article).hostname}`) throw new Error(`filled in: ${fields.join()}`);
      await ext.evaluate((id) => browser.tabs.remove(id), options.id!);
    });

    await suite.check('Firefox: a private window\'s download that failed and is retried from the popup after its tab closed stays private: each part paid once, no audio on disk, the file filed as private', async () => {
      if (!privateWindow) throw new Error('no private window');
      await stopAndSettle(ext);
      const audioBefore = (await onDisk(ext)).audio;
      const paidBefore = (await ledger(emulator.url)).entries.length;
      // A second private tab, so that closing the download's leaves the window (and its job) open.
      const tabId = await ext.evaluate(async (windowId, url) => (await browser.tabs.create({ windowId, url }))!.id!, privateWindow, river);
      await until('the tab loaded', () => ext.evaluate(async (id) => (await browser.tabs.get(id)).status === 'complete', tabId));
      const text = Array.from({ length: 14 }, (_, i) => `Line ${i + 1} says how the ferry crossed the grey water to the island and back again.`).join(' ');
      await ext.evaluate(
        async (id, words) =>
          void (await browser.tabs.executeScript(id, {
            code: `(() => { const p = document.createElement('p'); p.textContent = ${JSON.stringify(words)}; document.body.replaceChildren(p); getSelection().selectAllChildren(p); })()`,
          })),
        tabId,
        text,
      );
      await fetch(`${emulator.url}/__emulator/faults`, { method: 'POST', body: JSON.stringify({ type: 'server-error', path: '/api/v1/tts', times: 1 }) });
      await ext.evaluate(
        async (id, selectionText) => {
          const background = (await browser.runtime.getBackgroundPage()) as unknown as { voxlateTestHooks: { onMenuClick: (info: unknown, tab: unknown) => boolean } };
          const tab = await browser.tabs.get(id);
          if (!background.voxlateTestHooks.onMenuClick({ menuItemId: 'voxlate-download-selection', frameId: 0, editable: false, pageUrl: tab.url, selectionText }, tab)) throw new Error('menu not handled');
        },
        tabId,
        text,
      );
      const status = () => ext.evaluate(async () => ((await browser.storage.session.get('download')).download as { status: string } | undefined)?.status);
      await until('the download failed', async () => (await status()) === 'failed', 60_000);
      await ext.evaluate((id) => browser.tabs.remove(id), tabId);

      // Retry from the popup, a normal window's page: the job is the private window's still.
      const popup = await openExtensionPage(firefox);
      await until('Retry offered', () => popup.$('::-p-aria([name="Retry"][role="button"])'), 30_000).then((button) => button.click());
      const file = await until('the file saved', async () => (await ext.evaluate(async () => (await browser.downloads.search({ state: 'complete' })).map((d) => ({ filename: d.filename, incognito: d.incognito })))).find((d) => d.filename.endsWith('.mp3')), 60_000);
      await popup.close();
      if (!file.incognito) throw new Error(`the file is not filed as private: ${JSON.stringify(file)}`);
      const tts = (await ledger(emulator.url)).entries.slice(paidBefore).filter((e) => e.path === '/api/v1/tts');
      const starts = tts.map((e) => e.textStart);
      if (tts.length < 2 || new Set(starts).size !== starts.length) throw new Error(`paid: ${JSON.stringify(starts)}`);
      const audio = (await onDisk(ext)).audio;
      if (audio !== audioBefore) throw new Error(`audio on disk: ${audioBefore} entries before, ${audio} after`);
    });

    await suite.check('Firefox: with "Open every PDF in the Voxlate reader" on, a PDF opened in a private window is left to Firefox and never fetched again from the add-on (the normal profile\'s cookies and disk cache); one in a normal window goes to the reader', async () => {
      if (!privateWindow) throw new Error('no private window');
      const site = pages.url.replace('localhost', '127.0.0.1');
      await ext.evaluate(async () => {
        const { settings } = await browser.storage.local.get('settings');
        await browser.storage.local.set({ settings: { ...(settings as object), openPdfsInReader: true } });
      });
      const loaded = (id: number) => until('the tab loaded', () => ext.evaluate(async (tab) => (await browser.tabs.get(tab)).status === 'complete', id));
      // An address that does not say PDF: only its answer tells.
      const privateTab = await ext.evaluate(async (windowId, url) => (await browser.tabs.create({ windowId, url }))!.id!, privateWindow, `${site}/doc/paper?private`);
      await loaded(privateTab);
      // After it, a normal window's PDF: the option is on, and its tab goes to the reader (the
      // private tab's load was told to the add-on before this one's).
      const normalWindow = await ext.evaluate(async (url) => (await browser.windows.create({ incognito: false, url }))!.id!, `${site}/doc/report`);
      const normalTab = await ext.evaluate(async (id) => (await browser.tabs.query({ windowId: id }))[0]!.id!, normalWindow);
      await until('the normal window\'s PDF in the reader', () => ext.evaluate(async (id) => (await browser.tabs.get(id)).url?.includes('/reader.html?file=') ?? false, normalTab), 30_000);
      const privateUrl = await ext.evaluate(async (id) => (await browser.tabs.get(id)).url, privateTab);
      const asked = pages.requests.filter((r) => r.url === '/doc/paper?private').length;
      await ext.evaluate(async (tab, win) => {
        await browser.tabs.remove(tab);
        await browser.windows.remove(win);
        const { settings } = await browser.storage.local.get('settings');
        await browser.storage.local.set({ settings: { ...(settings as object), openPdfsInReader: false } });
      }, privateTab, normalWindow);
      if (privateUrl !== `${site}/doc/paper?private`) throw new Error(`the private tab went to ${privateUrl}`);
      if (asked !== 1) throw new Error(`the private window's PDF was asked for ${asked} times`);
    });

    await suite.check('Firefox: closing the private window drops what it kept', async () => {
      if (!privateWindow) throw new Error('no private window');
      await ext.evaluate((id) => browser.windows.remove(id), privateWindow);
      await until('private places forgotten', () =>
        ext.evaluate(async () => (await browser.storage.session.get('privateReadingPositions')).privateReadingPositions === undefined),
      );
    });
  } finally {
    await firefox.close();
    await emulator.close();
    await pages.close();
    await rm(profile, { recursive: true, force: true });
  }
  return suite.report();
}

runSuite(main);
