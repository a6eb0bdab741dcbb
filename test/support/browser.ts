import path from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';

/** The extension as built for tests (same code as the store build, separate folder). */
export const EXTENSION_DIR = path.resolve(import.meta.dirname, '../../.output-test/chrome-mv3');

/** Debian's chromium unless CHROMIUM_PATH points elsewhere (e.g. Playwright's own build). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Launches Chromium with a fresh profile and the built extension loaded. */
export async function launchWithExtension(options: { headless?: boolean; locale?: string; colorScheme?: 'light' | 'dark' } = {}): Promise<BrowserContext> {
  return chromium.launchPersistentContext('', {
    executablePath: CHROMIUM_PATH,
    headless: options.headless ?? true,
    locale: options.locale,
    colorScheme: options.colorScheme,
    acceptDownloads: true,
    args: [
      `--disable-extensions-except=${EXTENSION_DIR}`,
      `--load-extension=${EXTENSION_DIR}`,
      '--enable-unsafe-extension-debugging',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--autoplay-policy=no-user-gesture-required',
      ...(options.locale ? [`--lang=${options.locale}`] : []),
    ],
  });
}

/** The extension's service worker (waits for it to start). */
export async function serviceWorkerOf(context: BrowserContext) {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}
