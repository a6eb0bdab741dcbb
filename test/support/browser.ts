import path from 'node:path';
import { createServer } from 'node:net';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';

/** The extension as built for tests (same code as the store build, separate folder). */
export const EXTENSION_DIR = path.resolve(import.meta.dirname, '../../.output-test/chrome-mv3');

/** Debian's chromium unless CHROMIUM_PATH points elsewhere (e.g. Playwright's own build). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const debugPorts = new WeakMap<BrowserContext, number>();

/** Launches Chromium with a fresh profile and the built extension loaded. */
export async function launchWithExtension(
  options: { headless?: boolean; locale?: string; colorScheme?: 'light' | 'dark'; extensionDir?: string } = {},
): Promise<BrowserContext> {
  const extension = options.extensionDir ?? EXTENSION_DIR;
  // A debugging port (loopback only) gives tests a browser-level CDP session, which clicking the
  // toolbar button needs; a persistent context offers page-level sessions only.
  const port = await freePort();
  const context = await chromium.launchPersistentContext('', {
    executablePath: CHROMIUM_PATH,
    headless: options.headless ?? true,
    locale: options.locale,
    colorScheme: options.colorScheme,
    acceptDownloads: true,
    args: [
      `--disable-extensions-except=${extension}`,
      `--load-extension=${extension}`,
      '--enable-unsafe-extension-debugging',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--autoplay-policy=no-user-gesture-required',
      `--remote-debugging-port=${port}`,
      ...(options.locale ? [`--lang=${options.locale}`] : []),
    ],
  });
  debugPorts.set(context, port);
  return context;
}

/** A second, CDP-level handle on the same browser (for browser-wide CDP commands). */
export async function browserOverCdp(context: BrowserContext): Promise<Browser> {
  const port = debugPorts.get(context);
  if (!port) throw new Error('context was not launched by launchWithExtension');
  return chromium.connectOverCDP(`http://127.0.0.1:${port}`);
}

/** The extension's service worker (waits for it to start). */
export async function serviceWorkerOf(context: BrowserContext) {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}
