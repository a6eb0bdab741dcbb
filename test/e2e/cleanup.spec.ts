import type { Worker } from '@playwright/test';
import { connectService, expect, setSettings, test } from './fixtures';
import { chooseMenuEntry, clickMenu, speechRequests, stopReadingAndSettle, waitForStatus } from '../support/extension';
import { ownPageUrl } from '../support/pages';

const MARKER = /\[(\d+|citation needed)\]/;

/** The texts of the reading's requests, as planned (what is sent for each chunk). */
async function plannedTexts(background: Worker): Promise<string[]> {
  return background.evaluate(async () => {
    const { reading } = (await chrome.storage.session.get('reading')) as { reading?: { plan: { chunks: { text: string }[] } } | null };
    return reading?.plan.chunks.map((c) => c.text) ?? [];
  });
}

test.describe('left out before paying', () => {
  test('the encyclopedia read aloud: no citation marker is planned or sent, the options say how much was left out; turned off, the markers are read', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { confirmAboveCredits: 100_000 });
    const page = await context.newPage();
    await page.goto(`${pages.url}${ownPageUrl('encyclopedia')}`);
    // The page has them: "[1]" after its first paragraph, and more.
    expect(await page.locator('sup.reference').count()).toBeGreaterThan(3);

    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-page');
    await waitForStatus(background, 'playing');
    const planned = await plannedTexts(background);
    expect(planned.length).toBeGreaterThan(3);
    expect(planned.filter((text) => MARKER.test(text))).toEqual([]);
    await stopReadingAndSettle(background);
    // What was sent is what was planned: each request one of the chunks, none with a marker.
    const sent = (await speechRequests(emulator.url)).filter((r) => r.status === 200);
    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent) expect(planned.some((text) => text.length === request.textLength && text.startsWith(request.textStart!))).toBe(true);

    const options = await context.newPage();
    await options.goto(`chrome-extension://${extensionId}/options.html`);
    await expect(options.getByRole('status').filter({ hasText: /^Left out of your readings so far: \d+ characters/ })).toBeVisible();
    // (The box follows the stored setting: clicked, it unticks once the setting is saved.)
    const box = options.getByRole('checkbox', { name: /Citation and footnote markers/ });
    await box.click();
    await expect(box).not.toBeChecked();
    await expect.poll(() => background.evaluate(async () => ((await chrome.storage.local.get('settings')).settings as { cleanup?: { citations: boolean } }).cleanup?.citations)).toBe(false);

    await page.bringToFront();
    await clickMenu(background, page, 'voxlate-read-page', undefined, null);
    await waitForStatus(background, 'playing');
    expect((await plannedTexts(background)).some((text) => MARKER.test(text))).toBe(true);
    await stopReadingAndSettle(background);
  });
});
