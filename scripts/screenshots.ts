/**
 * `npm run screenshots`: pictures of the popup (Speak and Translate tabs), the options page and
 * our UI on the project's fixture pages (the translation bubble, the in-page player with its
 * "Read from here" button on a no-doctype page, notices, the page translation's panel and
 * control, the player at 390 px), each light and dark, for the README and for a person to look
 * at: seen, not assumed. Our UI on a page follows the page, so "dark" there is a dark page. Like
 * `npm run demo`: builds the test extension, starts the emulator and the sample-page server,
 * drives headless Chromium, and saves viewport-sized PNGs to docs/screenshots/. SKIP_BUILD=1
 * reuses the last test build.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { startEmulator, type Emulator } from '../emulator/server';
import { launchWithExtension, serviceWorkerOf } from '../test/support/browser';
import { accessibleNodes, clickAxNode, clickMenu, clickToolbarButton, findAxNode, inPageUiText, selectText } from '../test/support/extension';
import { ownPageUrl } from '../test/support/pages';
import { startPageServer, type PageServer } from '../test/support/page-server';

const OUT = path.resolve('docs/screenshots');
type Scheme = 'light' | 'dark';
const SPEAK_TEXT = 'The morning was cool and bright. Dr. Smith walked to the old oak tree and sat down on the bench.';
const TRANSLATE_TEXT = 'Birds sang in the branches above him.';
/** A page's own dark mode, for the pictures of our UI on a dark page. */
const DARK_PAGE_CSS = 'html, body, td, table { background: #15171c !important; color: #e4e4e4 !important; } a { color: #8ab4f8 !important; }';

async function until(what: string, probe: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Connects through the options page, as a user does, and picks Spanish as the target language. */
async function options(context: BrowserContext, extensionId: string, emulator: Emulator, scheme: Scheme): Promise<void> {
  const page = await context.newPage();
  await page.setViewportSize({ width: 760, height: 900 });
  await page.goto(`chrome-extension://${extensionId}/options.html`);
  await page.getByLabel('Service address').fill(emulator.url);
  await page.getByLabel('API key', { exact: true }).fill('demo-pro');
  await page.getByRole('button', { name: 'Save and test' }).click();
  await page.getByRole('status').filter({ hasText: 'Connected' }).waitFor();
  await page.getByText(/\d+ voices in \d+ languages/).waitFor();
  await page.getByLabel('Translate into').selectOption('es');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.screenshot({ path: path.join(OUT, `options-${scheme}.png`) });
  await page.close();
}

/** The welcome page a new user sees after installing, once connected: the sample to try. */
async function welcome(context: BrowserContext, extensionId: string, scheme: Scheme): Promise<void> {
  const page = await context.newPage();
  await page.setViewportSize({ width: 760, height: 900 });
  await page.emulateMedia({ colorScheme: scheme });
  await page.goto(`chrome-extension://${extensionId}/welcome.html`);
  await page.getByRole('status').filter({ hasText: 'Connected' }).waitFor();
  await page.getByRole('button', { name: 'Read it aloud' }).waitFor();
  await page.screenshot({ path: path.join(OUT, `welcome-${scheme}.png`) });
  await page.close();
}

async function popup(context: BrowserContext, extensionId: string, scheme: Scheme): Promise<void> {
  const page = await context.newPage();
  await page.setViewportSize({ width: 400, height: 600 });
  await page.goto(`chrome-extension://${extensionId}/popup.html`);
  const tabs = page.getByRole('tab');
  await tabs.first().waitFor();
  await tabs.first().click();
  await page.getByRole('tabpanel').getByRole('textbox').first().fill(SPEAK_TEXT);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.screenshot({ path: path.join(OUT, `popup-speak-${scheme}.png`) });

  await tabs.nth(1).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('textbox').first().fill(TRANSLATE_TEXT);
  const translate = panel.getByRole('button', { name: 'Translate', exact: true });
  if (await translate.count()) {
    await translate.click();
    await panel.getByText('[ES]').first().waitFor({ timeout: 15_000 }).catch(() => undefined);
  }
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.screenshot({ path: path.join(OUT, `popup-translate-${scheme}.png`) });
  await page.close();
}

/** The real bubble (closed shadow root) beside a selection on the sample article, after a translation. */
async function bubble(context: BrowserContext, extensionId: string, pages: PageServer, scheme: Scheme): Promise<Page> {
  const background = await serviceWorkerOf(context);
  const page = await context.newPage();
  await page.setViewportSize({ width: 760, height: 480 });
  await page.goto(`${pages.url}/fixtures/article.html`);
  if (scheme === 'dark') await page.addStyleTag({ content: DARK_PAGE_CSS });
  await selectText(page, '#second');
  await clickToolbarButton(context, page, extensionId);
  await clickMenu(background, page, 'voxlate-translate-selection');
  await until('the translation', async () => (await inPageUiText(context, page, 'voxlate-bubble')).includes('Balance'));
  // The CDP client that clicked the toolbar button reset the page's emulated scheme to light.
  await page.emulateMedia({ colorScheme: scheme });
  await page.screenshot({ path: path.join(OUT, `bubble-${scheme}.png`) });
  return page;
}

/** A fixture page at a size, in the scheme's look, with the toolbar button's grant (as after a right-click). */
async function fixturePage(context: BrowserContext, extensionId: string, url: string, size: { width: number; height: number }, scheme: Scheme): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize(size);
  await page.goto(url);
  if (scheme === 'dark') await page.addStyleTag({ content: DARK_PAGE_CSS });
  await clickToolbarButton(context, page, extensionId);
  await page.emulateMedia({ colorScheme: scheme });
  return page;
}

/** Pauses the reading under way from its player, so that the picture holds still. */
async function pauseReading(context: BrowserContext, page: Page): Promise<void> {
  await findAxNode(context, page, 'toolbar', /Voxlate/, 30_000);
  await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Pause', 30_000));
  await findAxNode(context, page, 'button', 'Resume');
}

/** The player and its "Read from here" button on a page without a doctype (quirks mode); the player at 390 px. */
async function player(context: BrowserContext, extensionId: string, pages: PageServer, scheme: Scheme): Promise<void> {
  const background = await serviceWorkerOf(context);
  const page = await fixturePage(context, extensionId, `${pages.url}${ownPageUrl('quirks')}`, { width: 760, height: 560 }, scheme);
  await page.locator('.story').evaluate((story) => getSelection()!.selectAllChildren(story));
  await clickMenu(background, page, 'voxlate-read-selection');
  await pauseReading(context, page);
  await page.evaluate(() => getSelection()!.removeAllRanges());
  await page.locator('.story p').nth(1).hover();
  await findAxNode(context, page, 'button', 'Read from here');
  await page.screenshot({ path: path.join(OUT, `player-quirks-${scheme}.png`) });
  await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Stop'));
  await page.close();

  const narrow = await fixturePage(context, extensionId, `${pages.url}${ownPageUrl('news')}`, { width: 390, height: 760 }, scheme);
  await clickMenu(background, narrow, 'voxlate-read-page', undefined, null);
  await confirmIfAsked(context, narrow);
  await pauseReading(context, narrow);
  await narrow.screenshot({ path: path.join(OUT, `player-390-${scheme}.png`) });
  await clickAxNode(context, narrow, await findAxNode(context, narrow, 'button', 'Stop'));
  await narrow.close();
}

/** A reading above the threshold asks first on the page: agreed to. */
async function confirmIfAsked(context: BrowserContext, page: Page): Promise<void> {
  const ask = await findAxNode(context, page, 'button', /^Read aloud \(/, 8000).catch(() => null);
  if (ask) await clickAxNode(context, page, ask);
}

/** Notices: one that says what to do (nothing selected), one with its next step as a button (no credits: Top up). */
async function notices(context: BrowserContext, extensionId: string, emulator: Emulator, pages: PageServer, scheme: Scheme): Promise<void> {
  const background = await serviceWorkerOf(context);
  const page = await fixturePage(context, extensionId, `${pages.url}/fixtures/article.html`, { width: 760, height: 320 }, scheme);
  await clickMenu(background, page, 'voxlate-read-selection');
  await findAxNode(context, page, 'StaticText', /Nothing is selected/);
  await page.screenshot({ path: path.join(OUT, `notice-${scheme}.png`) });
  await fetch(`${emulator.url}/__emulator/accounts`, { method: 'POST', body: JSON.stringify({ key: 'demo-pro', credits: 0 }) });
  await selectText(page, '#first');
  await clickMenu(background, page, 'voxlate-read-selection');
  await findAxNode(context, page, 'button', 'Top up credits', 30_000);
  await page.screenshot({ path: path.join(OUT, `notice-top-up-${scheme}.png`) });
  await fetch(`${emulator.url}/__emulator/reset`, { method: 'POST' });
  await page.close();
}

/** The page translation's panel (the cost, before anything is sent), then its control and the translations. */
async function pageTranslation(context: BrowserContext, extensionId: string, pages: PageServer, scheme: Scheme): Promise<void> {
  const background = await serviceWorkerOf(context);
  const page = await fixturePage(context, extensionId, `${pages.url}${ownPageUrl('news')}`, { width: 1000, height: 720 }, scheme);
  await clickMenu(background, page, 'translate-page', undefined, null);
  const whole = await findAxNode(context, page, 'button', /^Translate the whole page \(/, 30_000);
  await page.screenshot({ path: path.join(OUT, `page-translate-panel-${scheme}.png`) });
  await clickAxNode(context, page, whole);
  await until('the first translations', async () => (await accessibleNodes(context, page)).some((n) => n.role === 'StaticText' && n.name.startsWith('[ES]')), 30_000);
  await until('the control', async () => /paragraphs translated/.test(await inPageUiText(context, page, 'voxlate-page-translate')), 30_000);
  // Settled: the working note gone.
  await until('the visible paragraphs', async () => !/Translating/.test(await inPageUiText(context, page, 'voxlate-page-translate')), 30_000).catch(() => undefined);
  await page.screenshot({ path: path.join(OUT, `page-translate-${scheme}.png`) });
  await page.close();
}

/** The PDF reader reading a two-column paper (its player paused), then the paper translated in place. */
async function pdfReader(context: BrowserContext, extensionId: string, pages: PageServer, scheme: Scheme): Promise<void> {
  const background = await serviceWorkerOf(context);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1000, height: 720 });
  await page.emulateMedia({ colorScheme: scheme });
  await page.goto(`${pages.url}/doc/paper`);
  await clickToolbarButton(context, page, extensionId);
  await clickMenu(background, page, 'voxlate-read-page', undefined, null);
  await page.waitForURL(/reader\.html/);
  await until('the reader ready', () => page.getByRole('button', { name: 'Read aloud' }).isEnabled());
  if (scheme === 'dark') await page.getByRole('button', { name: 'Dark pages' }).click();
  await confirmIfAsked(context, page);
  // Past the title and the authors: a sentence of the columns lit.
  await until('a sentence of the text lit', () => page.evaluate(() => [...(CSS.highlights.get('voxlate-reading') ?? [])].some((r) => /^(Scientific|Their|footnote|drawn)/.test((r as Range).toString()))), 60_000);
  await pauseReading(context, page);
  await page.screenshot({ path: path.join(OUT, `pdf-reader-${scheme}.png`) });
  await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Stop'));
  await clickMenu(background, page, 'translate-page', undefined, null);
  await clickAxNode(context, page, await findAxNode(context, page, 'button', /^Only what is on screen \(/, 30_000));
  await until('translations on the page', async () => (await page.locator('.voxlate-translation-box.translated').count()) > 4, 30_000);
  await until('the visible paragraphs', async () => !/Translating/.test(await inPageUiText(context, page, 'voxlate-page-translate')), 30_000).catch(() => undefined);
  await page.screenshot({ path: path.join(OUT, `pdf-translated-${scheme}.png`) });
  await page.close();
}

async function main() {
  if (process.env.SKIP_BUILD !== '1') {
    console.log('Building the extension…');
    execFileSync('npx', ['wxt', 'build'], { stdio: 'inherit', env: { ...process.env, VOXLATE_TEST_BUILD: '1' } });
  }
  mkdirSync(OUT, { recursive: true });
  const emulator = await startEmulator({ port: 0, latencyMs: 50 });
  const pages = await startPageServer();
  try {
    for (const scheme of ['light', 'dark'] as const) {
      await fetch(`${emulator.url}/__emulator/reset`, { method: 'POST' });
      const context = await launchWithExtension({ locale: 'en', colorScheme: scheme });
      try {
        const extensionId = new URL((await serviceWorkerOf(context)).url()).host;
        await options(context, extensionId, emulator, scheme);
        await welcome(context, extensionId, scheme);
        await popup(context, extensionId, scheme);
        await (await bubble(context, extensionId, pages, scheme)).close();
        await player(context, extensionId, pages, scheme);
        await notices(context, extensionId, emulator, pages, scheme);
        await pageTranslation(context, extensionId, pages, scheme);
        await pdfReader(context, extensionId, pages, scheme);
        console.log(`✓ ${scheme}: options, welcome, popup (speak, translate), bubble, player (quirks page, 390 px), notices, page translation, PDF reader`);
      } finally {
        await context.close();
      }
    }
  } finally {
    await pages.close();
    await emulator.close();
  }
  console.log(`Screenshots are in ${path.relative(process.cwd(), OUT)}/`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
