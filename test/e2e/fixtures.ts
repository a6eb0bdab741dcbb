import { test as base, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { startEmulator, type Emulator } from '../../emulator/server';
import { launchWithExtension, serviceWorkerOf } from '../support/browser';
import { chooseMenuEntry, selectText, waitForStatus } from '../support/extension';
import { startPageServer, type PageServer } from '../support/page-server';

interface WorkerFixtures {
  emulator: Emulator;
  pages: PageServer;
}

interface TestFixtures {
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
  context: async ({ emulator }, use, testInfo) => {
    await fetch(`${emulator.url}/__emulator/reset`, { method: 'POST' });
    const context = await launchWithExtension();
    // What the extension's worker warned about: the browser's own words behind a message such as
    // "Voxlate can't work on this page", shown with a test that failed.
    const warned: string[] = [];
    context.on('console', (message) => {
      if (message.worker() && (message.type() === 'warning' || message.type() === 'error')) warned.push(`${message.type()}: ${message.text()}`);
    });
    await use(context);
    if (testInfo.status !== testInfo.expectedStatus && warned.length) await testInfo.attach('extension worker console', { body: warned.join('\n') });
    await context.close();
  },
  background: async ({ context }, use) => use(await serviceWorkerOf(context)),
  extensionId: async ({ background }, use) => use(new URL(background.url()).host),
  openExtensionPage: async ({ context, extensionId }, use) =>
    use(async (file) => {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/${file}`);
      return page;
    }),
});

export const expect = test.expect;

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
