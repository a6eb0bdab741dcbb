/**
 * `npm run screenshots`: pictures of the popup (Speak and Translate tabs), the options page and
 * the translation bubble, in light and dark, for the README. Like `npm run demo`: builds the test
 * extension, starts the emulator and the sample-page server, drives headless Chromium, and saves
 * viewport-sized PNGs to docs/screenshots/. SKIP_BUILD=1 reuses the last test build.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { startEmulator, type Emulator } from '../emulator/server';
import { launchWithExtension, serviceWorkerOf } from '../test/support/browser';
import { clickMenu, clickToolbarButton, inPageUiText, selectText } from '../test/support/extension';
import { startPageServer, type PageServer } from '../test/support/page-server';

const OUT = path.resolve('docs/screenshots');
type Scheme = 'light' | 'dark';
const SPEAK_TEXT = 'The morning was cool and bright. Dr. Smith walked to the old oak tree and sat down on the bench.';
const TRANSLATE_TEXT = 'Birds sang in the branches above him.';

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
  await selectText(page, '#second');
  await clickToolbarButton(context, page, extensionId);
  await clickMenu(background, page, 'voxlate-translate-selection');
  await until('the translation', async () => (await inPageUiText(context, page, 'voxlate-bubble')).includes('Balance'));
  // The CDP client that clicked the toolbar button reset the page's emulated scheme to light.
  await page.emulateMedia({ colorScheme: scheme });
  await page.screenshot({ path: path.join(OUT, `bubble-${scheme}.png`) });
  return page;
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
        await popup(context, extensionId, scheme);
        await bubble(context, extensionId, pages, scheme);
        console.log(`✓ ${scheme}: options, popup (speak, translate), bubble`);
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
