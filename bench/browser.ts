/**
 * The bench's own copy of the built extension and its browser launch. The test build folder
 * (.output-test/chrome-mv3) is shared with whoever runs tests or builds on this machine; a copy
 * taken right after our build cannot change under a running bench.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { EXTENSION_DIR, launchWithExtension } from '../test/support/browser';

/** Copies the test build to a temporary folder; returns it and how to remove it. */
export function snapshotExtension(): { dir: string; remove: () => void } {
  if (!existsSync(path.join(EXTENSION_DIR, 'manifest.json'))) throw new Error(`no built extension in ${EXTENSION_DIR}`);
  const root = mkdtempSync(path.join(os.tmpdir(), 'voxlate-bench-'));
  const dir = path.join(root, 'chrome-mv3');
  cpSync(EXTENSION_DIR, dir, { recursive: true });
  return { dir, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** Headless Chromium with a fresh profile and the extension in `dir`. */
export function launchWith(dir: string): Promise<BrowserContext> {
  return launchWithExtension({ extensionDir: dir });
}
