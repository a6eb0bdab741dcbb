/**
 * The bench's own copy of the built extension and its browser launch. The test build folder
 * (.output-test/chrome-mv3) is shared with whoever runs tests or builds on this machine; a copy
 * taken right after our build cannot change under a running bench.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { EXTENSION_DIR, launchWithExtension, serviceWorkerOf } from '../test/support/browser';
import { call } from './extension';
import { fmt } from './stats';

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

/**
 * A fresh browser with the extension in `dir`, connected to the emulator as after setting up (the
 * account and voices known, through the options page, kept open to send messages from). The toolbar
 * button has no popup: a click on it then only grants activeTab, as the right-click does (the popup
 * would inject the page script).
 */
export async function connectedBrowser(dir: string, emulatorUrl: string): Promise<{ context: BrowserContext; background: Worker; extensionId: string; options: Page }> {
  const context = await launchWith(dir);
  try {
    const background = await serviceWorkerOf(context);
    const extensionId = new URL(background.url()).host;
    await background.evaluate(async (url) => {
      await chrome.storage.local.set({ apiKey: 'bench-pro', settings: { serviceUrl: url, confirmAboveCredits: 1_000_000 } });
      await chrome.action.setPopup({ popup: '' });
    }, emulatorUrl);
    const options = await context.newPage();
    await options.goto(`chrome-extension://${extensionId}/options.html`);
    await call(options, 'getVoices');
    await call(options, 'getAccount', { refresh: true });
    return { context, background, extensionId, options };
  } catch (error) {
    await context.close().catch(() => undefined);
    throw error;
  }
}

/**
 * The extension a bench times: the build named by the environment variable `override` (e.g. an
 * older commit's chrome-mv3), else this tree's test build, built now and copied (snapshotExtension).
 */
export function benchExtension(override: string): { dir: string; remove: () => void } {
  const other = process.env[override];
  if (other) return { dir: other, remove: () => undefined };
  console.log('Building the test extension (VOXLATE_TEST_BUILD=1 wxt build)…');
  execFileSync('npx', ['wxt', 'build'], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, VOXLATE_TEST_BUILD: '1' } });
  return snapshotExtension();
}

/** The report's last line on the machine's load during the runs (1-min averages taken per run). */
export function loadLine(loads: readonly number[]): string {
  const cores = os.cpus().length;
  const min = Math.min(...loads);
  const max = Math.max(...loads);
  return `- Machine load (1-min average, ${cores} cores): ${fmt(min, 1)}–${fmt(max, 1)}` + (max > cores ? ' — other work was running: timings are inflated by CPU contention' : '');
}

/** Runs a bench's body, then prints its run time; any error ends the process with status 1. */
export function runBench(name: string, body: () => Promise<void>): void {
  const started = Date.now();
  body()
    .then(() => console.log(`\n${name} bench run time: ${((Date.now() - started) / 1000).toFixed(0)} s`))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
