import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';
import { chromium, type BrowserContext, type Page, type Worker } from '@playwright/test';
import WebSocket from 'ws';
import { CHROME_TEST_BUILD } from './build-dir';

/** The extension as built for tests (same code as the store build, separate folder). */
export const EXTENSION_DIR = CHROME_TEST_BUILD;

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

const PROFILE_PREFIX = 'voxlate-profile-';

function removeProfile(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  } catch {
    // Left for sweepOldProfiles.
  }
}

/** Profiles a closing browser kept busy, from runs more than an hour old. */
function sweepOldProfiles(): void {
  const hourAgo = Date.now() - 3_600_000;
  for (const name of readdirSync(tmpdir())) {
    const dir = path.join(tmpdir(), name);
    // Another worker (or run) may remove a profile between the listing and the look.
    if (name.startsWith(PROFILE_PREFIX) && (statSync(dir, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) < hourAgo) removeProfile(dir);
  }
}

/** The page the extension opens once after install (lib/popup/welcome.ts). */
export const WELCOME_PAGE = /^chrome-extension:\/\/[a-p]{32}\/welcome\.html$/;

/**
 * Launches Chromium with a fresh profile and the built extension loaded. The extension opens its
 * welcome page on install, as in a user's browser; it is closed once it opened unless `keepWelcome`
 * (the welcome's own tests), so every other test starts with the one blank tab.
 */
export async function launchWithExtension(
  options: { headless?: boolean; locale?: string; colorScheme?: 'light' | 'dark'; extensionDir?: string; keepWelcome?: boolean } = {},
): Promise<BrowserContext> {
  const extension = options.extensionDir ?? EXTENSION_DIR;
  // A debugging port (loopback only) gives tests a browser-level CDP session, which clicking the
  // toolbar button needs; a persistent context offers page-level sessions only.
  const port = await freePort();
  // A fresh profile whose downloads go to its own folder: files never pile up in ~/Downloads,
  // where Chrome would start naming new ones differently once a name is taken many times.
  sweepOldProfiles();
  const profile = mkdtempSync(path.join(tmpdir(), PROFILE_PREFIX));
  mkdirSync(path.join(profile, 'Default'));
  writeFileSync(
    path.join(profile, 'Default', 'Preferences'),
    JSON.stringify({ download: { default_directory: path.join(profile, 'Downloads'), prompt_for_download: false } }),
  );
  const context = await chromium.launchPersistentContext(profile, {
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
  // Downloads as Chrome itself makes them, into the profile's Downloads folder under the names
  // Chrome chooses (what the tests check): Playwright's own setting saves them under random names
  // in its artifacts folder. Chrome keeps this while the session that set it is connected (ours
  // stays connected until the browser closes), and goes back to its own way after.
  await (await browserCdp(context))('Browser.setDownloadBehavior', { behavior: 'default' });
  // Best effort: Chrome may still be writing its cache as it closes (then the next launch sweeps it).
  context.on('close', () => removeProfile(profile));
  if (!options.keepWelcome) await (await welcomePage(context)).close();
  return context;
}

/** The welcome page the extension opened on install (waits for it to open and load). */
export async function welcomePage(context: BrowserContext): Promise<Page> {
  // Looked for and waited for in one step: no page can open between the two. Nothing else opens
  // a tab while the browser starts; a tab the extension opens may show its address a moment later.
  const opened = context.pages().find((page) => WELCOME_PAGE.test(page.url())) ?? (await context.waitForEvent('page'));
  await opened.waitForURL(WELCOME_PAGE);
  await opened.waitForLoadState();
  return opened;
}

/** Sends one command to a browser-level CDP session (e.g. Extensions.loadUnpacked, Target.getTargets). */
export type BrowserCdp = <T = unknown>(method: string, params?: object) => Promise<T>;
const browserCdps = new WeakMap<BrowserContext, Promise<BrowserCdp>>();

/**
 * The browser's own CDP endpoint, spoken to directly over one WebSocket kept per browser: no
 * domain enabled, no target attached, so it costs nothing between commands. (Playwright's
 * connectOverCDP attaches to every page each time: about a quarter of a CPU-second a call, which
 * every test paid at least twice.)
 */
export function browserCdp(context: BrowserContext): Promise<BrowserCdp> {
  let cdp = browserCdps.get(context);
  if (!cdp) {
    cdp = openBrowserCdp(context);
    browserCdps.set(context, cdp);
  }
  return cdp;
}

async function openBrowserCdp(context: BrowserContext): Promise<BrowserCdp> {
  const port = debugPorts.get(context);
  if (!port) throw new Error('context was not launched by launchWithExtension');
  const { webSocketDebuggerUrl } = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { webSocketDebuggerUrl: string };
  const socket = new WebSocket(webSocketDebuggerUrl, { perMessageDeflate: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void; method: string }>();
  let lastId = 0;
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown; error?: { message: string } };
    const call = message.id === undefined ? undefined : waiting.get(message.id);
    if (!call) return;
    waiting.delete(message.id!);
    if (message.error) call.reject(new Error(`${call.method}: ${message.error.message}`));
    else call.resolve(message.result);
  });
  socket.on('close', () => {
    for (const call of waiting.values()) call.reject(new Error(`${call.method}: the browser closed its CDP connection`));
    waiting.clear();
  });
  context.once('close', () => socket.close());
  return <T>(method: string, params: object = {}) =>
    new Promise<T>((resolve, reject) => {
      const id = ++lastId;
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject, method });
      socket.send(JSON.stringify({ id, method, params }));
    });
}

/** The extension's service worker (waits for it to start). */
export async function serviceWorkerOf(context: BrowserContext) {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}

/**
 * Makes a browser that ran a test as new for the next one, in about a second instead of the
 * several seconds of CPU a new browser costs: every tab but the first closed and that one blank;
 * the extension's storage (its pages' localStorage too), databases, caches, downloads and granted
 * optional permissions cleared;
 * then the extension loaded afresh from its folder (a new service worker and globals, no offscreen
 * document, no reading, not allowed in private windows), as many times as it takes to start on
 * nothing. Returns the service worker to use.
 */
export async function resetExtension(context: BrowserContext, extensionDir = EXTENSION_DIR): Promise<Worker> {
  const [first, ...rest] = context.pages();
  await Promise.all(rest.map((page) => page.close()));
  const tab = first ?? (await context.newPage());
  // A worker stopped by the last test starts only for an event: the reload is one.
  let worker = context.serviceWorkers()[0] ?? (await reloadExtension(context, null, extensionDir));
  if (tab.url() !== 'about:blank') await tab.goto('about:blank');
  // Its pages' own storage, which its worker cannot reach (the popup keeps its first screen there),
  // cleared through a tab's DevTools session (the browser's own session answers "Internal error"
  // for an extension's storage; opening a page of the extension to clear it cost 20 times the CPU).
  const session = await context.newCDPSession(tab);
  await session.send('Storage.clearDataForStorageKey', { storageKey: `chrome-extension://${new URL(worker.url()).host}/`, storageTypes: 'local_storage' });
  await session.detach();
  // The old extension may still write as it winds down (a closed tab ends its reading): what it
  // left is cleared again and the extension loaded once more, until it starts on nothing.
  for (let round = 0; ; round++) {
    // A worker the browser stopped meanwhile (idle after the last test) answers nothing ("No SW"):
    // the reload below starts a new one.
    const left = await worker.evaluate(clearExtensionData).catch((error: unknown) => {
      if (/No SW|closed/i.test(String(error))) return 'a stopped worker';
      throw error;
    });
    // Loaded afresh at least once: nothing of the last test stays in the worker's memory either.
    if (round > 0 && !left) return worker;
    if (round === 4) throw new Error(`the extension kept its data after being reset: ${left}`);
    worker = await reloadExtension(context, worker, extensionDir);
  }
}

/**
 * In the extension's worker: what it keeps beyond a new install's own marks, cleared; returns
 * what there was (null when nothing). Sent as source to the worker, so it names nothing outside.
 */
async function clearExtensionData(): Promise<string | null> {
  const local = await chrome.storage.local.get(null);
  // A new install writes its storage layout at start (moveLegacyStorage): that is not left over.
  const kept = Object.keys(local).filter((key) => key !== 'storageLayout');
  const session = Object.keys(await chrome.storage.session.get(null));
  const sync = Object.keys(await chrome.storage.sync.get(null));
  const databases = (await indexedDB.databases()).map((db) => db.name ?? '');
  const cacheNames = await caches.keys();
  const manifest = chrome.runtime.getManifest();
  const optional = ((await chrome.permissions.getAll()).origins ?? []).filter((origin) => !(manifest.host_permissions ?? []).includes(origin));
  const downloads = await chrome.downloads.search({});
  const offscreen = (await chrome.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT' as chrome.runtime.ContextType] })).length;
  const left = [...kept, ...session.map((k) => `session:${k}`), ...sync.map((k) => `sync:${k}`), ...databases.map((d) => `db:${d}`), ...cacheNames.map((c) => `cache:${c}`)];
  if (optional.length) left.push(`permissions:${optional.join(',')}`);
  if (downloads.length) left.push(`downloads:${downloads.length}`);
  if (offscreen) left.push('offscreen document');
  if (!left.length) return null;
  if (optional.length) await chrome.permissions.remove({ origins: optional });
  await chrome.downloads.erase({});
  await Promise.all([chrome.storage.local.clear(), chrome.storage.session.clear(), chrome.storage.sync.clear()]);
  for (const name of cacheNames) await caches.delete(name);
  // Deleted once the extension's pages let go of them (the reload that follows closes them).
  for (const name of databases) indexedDB.deleteDatabase(name);
  return left.join(', ');
}

/**
 * Loads the extension afresh from its folder (as its details page's reload does), allowed in
 * private windows or not; returns its new service worker.
 */
async function reloadExtension(context: BrowserContext, before: Worker | null, extensionDir: string, enableInIncognito = false): Promise<Worker> {
  const restarted = context.waitForEvent('serviceworker', (worker) => worker !== before);
  await (await browserCdp(context))('Extensions.loadUnpacked', { path: extensionDir, enableInIncognito });
  return restarted;
}

/**
 * Allows the extension in private (incognito) windows, as "Allow in Incognito" on its details
 * page does, and answers its service worker once it is back (allowing restarts the extension).
 * Done over CDP (Extensions.loadUnpacked, enableInIncognito): headless, the details page's toggle
 * turns the extension off without loading it again when it was loaded from the command line.
 */
export async function allowInIncognito(context: BrowserContext, extensionDir = EXTENSION_DIR): Promise<Worker> {
  const worker = await reloadExtension(context, await serviceWorkerOf(context), extensionDir, true);
  if (!(await worker.evaluate(() => chrome.extension.isAllowedIncognitoAccess()))) throw new Error('the extension is not allowed in incognito windows');
  return worker;
}
