/**
 * The popup's first contentful paint, as the browser itself times it (the `paint` entries of
 * Performance), with the account and voices cached, the popup opened as a 400×600 page. For one
 * built extension (bench/ui.ts runs it for the current build and, with POPUP_BASELINE=<dir of an
 * older test build>, for that one beside it). Per run, a fresh profile:
 * - first open: the first time the popup opens in this profile (nothing kept from an earlier one);
 * - reopen: opened again, three times (a new document each time), in the same browser;
 * - after restart: the browser closed and started again on the same profile, then the popup opened
 *   (the usual first open of a day: whatever the popup keeps between openings is there).
 * Also React's first render with cached data (window.__voxlateFirstRender) of each opening.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import { CHROMIUM_PATH, serviceWorkerOf, welcomePage } from '../test/support/browser';

export interface PopupPaint {
  firstOpen: number[];
  reopen: number[];
  afterRestart: number[];
  /** React's first render with cached data, every opening. */
  reactRender: number[];
  /**
   * The floor: the same measure of the least an extension page can paint (FLOOR_PAGE, one line of
   * text and no script), opened as the reopens are; empty when the build has no such page.
   */
  floor: number[];
}

/**
 * The floor page bench/ui.ts writes into its copy of the build (never into a build of someone
 * else's: a baseline has none, and gets no floor).
 */
export const FLOOR_PAGE = 'paint-floor.html';
export const FLOOR_HTML = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Voxlate</title></head><body><p>Voxlate</p></body></html>';

const REOPENS = 3;

function launch(extensionDir: string, profile: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    viewport: { width: 400, height: 600 },
    args: [
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Opens the floor page in a new page: its first contentful paint, in ms from navigation start. */
async function openFloor(context: BrowserContext, extensionId: string): Promise<number> {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/${FLOOR_PAGE}`);
  const handle = await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
  const fcp = (await handle.jsonValue())!;
  await page.close();
  return fcp;
}

/** Opens the popup in a new page; its first contentful paint and React's first render, in ms from navigation start. */
async function open(context: BrowserContext, extensionId: string): Promise<{ fcp: number; react: number }> {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/popup.html`);
  const handle = await page.waitForFunction(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
    const react = (window as unknown as { __voxlateFirstRender?: number }).__voxlateFirstRender;
    // The account line filled from the cache: the popup's first screen is there.
    const account = document.querySelector('.account-line .email');
    return fcp !== undefined && react !== undefined && account ? { fcp, react } : null;
  });
  const result = (await handle.jsonValue())!;
  await page.close();
  return result;
}

export async function measurePopupPaint(extensionDir: string, emulatorUrl: string, runs: number, onRun?: (line: string) => void): Promise<PopupPaint> {
  const out: PopupPaint = { firstOpen: [], reopen: [], afterRestart: [], reactRender: [], floor: [] };
  const withFloor = existsSync(path.join(extensionDir, FLOOR_PAGE));
  for (let run = 0; run < runs; run++) {
    await fetch(`${emulatorUrl}/__emulator/reset`, { method: 'POST' });
    const profile = mkdtempSync(path.join(tmpdir(), 'voxlate-bench-popup-'));
    mkdirSync(path.join(profile, 'Default'));
    writeFileSync(path.join(profile, 'Default', 'Preferences'), '{}');
    try {
      let context = await launch(extensionDir, profile);
      // The welcome page a new install opens, closed as a user would before timing the popup.
      await (await welcomePage(context)).close();
      const background = await serviceWorkerOf(context);
      const extensionId = new URL(background.url()).host;
      await background.evaluate(async (url) => {
        await chrome.storage.local.set({ apiKey: 'demo-pro', settings: { serviceUrl: url, targetLanguage: 'es' } });
      }, emulatorUrl);
      // As after a real setup ("Save and test" reads the account; the voices are listed once).
      const options = await context.newPage();
      await options.goto(`chrome-extension://${extensionId}/options.html`);
      // (No helper functions inside: tsx's name-keeping wrappers do not exist in the page.)
      await options.evaluate(() => chrome.runtime.sendMessage({ id: 1, type: 'getAccount', data: { refresh: true }, timestamp: Date.now() }));
      await options.evaluate(() => chrome.runtime.sendMessage({ id: 2, type: 'getVoices', data: {}, timestamp: Date.now() }));
      await options.close();

      const first = await open(context, extensionId);
      const again: { fcp: number; react: number }[] = [];
      const floor: number[] = [];
      for (let i = 0; i < REOPENS; i++) {
        again.push(await open(context, extensionId));
        if (withFloor) floor.push(await openFloor(context, extensionId));
      }
      await context.close();
      context = await launch(extensionDir, profile);
      await serviceWorkerOf(context);
      const restarted = await open(context, extensionId);
      await context.close();

      out.firstOpen.push(first.fcp);
      out.reopen.push(...again.map((r) => r.fcp));
      out.afterRestart.push(restarted.fcp);
      out.reactRender.push(first.react, ...again.map((r) => r.react), restarted.react);
      out.floor.push(...floor);
      onRun?.(`first open ${first.fcp.toFixed(0)}, reopen ${again.map((r) => r.fcp.toFixed(0)).join('/')}, after restart ${restarted.fcp.toFixed(0)} ms (React's first render ${first.react.toFixed(0)} / ${again.map((r) => r.react.toFixed(0)).join('/')} / ${restarted.react.toFixed(0)} ms)${floor.length ? `; floor page ${floor.map((f) => f.toFixed(0)).join('/')} ms` : ''}`);
    } finally {
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
      } catch {
        // A closing browser may still write there; tmp is cleaned another day.
      }
    }
  }
  return out;
}
