/**
 * Firefox end to end: the built extension (test build) in Debian's firefox-esr, driven over
 * WebDriver BiDi with puppeteer-core (Playwright's Firefox needs a patched build that cannot be
 * installed here). It reads a selection aloud: the page script reads it, the background page
 * (Firefox's player: no offscreen documents there) plays it, and the sentence is highlighted.
 * Prints "N passed, N failed" like every suite here.
 */
import path from 'node:path';
import puppeteer, { type Page } from 'puppeteer-core';
import { startEmulator } from '../../emulator/server';
import { startPageServer } from '../support/page-server';

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
const EXTENSION = path.resolve(import.meta.dirname, '../../.output-test/firefox-mv2');
const GECKO_ID = 'voxlate@example.org';
const UUID = '5f0c1d2e-3b4a-4c5d-8e6f-7a8b9c0d1e2f';

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** moz-extension pages never report load completion over BiDi: start, then poll readyState. */
async function openExtensionPage(page: Page, file: string): Promise<void> {
  void page.goto(`moz-extension://${UUID}/${file}`).catch(() => undefined);
  await until(`${file} loaded`, () => page.evaluate(() => document.readyState === 'complete' && typeof browser !== 'undefined'));
}

async function main(): Promise<number> {
  const emulator = await startEmulator({ port: 0 });
  const pages = await startPageServer();
  // The Firefox test build may reach 127.0.0.1 (as the Chrome one does), so no toolbar click is
  // needed to let it act on the page: Firefox offers no headless way to make one.
  const pagesUrl = pages.url.replace('localhost', '127.0.0.1');
  // Not named `browser`: that is the WebExtension global the evaluated functions below use.
  const firefox = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    args: ['-remote-allow-system-access'],
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: UUID }),
      'media.autoplay.default': 0,
      'media.autoplay.block-webaudio': false,
    },
  });
  const results: [string, boolean, string?][] = [];
  try {
    await firefox.installExtension(EXTENSION);
    const ext = await firefox.newPage();
    await openExtensionPage(ext, 'popup.html');
    await ext.evaluate(async (url) => {
      await browser.storage.local.set({ apiKey: 'demo-pro', settings: { serviceUrl: url } });
    }, emulator.url);

    const page = await firefox.newPage();
    await page.goto(`${pagesUrl}/fixtures/article.html`);
    await page.evaluate(() => {
      const range = document.createRange();
      range.selectNodeContents(document.querySelector('#first')!);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
    });
    await ext.evaluate(async () => {
      const background = (await browser.runtime.getBackgroundPage()) as unknown as {
        voxlateTestHooks: { onMenuClick: (info: unknown, tab: unknown) => boolean };
      };
      const [tab] = await browser.tabs.query({ url: '*://127.0.0.1/*' });
      background.voxlateTestHooks.onMenuClick({ menuItemId: 'voxlate-read-selection', frameId: 0 }, tab);
    });

    const check = async (name: string, run: () => Promise<unknown>) => {
      try {
        await run();
        results.push([name, true]);
      } catch (error) {
        results.push([name, false, (error as Error).message]);
      }
    };
    await check('Firefox: a selection is read aloud by the background page player', () =>
      until('playing', () =>
        ext.evaluate(async () => {
          const { reading } = (await browser.storage.session.get('reading')) as { reading?: { position?: { status: string } } };
          return reading?.position?.status === 'playing';
        }),
      ),
    );
    await check('Firefox: the first request is the first sentence, in English', async () => {
      const log = (await (await fetch(`${emulator.url}/__emulator/log`)).json()) as { requests: { path: string; textStart: string; language: string; status: number }[] };
      const first = log.requests.find((r) => r.path === '/api/v1/tts' && r.textStart === 'The morning was cool and bright.');
      if (!first || first.language !== 'en' || first.status !== 200) throw new Error(JSON.stringify(log.requests));
    });
    await check('Firefox: the sentence being read is highlighted', () =>
      until('highlight', () =>
        page.evaluate(() => {
          const highlight = CSS.highlights.get('voxlate-reading');
          return highlight ? [...highlight].map((r) => (r as Range).toString()).join('') : null;
        }),
      ),
    );
  } finally {
    await firefox.close();
    await pages.close();
    await emulator.close();
  }
  for (const [name, ok, why] of results) console.log(`${ok ? '✓' : '✘'} ${name}${why ? `: ${why}` : ''}`);
  const failed = results.filter(([, ok]) => !ok).length;
  console.log(`${results.length - failed} passed, ${failed} failed`);
  return failed;
}

main().then(
  (failed) => process.exit(failed ? 1 : 0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
