/**
 * Firefox end to end: PDFs in the Voxlate reader. Firefox shows a PDF in its own viewer, where no
 * add-on script may run; "Read this page aloud" there fetches the document (the page's own answer
 * says it is a PDF) and opens it in the reader in the same tab, which reads it in reading order
 * with the sentence lit in its text layer. Prints "N passed, N failed" like every suite here.
 */
import { FIREFOX_TEST_BUILD } from '../support/build-dir';
import type { Page } from 'puppeteer-core';
import { startEmulator } from '../../emulator/server';
import { startPageServer } from '../support/page-server';
import { PAPER } from '../fixtures/pdf/paper-text';
import { LOCKED } from '../fixtures/pdf/make';
import { checks, clickMenu, launchFirefox, ledger, openExtensionPage, runSuite, stopAndSettle, until, untilPlaying, UUID } from './support';

const EXTENSION = FIREFOX_TEST_BUILD;
const speechCost = (length: number) => Math.max(1, Math.ceil(length / 100));

/**
 * Looks into the reader's page from another of our pages: BiDi does not follow a tab from a web
 * page to an extension page, but the extension's own pages see each other (extension.getViews).
 */
function inReader<T>(ext: Page, look: string): Promise<T | null> {
  return ext.evaluate((source: string) => {
    const reader = browser.extension.getViews({ type: 'tab' }).find((view) => view.location.pathname === '/reader.html');
    // Run in the reader's own global (its CSS, its document).
    return reader ? (new (reader as unknown as { Function: FunctionConstructor }).Function(`return (${source})(window)`)() as T) : null;
  }, look);
}

async function main(): Promise<number> {
  const emulator = await startEmulator({ port: 0 });
  const pages = await startPageServer();
  const pagesUrl = pages.url.replace('localhost', '127.0.0.1');
  const firefox = await launchFirefox();
  const suite = checks();
  try {
    await firefox.installExtension(EXTENSION);
    const ext = await openExtensionPage(firefox);
    await ext.evaluate(async (url) => {
      await browser.storage.local.set({ apiKey: 'demo-pro', settings: { serviceUrl: url } });
    }, emulator.url);
    const speech = async () =>
      ((await (await fetch(`${emulator.url}/__emulator/log`)).json()) as { requests: { path: string; textStart: string; textLength: number; language: string; status: number }[] }).requests.filter(
        (r) => r.path === '/api/v1/tts',
      );

    const page = await firefox.newPage();
    await page.goto(`${pagesUrl}/doc/paper`);
    await clickMenu(ext, 'voxlate-read-page');
    await suite.check('Firefox: "Read this page aloud" on a PDF opens it in the Voxlate reader in the same tab', () =>
      until('the reader', () =>
        ext.evaluate(async (want: string) => (await browser.tabs.query({})).some((tab) => tab.url === want), `moz-extension://${UUID}/reader.html?file=${encodeURIComponent(`${pagesUrl}/doc/paper`)}`),
      ),
    );
    // Every sentence lit in the reader, as it is lit (looked at from outside, a busy machine could miss one).
    const LIT = `(w) => { if (!w.voxlateLit) { w.voxlateLit = []; setInterval(() => { const h = w.CSS.highlights.get('voxlate-reading'); const t = h ? [...h].map((r) => r.toString()).join(' ') : ''; if (t && w.voxlateLit.at(-1) !== t) w.voxlateLit.push(t); }, 10); } return w.voxlateLit; }`;
    await until('the reader watched', () => inReader<string[]>(ext, LIT));
    await suite.check('Firefox: the reader reads it, its title first as a request of its own', async () => {
      await untilPlaying(ext);
      const title = (await speech()).find((r) => r.textStart === PAPER.title);
      if (!title || title.language !== 'en') throw new Error(JSON.stringify(await speech()));
    });
    await suite.check('Firefox: the sentence being read is lit in the reader\'s text layer', () =>
      until('the title lit', async () => ((await inReader<string[]>(ext, LIT))?.[0] === PAPER.title ? true : null), 60_000),
    );
    await suite.check('Firefox: stopped, what was charged is exactly what was sent, each at its price', async () => {
      await stopAndSettle(ext);
      const sent = (await speech()).filter((r) => r.status === 200).map((r) => r.textStart).sort();
      const charged = (await ledger(emulator.url)).entries.filter((e) => e.path === '/api/v1/tts');
      if (JSON.stringify(charged.map((e) => e.textStart).sort()) !== JSON.stringify(sent)) throw new Error(`sent ${sent.length}, charged ${charged.length}`);
      for (const entry of charged) if (entry.credits !== speechCost(entry.textLength)) throw new Error(JSON.stringify(entry));
      // The first sentence (the title) bought once, whoever asked for it first (issue 41), and every other once too.
      const titles = charged.filter((e) => e.textStart === PAPER.title).length;
      if (titles !== 1 || new Set(charged.map((e) => `${e.textStart} ${e.textLength}`)).size !== charged.length) throw new Error(`the title bought ${titles} times; ${charged.length} charges`);
    });

    await suite.check('Firefox: "Translate this page" on a PDF opens the reader, shows the cost first, then translates the paragraphs on screen in place, each request paid once at its price', async () => {
      await fetch(`${emulator.url}/__emulator/reset`, { method: 'POST' });
      await ext.evaluate(async () => {
        const { settings } = (await browser.storage.local.get('settings')) as { settings: Record<string, unknown> };
        await browser.storage.local.set({ settings: { ...settings, targetLanguage: 'es' } });
      });
      await page.goto(`${pagesUrl}/doc/paper`);
      await clickMenu(ext, 'translate-page');
      const panel = () => inReader<string>(ext, `(w) => [...w.document.documentElement.children].filter((h) => h.localName.startsWith('voxlate-page-translate')).map((h) => h.openOrClosedShadowRoot?.textContent ?? '').join(' ')`);
      await until('the cost panel', async () => /On screen now: up to [\d,]+ credits/.test((await panel()) ?? ''));
      if ((await ledger(emulator.url)).entries.length > 0) throw new Error('charged before agreeing');
      await inReader(ext, `(w) => { const host = [...w.document.documentElement.children].find((h) => h.localName.startsWith('voxlate-page-translate')); const b = [...host.openOrClosedShadowRoot.querySelectorAll('button')].find((x) => x.textContent.startsWith('Only what is on screen')); b.click(); return true; }`);
      await until('translations in place', async () => ((await inReader<number>(ext, `(w) => w.document.querySelectorAll('.voxlate-translation-box.translated p[lang="es"]').length`)) ?? 0) > 2);
      // Every translation request answered is charged once, ceil(characters / 10).
      const answered = async () =>
        ((await (await fetch(`${emulator.url}/__emulator/log`)).json()) as { requests: { path: string; textLength: number; status: number }[] }).requests.filter((r) => r.path === '/api/v1/translate' && r.status === 200);
      await until('nothing on the wire', () =>
        ext.evaluate(async () => {
          const background = (await browser.runtime.getBackgroundPage()) as unknown as { voxlateTestHooks: { requestsUnderWay(): { active: number; waiting: number } } };
          const { active, waiting } = background.voxlateTestHooks.requestsUnderWay();
          return active === 0 && waiting === 0;
        }),
      );
      const charged = (await ledger(emulator.url)).entries.filter((e) => e.path === '/api/v1/translate');
      const expected = (await answered()).map((r) => Math.ceil(r.textLength / 10));
      if (JSON.stringify(charged.map((e) => e.credits)) !== JSON.stringify(expected)) throw new Error(`charged ${JSON.stringify(charged.map((e) => e.credits))}, requests ${JSON.stringify(expected)}`);
    });

    await suite.check('Firefox: a scanned PDF says it has no text, and nothing is sent', async () => {
      await fetch(`${emulator.url}/__emulator/reset`, { method: 'POST' });
      await page.goto(`${pagesUrl}/fixtures/pdf/scan.pdf`);
      await clickMenu(ext, 'voxlate-read-page');
      await until('the scan notice', async () => (await inReader<string>(ext, `(w) => w.document.getElementById('status').textContent`))?.includes('This PDF has no text'));
      if ((await speech()).length > 0) throw new Error('a request was sent');
    });

    await suite.check('Firefox: a password-protected PDF asks for its password, refuses a wrong one, opens with the right one and reads it as asked', async () => {
      // Firefox's own viewer asks for the password too, and its page does not finish loading meanwhile.
      await page.goto(`${pagesUrl}/fixtures/pdf/locked.pdf`, { waitUntil: 'domcontentloaded' });
      await clickMenu(ext, 'voxlate-read-page');
      const prompt = () => inReader<string>(ext, `(w) => w.document.getElementById('password').hidden ? '' : w.document.getElementById('password-prompt').textContent`);
      await until('the password prompt', async () => (await prompt())?.includes('protected by a password'));
      const submit = (password: string) =>
        inReader(ext, `(w) => { w.document.getElementById('password-input').value = ${JSON.stringify(password)}; w.document.getElementById('password-open').click(); return true; }`);
      await submit('not-the-password');
      await until('the wrong-password note', async () => (await prompt())?.includes('not right'));
      await submit(LOCKED.userPassword);
      await until('the letter on screen', async () => (await inReader<string>(ext, `(w) => w.document.querySelector('.textLayer')?.textContent ?? ''`))?.includes(LOCKED.title));
      // …and read aloud, as asked.
      await untilPlaying(ext);
    });

    await suite.check('Firefox: Download audio of page 2 saves one file, and exactly page 2\'s requests are charged', async () => {
      // The letter opened above is being read: stopped, and its last requests settled, before the count starts.
      await stopAndSettle(ext);
      await fetch(`${emulator.url}/__emulator/reset`, { method: 'POST' });
      await ext.evaluate(async () => {
        const { settings } = (await browser.storage.local.get('settings')) as { settings: Record<string, unknown> };
        await browser.storage.local.set({ settings: { ...settings, confirmAboveCredits: 1_000_000 } });
        await browser.downloads.erase({});
      });
      // The reader's tab opens the paper itself (nothing read or sent by opening it).
      await ext.evaluate(async (file: string) => {
        const reader = (await browser.tabs.query({})).find((tab) => tab.url?.includes('/reader.html?file='));
        await browser.tabs.update(reader!.id!, { url: `/reader.html?file=${encodeURIComponent(file)}` });
      }, `${pagesUrl}/fixtures/pdf/paper.pdf`);
      await until('the reader', async () => (await inReader<boolean>(ext, `(w) => w.location.search.includes('paper.pdf') && !w.document.getElementById('download').disabled`)) === true);
      await inReader(ext, `(w) => { const d = w.document; d.getElementById('download').click(); d.getElementById('download-first').value = '2'; d.getElementById('download-last').value = '2'; d.getElementById('download-start').click(); return true; }`);
      const done = await until('the file saved', async () => {
        const [item] = await ext.evaluate(() => browser.downloads.search({ state: 'complete' }));
        return item?.filename ?? null;
      }, 60_000);
      if (!/page 2( ?\(\d+\))?\.mp3$/.test(done)) throw new Error(`saved as ${done}`);
      const sent = (await speech()).filter((r) => r.status === 200);
      if (!sent.some((r) => r.textStart.startsWith('Footnote markers are small raised numbers')) || sent.some((r) => r.textStart === PAPER.title)) {
        throw new Error(JSON.stringify(sent.map((r) => r.textStart)));
      }
      const charged = (await ledger(emulator.url)).entries.filter((e) => e.path === '/api/v1/tts');
      if (JSON.stringify(charged.map((e) => e.textStart).sort()) !== JSON.stringify(sent.map((r) => r.textStart).sort())) throw new Error(`sent ${sent.length}, charged ${charged.length}`);
    });

    await suite.check('Firefox: "Read this page aloud" on a PDF left at its password form does not read the next PDF that tab opens: the action dies with its reader', async () => {
      await fetch(`${emulator.url}/__emulator/reset`, { method: 'POST' });
      await page.goto(`${pagesUrl}/fixtures/pdf/locked.pdf`, { waitUntil: 'domcontentloaded' });
      await clickMenu(ext, 'voxlate-read-page');
      await until('the password prompt', async () => (await inReader<string>(ext, `(w) => w.document.getElementById('password').hidden ? '' : w.document.getElementById('password-prompt').textContent`))?.includes('protected by a password'));
      // No password comes: the same tab opens another PDF, which "Open every PDF in the Voxlate reader" shows in a reader of its own.
      await ext.evaluate(async (file: string) => {
        const { settings } = (await browser.storage.local.get('settings')) as { settings: Record<string, unknown> };
        await browser.storage.local.set({ settings: { ...settings, openPdfsInReader: true } });
        const reader = (await browser.tabs.query({})).find((tab) => tab.url?.includes('/reader.html?file='));
        await browser.tabs.update(reader!.id!, { url: file });
      }, `${pagesUrl}/doc/report`);
      // Ready: on screen, and the worker has done what that reader was opened for (nothing).
      await until('the report in a reader, ready', async () =>
        (await inReader<boolean>(ext, `(w) => w.location.search.includes(encodeURIComponent('/doc/report')) && w.document.documentElement.dataset.ready === 'true' && (w.document.querySelector('.textLayer')?.textContent ?? '').includes('Annual Report on Listening')`)) === true,
        30_000,
      );
      await ext.evaluate(async () => {
        const { settings } = (await browser.storage.local.get('settings')) as { settings: Record<string, unknown> };
        await browser.storage.local.set({ settings: { ...settings, openPdfsInReader: false } });
      });
      // Nothing read, nothing paid: the first reader's "read" went with it.
      const under = await ext.evaluate(async () => {
        const background = (await browser.runtime.getBackgroundPage()) as unknown as { voxlateTestHooks: { startsUnderWay(): number } };
        return { starting: background.voxlateTestHooks.startsUnderWay(), reading: Boolean((await browser.storage.session.get('reading')).reading) };
      });
      if (under.starting || under.reading || (await speech()).length) throw new Error(`read: ${JSON.stringify({ ...under, sent: (await speech()).map((r) => r.textStart) })}`);
    });
  } finally {
    await firefox.close();
    await pages.close();
    await emulator.close();
  }
  return suite.report();
}

runSuite(main);
