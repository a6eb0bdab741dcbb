import type { BrowserContext, Page } from '@playwright/test';
import { connectService, expect, setSettings, test } from './fixtures';
import { chooseMenuEntry, inPageUiText, ledger, pressShortcut, selectText, speechRequests, waitForStatus } from '../support/extension';

const bubbleText = (context: BrowserContext, page: Page) => inPageUiText(context, page, 'voxlate-bubble');

/**
 * News pages hold ad frames that never finish loading (`<iframe src="javascript:false">`, a slot
 * whose server never ends its answer). Injecting at the default timing into every frame never
 * returned there: the user got nothing at all. Reading and translating must still work.
 */
test.describe('pages with ad frames', () => {
  test.beforeEach(async ({ background, emulator }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'es' });
  });

  const open = async (context: BrowserContext, url: string) => {
    const page = await context.newPage();
    // Not waiting for "load": the ad frame never finishes, so the page never fires it.
    await page.goto(`${url}/fixtures/ad-frames.html`, { waitUntil: 'domcontentloaded' });
    return page;
  };

  test('"Read aloud" reads the selection', async ({ context, background, extensionId, emulator, pages }) => {
    const page = await open(context, pages.url);
    await selectText(page, '#story');
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-selection');
    await waitForStatus(background, 'playing', 10_000);
    expect((await speechRequests(emulator.url)).map((r) => r.textStart)).toContain('The old ferry came back to the harbour on Monday.');
  });

  test('the reading shortcut (no clicked frame) reads the selection too', async ({ context, background, extensionId, emulator, pages }) => {
    const page = await open(context, pages.url);
    await selectText(page, '#story');
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-selection');
    await waitForStatus(background, 'playing', 10_000);
    await pressShortcut(background, 'stop-reading');
    await pressShortcut(background, 'read-aloud', page);
    await waitForStatus(background, 'playing', 10_000);
    expect((await ledger(emulator.url)).entries.length).toBeGreaterThan(0);
  });

  test('"Translate selection" shows the bubble', async ({ context, background, extensionId, pages }) => {
    const page = await open(context, pages.url);
    await selectText(page, '#story');
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-translate-selection');
    await expect.poll(() => bubbleText(context, page), { timeout: 10_000 }).toContain('[ES]');
  });
});
