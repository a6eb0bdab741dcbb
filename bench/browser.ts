/**
 * The bench's own copy of the built extension and its browser launch. The test build folder
 * (.output-test/chrome-mv3) is shared with whoever runs tests or builds on this machine; a copy
 * taken right after our build cannot change under a running bench.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import { CHROMIUM_PATH, EXTENSION_DIR } from '../test/support/browser';

/** Copies the test build to a temporary folder; returns it and how to remove it. */
export function snapshotExtension(): { dir: string; remove: () => void } {
  if (!existsSync(path.join(EXTENSION_DIR, 'manifest.json'))) throw new Error(`no built extension in ${EXTENSION_DIR}`);
  const root = mkdtempSync(path.join(os.tmpdir(), 'voxlate-bench-'));
  const dir = path.join(root, 'chrome-mv3');
  cpSync(EXTENSION_DIR, dir, { recursive: true });
  return { dir, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** Headless Chromium with a fresh profile and the extension in `dir` (as test/support/browser.ts). */
export async function launchWith(dir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext('', {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      `--disable-extensions-except=${dir}`,
      `--load-extension=${dir}`,
      '--enable-unsafe-extension-debugging',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}
