/**
 * `npm run demo`: the extension working against the local emulator.
 * Builds the extension, starts the emulator with its demo accounts and a page server with sample
 * articles, then opens Chromium with the extension connected to the emulator. With a display it
 * stays open for you to try; without one it runs headless through what exists and writes
 * screenshots to demo-output/.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { startEmulator } from '../emulator/server';
import { launchWithExtension, serviceWorkerOf } from '../test/support/browser';
import { clickMenu, clickToolbarButton, inPageUiText, readingSession, selectText } from '../test/support/extension';
import { startPageServer } from '../test/support/page-server';
import { HAS_SHARED_PAGES, ownPageUrl, sharedPageUrl } from '../test/support/pages';

const OUT = path.resolve('demo-output');
const headless = !process.env.DISPLAY || process.env.DEMO_HEADLESS === '1';

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function main() {
  console.log('Building the extension…');
  execFileSync('npx', ['wxt', 'build'], { stdio: 'inherit', env: { ...process.env, VOXLATE_TEST_BUILD: '1' } });
  mkdirSync(OUT, { recursive: true });

  const emulator = await startEmulator({ port: Number(process.env.DEMO_PORT ?? 0), latencyMs: 150, msPerChar: 0.2 });
  const pages = await startPageServer();
  console.log(`Emulator at ${emulator.url} (demo key: demo-pro); sample pages at ${pages.url}`);

  const context = await launchWithExtension({ headless });
  const background = await serviceWorkerOf(context);
  const extensionId = new URL(background.url()).host;

  // Connect through the options page, exactly as a user does.
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  await options.getByLabel('Service address').fill(emulator.url);
  await options.getByLabel('API key', { exact: true }).fill('demo-pro');
  await options.getByRole('button', { name: 'Save and test' }).click();
  await options.getByRole('status').filter({ hasText: 'Connected' }).waitFor();
  await options.screenshot({ path: path.join(OUT, 'options.png'), fullPage: true });
  console.log('✓ Options: connected to the emulator (options.png)');

  const article = await context.newPage();
  await article.goto(`${pages.url}/fixtures/article.html`);
  await selectText(article, 'article');
  await clickToolbarButton(context, article, extensionId);
  await clickMenu(background, article, 'voxlate-read-selection');
  await waitFor('playback', async () => (await readingSession(background))?.status === 'playing');
  await waitFor('the second sentence', async () => ((await readingSession(background))?.sentence ?? 0) >= 1);
  await article.screenshot({ path: path.join(OUT, 'read-aloud-highlight.png') });
  console.log('✓ Read aloud: playing, sentence highlighted (read-aloud-highlight.png)');

  const popup = await context.newPage();
  await popup.setViewportSize({ width: 420, height: 560 });
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await popup.getByRole('button', { name: 'Pause' }).waitFor();
  await popup.screenshot({ path: path.join(OUT, 'popup-reading.png') });
  console.log('✓ Popup: the reading under way, with its controls (popup-reading.png)');

  await popup.getByRole('button', { name: 'Stop' }).click();
  await article.bringToFront();
  await selectText(article, '#second');
  await clickMenu(background, article, 'voxlate-translate-selection');
  await waitFor('the translation', async () => (await inPageUiText(context, article, 'voxlate-bubble')).includes('Cost:'));
  await article.screenshot({ path: path.join(OUT, 'translation-bubble.png') });
  console.log('✓ Translate: the bubble beside the selection, with cost and balance (translation-bubble.png)');

  if (headless) {
    await context.close();
    await pages.close();
    await emulator.close();
    console.log(`\nDemo done. Screenshots are in ${OUT}`);
    return;
  }
  console.log('\nChromium is open with Voxlate connected to the emulator. Try right-clicking a selection on');
  // The saved real-world pages when they are beside the repository, else our own.
  const [english, french] = HAS_SHARED_PAGES ? [sharedPageUrl('wikipedia'), sharedPageUrl('lemonde-1')] : [ownPageUrl('encyclopedia'), ownPageUrl('french')];
  console.log(`${pages.url}${english} or ${pages.url}${french}. Press Ctrl+C to end the demo.`);
  await new Promise<void>((resolve) => context.on('close', () => resolve()));
  await pages.close();
  await emulator.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
