import { test as base, type BrowserContext, type ConsoleMessage, type Page, type Worker } from '@playwright/test';
import { startEmulator, type Emulator } from '../../emulator/server';
import { launchWithExtension, resetExtension, serviceWorkerOf } from '../support/browser';
import { chooseMenuEntry, selectText, waitForStatus } from '../support/extension';
import { startPageServer, type PageServer } from '../support/page-server';

interface WorkerFixtures {
  emulator: Emulator;
  pages: PageServer;
  /** The worker's browser, launched at its first test and reset between tests (see resetExtension). */
  reusedBrowser: { get(): Promise<BrowserContext>; worker: Worker | null };
}

interface TestFixtures {
  /**
   * A browser of the test's own, launched for it and closed after it (set with test.use), where
   * one reset between tests is not new enough. Off by default: starting Chromium costs seconds of
   * CPU, the largest share of a short test on a 2-core machine.
   */
  freshBrowser: boolean;
  context: BrowserContext;
  background: Worker;
  extensionId: string;
  /** Opens an extension page (e.g. 'options.html') in a tab. */
  openExtensionPage: (file: string) => Promise<Page>;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  emulator: [
    async ({}, use) => {
      const emulator = await startEmulator({ port: 0 });
      await use(emulator);
      await emulator.close();
    },
    { scope: 'worker' },
  ],
  pages: [
    async ({}, use) => {
      const server = await startPageServer();
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  reusedBrowser: [
    // Closed before the servers it has pages and requests open on (a fixture ends before those it uses).
    async ({ emulator, pages }, use) => {
      void emulator;
      void pages;
      const state: { launched: Promise<BrowserContext> | null } = { launched: null };
      await use({ get: () => (state.launched ??= launchWithExtension()), worker: null });
      await (await state.launched)?.close();
    },
    { scope: 'worker' },
  ],
  freshBrowser: [false, { option: true }],
  context: async ({ emulator, freshBrowser, reusedBrowser }, use, testInfo) => {
    const reused = !freshBrowser;
    let context: BrowserContext;
    if (reused) {
      const launched = reusedBrowser.worker !== null;
      context = await reusedBrowser.get();
      // A browser that ran a test before: the extension as newly installed (its worker kept for the `background` fixture).
      reusedBrowser.worker = launched ? await resetExtension(context) : await serviceWorkerOf(context);
    } else {
      context = await launchWithExtension();
    }
    // After the extension's reset: whatever the last test's extension still had on the wire is gone from the ledger.
    await fetch(`${emulator.url}/__emulator/reset`, { method: 'POST' });
    // What the extension's worker warned about: the browser's own words behind a message such as
    // "Voxlate can't work on this page", shown with a test that failed.
    const warned: string[] = [];
    const warn = (message: ConsoleMessage) => {
      if (message.worker() && (message.type() === 'warning' || message.type() === 'error')) warned.push(`${message.type()}: ${message.text()}`);
    };
    context.on('console', warn);
    await use(context);
    context.off('console', warn);
    if (testInfo.status !== testInfo.expectedStatus && warned.length) await testInfo.attach('extension worker console', { body: warned.join('\n') });
    if (!reused) await context.close();
  },
  background: async ({ context, freshBrowser, reusedBrowser }, use) => use(!freshBrowser && reusedBrowser.worker ? reusedBrowser.worker : await serviceWorkerOf(context)),
  extensionId: async ({ background }, use) => use(new URL(background.url()).host),
  openExtensionPage: async ({ context, extensionId }, use) =>
    use(async (file) => {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/${file}`);
      return page;
    }),
});

/**
 * Playwright's `expect.poll` looks again after 100, 250, 500 ms, then only every second: a state
 * reached at 1.1 s is seen at 1.85 s, and a suite of hundreds of polls waits minutes for nothing.
 * Here it keeps looking every half second (a test's own `intervals` still win).
 */
const POLL_INTERVALS = [100, 250, 500];
const poll: typeof test.expect.poll = (generator, options) =>
  test.expect.poll(generator, typeof options === 'string' ? { message: options, intervals: POLL_INTERVALS } : { intervals: POLL_INTERVALS, ...options });
export const expect = new Proxy(test.expect, { get: (target, key, receiver) => (key === 'poll' ? poll : Reflect.get(target, key, receiver)) });

/**
 * Points the extension at the emulator the way the options page does, without the UI: for tests
 * about other features. The key is written by the background itself (its own storage).
 */
export async function connectService(background: Worker, serviceUrl: string, apiKey: string): Promise<void> {
  await background.evaluate(
    async ([url, key]) => {
      await chrome.storage.local.set({ apiKey: key });
      const { settings } = await chrome.storage.local.get('settings');
      await chrome.storage.local.set({ settings: { ...(settings ?? {}), serviceUrl: url } });
    },
    [serviceUrl, apiKey] as const,
  );
}

/** Changes stored settings, as the options page would. */
export async function setSettings(background: Worker, patch: Record<string, unknown>): Promise<void> {
  await background.evaluate(async (p) => {
    const { settings } = await chrome.storage.local.get('settings');
    await chrome.storage.local.set({ settings: { ...((settings as object) ?? {}), ...p } });
  }, patch);
}

/**
 * The usual start of a reading test: the service connected (demo-pro), the sample article open,
 * `selector`'s text selected, "Read aloud" chosen from the context menu, and playback under way.
 */
export async function readArticleSelection(
  f: { context: BrowserContext; background: Worker; extensionId: string; emulator: Emulator; pages: PageServer },
  selector: string,
): Promise<Page> {
  await connectService(f.background, f.emulator.url, 'demo-pro');
  const page = await f.context.newPage();
  await page.goto(`${f.pages.url}/fixtures/article.html`);
  await selectText(page, selector);
  await chooseMenuEntry(f.context, f.background, f.extensionId, page, 'voxlate-read-selection');
  await waitForStatus(f.background, 'playing');
  return page;
}
