/**
 * What the Firefox end-to-end suites share: the browser, waiting for a condition, the extension's
 * pages and their controls by role and label, a selection, a menu click through the test hooks,
 * our in-page UI (closed shadow roots), the reading's state, the emulator's ledger and faults,
 * and the closing line.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import type { FirefoxSuiteReport } from '../../scripts/test-report';

export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const GECKO_ID = 'voxlate@example.org';
export const UUID = '5f0c1d2e-3b4a-4c5d-8e6f-7a8b9c0d1e2f';

/** The page our add-on opens once after install (lib/popup/welcome.ts). */
export const WELCOME_URL = `moz-extension://${UUID}/welcome.html`;

/**
 * Debian's firefox-esr, headless, driven over WebDriver BiDi, with our add-on's pages at a fixed
 * address and audio allowed to start without a click (the background page plays it). The welcome
 * page the add-on opens when a suite installs it is closed as it opens, unless `keepWelcome` (its
 * own check), so every suite's tabs are its own.
 */
export async function launchFirefox(options: { keepWelcome?: boolean } = {}): Promise<Browser> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    args: ['-remote-allow-system-access'],
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: UUID }),
      'media.autoplay.default': 0,
      'media.autoplay.block-webaudio': false,
      // Headless, with no sound device, every AudioContext stays suspended at 0 s and a reading
      // never moves past its first sentence: Firefox's mock device lets its clock run.
      'media.cubeb.force_mock_context': true,
      // permissions.request, still only from a user's click, answered yes as the user would in its
      // prompt (a headless Firefox shows no prompt to click): see grantSite.
      'extensions.webextOptionalPermissionPrompts': false,
    },
  });
  if (!options.keepWelcome) {
    // Every suite installs the add-on itself: the install resolves once its welcome page is gone.
    const install = browser.installExtension.bind(browser);
    browser.installExtension = async (dir: string) => {
      const id = await install(dir);
      await (await welcomePage(browser)).close();
      return id;
    };
  }
  await myTurn();
  return browser;
}

/**
 * The welcome page the add-on opened on install. Found by the address its document has: over BiDi
 * a tab the add-on opened reports about:blank as its URL.
 */
export async function welcomePage(firefox: Browser): Promise<Page> {
  return until('the welcome page opened', async () => {
    for (const page of await firefox.pages()) {
      if ((await page.evaluate(() => location.href).catch(() => '')) === WELCOME_URL) return page;
    }
    return null;
  });
}

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

/**
 * Lets the add-on into `origin`'s site (its host, every port: Firefox's patterns have no port) as a
 * user does: a click (real input, which permissions.request requires) on one of our pages, asking
 * for that one site; the prompt's yes is the pref above.
 */
export async function grantSite(firefox: Browser, origin: string): Promise<void> {
  const { protocol, hostname } = new URL(origin);
  const page = await openExtensionPage(firefox, 'options.html');
  try {
    await page.evaluate((pattern) => {
      const button = document.body.appendChild(document.createElement('button'));
      button.id = 'voxlate-test-grant';
      button.textContent = 'grant';
      button.onclick = () => void browser.permissions.request({ origins: [pattern] });
    }, `${protocol}//${hostname}/*`);
    await page.click('#voxlate-test-grant');
    await until(`access to ${hostname}`, () => page.evaluate((pattern) => browser.permissions.contains({ origins: [pattern] }), `${protocol}//${hostname}/*`));
  } finally {
    await page.close();
  }
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

/**
 * Looks through our in-page UI (hosts named `<hostPrefix>…`, closed shadow roots) from a script
 * in the page's tab: Firefox lets an add-on's scripts open closed roots (openOrClosedShadowRoot),
 * which no page script and no BiDi locator can. Returns the UI's text and, when `role` is given,
 * the centre of the first element with that role and accessible name. Sent as source text: the
 * build tool's helpers are not defined in the page.
 */
function scanInPageUi(hostPrefix: string, role: string | null, name: string | null) {
  const texts: string[] = [];
  let target: { x: number; y: number } | null = null;
  const selector = role === 'button' ? 'button, [role="button"]' : role === 'dialog' ? 'dialog, [role="dialog"]' : role === 'checkbox' ? 'input[type="checkbox"], [role="checkbox"]' : `[role="${role}"]`;
  for (const host of Array.from(document.documentElement.children).filter((h) => h.localName.startsWith(hostPrefix))) {
    const root = (host as Element & { openOrClosedShadowRoot: ShadowRoot | null }).openOrClosedShadowRoot;
    if (!root) continue;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.localName !== 'style' && node.nodeValue!.trim()) texts.push(node.nodeValue!.trim());
    }
    if (role === null || target) continue;
    // A checkbox is named by its label (an input has no text of its own).
    const found = Array.from(root.querySelectorAll(selector)).find(
      (e) => (e.getAttribute('aria-label') ?? (e as HTMLInputElement).labels?.[0]?.textContent ?? e.textContent ?? '').trim() === name,
    );
    if (found) {
      const box = found.getBoundingClientRect();
      if (box.width > 0) target = { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    }
  }
  return { text: texts.join(' '), target };
}

async function inPageUi(ext: Page, hostPrefix: string, role: string | null = null, name: string | null = null) {
  const code = `(${scanInPageUi.toString()})(${JSON.stringify(hostPrefix)}, ${JSON.stringify(role)}, ${JSON.stringify(name)})`;
  return ext.evaluate(async (source) => {
    const [tab] = await browser.tabs.query({ url: '*://127.0.0.1/*' });
    const [result] = (await browser.tabs.executeScript(tab!.id!, { code: source })) as ReturnType<typeof scanInPageUi>[];
    return result!;
  }, code);
}

/** Text shown by our in-page UI on the loopback page (the bubble: `voxlate-bubble`). */
export async function inPageUiText(ext: Page, hostPrefix = 'voxlate-'): Promise<string> {
  return (await inPageUi(ext, hostPrefix)).text;
}

/**
 * Clicks, with the mouse as a person would, the element of our in-page UI with this role and
 * accessible name, once it is there and has stopped moving (the bubble places itself again
 * after it grows).
 */
export async function clickInPageUi(ext: Page, page: Page, role: string, name: string, hostPrefix = 'voxlate-'): Promise<void> {
  let last = '';
  const at = await until(`${role} "${name}" settled`, async () => {
    const { target } = await inPageUi(ext, hostPrefix, role, name);
    const now = JSON.stringify(target);
    const settled = target && now === last;
    last = now;
    return settled ? target : null;
  }, 10_000);
  await page.mouse.click(at.x, at.y);
}

/**
 * The form control on one of our pages whose accessible name is `label` (as getByLabel finds
 * it); the label element itself answers to the same name and is skipped.
 */
export async function byLabel(page: Page, label: string): Promise<ElementHandle<Element>> {
  return until(`field labelled "${label}"`, async () => {
    for (const handle of await page.$$(`::-p-aria(${JSON.stringify(label)})`)) {
      const isField = await handle.evaluate((e) => e instanceof HTMLInputElement || e instanceof HTMLTextAreaElement || e instanceof HTMLSelectElement);
      if (isField) return handle;
    }
    return null;
  }, 10_000);
}

/** The element on one of our pages with this role and accessible name (exact). */
export async function byRole(page: Page, role: string, name: string): Promise<ElementHandle<Element>> {
  return until(`${role} "${name}"`, async () => page.$(`::-p-aria([name=${JSON.stringify(name)}][role=${JSON.stringify(role)}])`), 10_000);
}

/** Replaces a field's value as a person would: typing it, or pasting a long text (React sees each change). */
export async function fill(field: ElementHandle<Element>, value: string): Promise<void> {
  await field.click();
  await field.evaluate((e) => (e as HTMLInputElement).select());
  await field.press('Backspace');
  // Short text is typed key by key; a long one arrives as a paste does (one insertion through the
  // browser's editing, with its input event): typed, 10,000 characters took a minute over BiDi.
  if (value.length <= 200) await field.type(value);
  else await field.evaluate((_, text) => document.execCommand('insertText', false, text), value);
}

export { ledger, spokenTexts } from '../support/ledger';

/** Queues an emulator fault (see emulator/faults.ts). */
export async function fault(emulatorUrl: string, body: { type: string; path?: string; times?: number; retryAfter?: number; delayMs?: number }): Promise<void> {
  const response = await fetch(`${emulatorUrl}/__emulator/faults`, { method: 'POST', body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`fault refused: ${await response.text()}`);
}

/** Page code (sent as source text: the build tool's helpers are not defined in the page) that waits for the first video's metadata. */
export const videoLoaded = `new Promise((resolve) => {
  const video = document.querySelector('video');
  if (video.readyState >= 1) resolve(); else video.addEventListener('loadedmetadata', () => resolve(), { once: true });
})`;

/** Page code that plays the first video until its playhead passes `seconds`, then pauses it (its events, not a clock). */
export const playVideoUntil = (seconds: number) => `new Promise((resolve, reject) => {
  const video = document.querySelector('video');
  video.addEventListener('timeupdate', function passed() {
    if (video.currentTime < ${seconds}) return;
    video.removeEventListener('timeupdate', passed);
    video.pause();
    resolve();
  });
  video.play().catch(reject);
})`;

/** Waits until the stored reading says it is playing (timed out: says what the reading was, if any). */
export async function untilPlaying(ext: Page): Promise<true> {
  let last: unknown = null;
  try {
    return await until('playing', () =>
      ext.evaluate(async () => {
        const { reading } = (await browser.storage.session.get('reading')) as { reading?: { position?: { status: string } } };
        return reading?.position?.status === 'playing';
      }),
    );
  } catch (error) {
    last = await ext.evaluate(async () => {
      const { reading } = (await browser.storage.session.get('reading')) as { reading?: { position?: unknown; interrupted?: unknown } };
      return reading ? { position: reading.position ?? null, interrupted: reading.interrupted ?? null } : null;
    }).catch(() => 'unreadable');
    throw new Error(`${(error as Error).message} (the reading: ${JSON.stringify(last)})`);
  }
}

/** Stops the reading (the stop shortcut) and waits until nothing of it is on the wire or waiting. */
export async function stopAndSettle(ext: Page): Promise<void> {
  await ext.evaluate(async () => {
    const background = (await browser.runtime.getBackgroundPage()) as unknown as { voxlateTestHooks: { onCommand: (c: string) => boolean } };
    background.voxlateTestHooks.onCommand('stop-reading');
  });
  await untilNothingOnTheWire(ext);
}

/** Waits until none of the extension's paid requests is on the wire or queued. */
export async function untilNothingOnTheWire(ext: Page): Promise<void> {
  await until('nothing on the wire', () =>
    ext.evaluate(async () => {
      const background = (await browser.runtime.getBackgroundPage()) as unknown as { voxlateTestHooks: { requestsUnderWay(): { active: number; waiting: number } } };
      const { active, waiting } = background.voxlateTestHooks.requestsUnderWay();
      return active === 0 && waiting === 0;
    }),
  );
}

/**
 * Under `npm test` the next Firefox suite is started while the one before still runs
 * (VOXLATE_FIREFOX_WAIT=1), so that its browser starts beside it: it waits for a line on stdin,
 * written when the suite before has ended, before installing our add-on and before any check.
 */
let turn: Promise<void> | null = null;
/** Resolves when this suite's turn has come (at once outside npm test). */
export function myTurn(): Promise<void> {
  if (process.env.VOXLATE_FIREFOX_WAIT !== '1') return Promise.resolve();
  turn ??= new Promise((resolve) => {
    process.stdin.once('data', () => resolve());
    process.stdin.once('end', () => resolve());
  });
  return turn;
}

/** Named checks, each passed or failed with why; `report` prints them and "N passed, N failed". */
export function checks() {
  const results: [string, boolean, string?][] = [];
  const times: FirefoxSuiteReport['checks'] = [];
  return {
    async check(name: string, run: () => Promise<unknown>): Promise<void> {
      await myTurn();
      // FIREFOX_ONLY=<words of a check's name>[|<other words>] runs just the checks named so (while working on them).
      const only = process.env.FIREFOX_ONLY;
      if (only && !only.split('|').some((words) => name.includes(words))) return;
      const start = performance.now();
      try {
        await run();
        results.push([name, true]);
      } catch (error) {
        results.push([name, false, (error as Error).message]);
      }
      times.push({ name, seconds: (performance.now() - start) / 1000, ok: results.at(-1)![1] });
    },
    report(): number {
      for (const [name, ok, why] of results) console.log(`${ok ? '✓' : '✘'} ${name}${why ? `: ${why}` : ''}`);
      // Each check's time, for the table at the end of npm test (scripts/test-report.ts).
      const suite = path.basename(process.argv[1] ?? 'firefox', '.ts');
      const dir = path.resolve(import.meta.dirname, '../../test-results/firefox');
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, `${suite}.json`), JSON.stringify({ suite: `firefox/${suite}`, checks: times } satisfies FirefoxSuiteReport));
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
