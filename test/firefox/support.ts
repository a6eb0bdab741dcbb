/**
 * What the Firefox end-to-end suites share: waiting for a condition, the extension's pages, a
 * selection, a menu click through the test hooks, the reading's state and the closing line.
 */
import type { Browser, Page } from 'puppeteer-core';

export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const GECKO_ID = 'voxlate@example.org';
export const UUID = '5f0c1d2e-3b4a-4c5d-8e6f-7a8b9c0d1e2f';

/** Polls `probe` until it returns something truthy; throws after `timeoutMs`. */
export async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Opens one of our pages; moz-extension pages never report load completion over BiDi. */
export async function openExtensionPage(firefox: Browser, file = 'popup.html'): Promise<Page> {
  const page = await firefox.newPage();
  void page.goto(`moz-extension://${UUID}/${file}`).catch(() => undefined);
  await until(`${file} loaded`, () => page.evaluate(() => document.readyState === 'complete' && typeof browser !== 'undefined'));
  return page;
}

/** Selects the whole text of the element matching `selector`. */
export async function selectElement(page: Page, selector: string): Promise<void> {
  await page.evaluate((sel) => {
    const range = document.createRange();
    range.selectNodeContents(document.querySelector(sel)!);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
  }, selector);
}

/** Does what clicking one of our menu entries on the loopback page does (menus cannot be clicked headless). */
export async function clickMenu(ext: Page, menuItemId: string): Promise<void> {
  await ext.evaluate(async (id) => {
    const background = (await browser.runtime.getBackgroundPage()) as unknown as {
      voxlateTestHooks: { onMenuClick: (info: unknown, tab: unknown) => boolean };
    };
    const [tab] = await browser.tabs.query({ url: '*://127.0.0.1/*' });
    if (!background.voxlateTestHooks.onMenuClick({ menuItemId: id, frameId: 0 }, tab)) throw new Error(`menu ${id} not handled`);
  }, menuItemId);
}

/** Waits until the stored reading says it is playing. */
export function untilPlaying(ext: Page): Promise<true> {
  return until('playing', () =>
    ext.evaluate(async () => {
      const { reading } = (await browser.storage.session.get('reading')) as { reading?: { position?: { status: string } } };
      return reading?.position?.status === 'playing';
    }),
  );
}

/** Named checks, each passed or failed with why; `report` prints them and "N passed, N failed". */
export function checks() {
  const results: [string, boolean, string?][] = [];
  return {
    async check(name: string, run: () => Promise<unknown>): Promise<void> {
      try {
        await run();
        results.push([name, true]);
      } catch (error) {
        results.push([name, false, (error as Error).message]);
      }
    },
    report(): number {
      for (const [name, ok, why] of results) console.log(`${ok ? '✓' : '✘'} ${name}${why ? `: ${why}` : ''}`);
      const failed = results.filter(([, ok]) => !ok).length;
      console.log(`${results.length - failed} passed, ${failed} failed`);
      return failed;
    },
  };
}

/** Runs a suite's main and exits with its number of failures. */
export function runSuite(main: () => Promise<number>): void {
  main().then(
    (failed) => process.exit(failed ? 1 : 0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
