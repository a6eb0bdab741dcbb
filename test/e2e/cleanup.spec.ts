import type { Worker } from '@playwright/test';
import { connectService, expect, setSettings, test } from './fixtures';
import { chooseMenuEntry, clickMenu, ledger, speechRequests, stopReadingAndSettle, waitForStatus } from '../support/extension';
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

  test('a report with a table, code and a photo credit: cells are read with their column, code is a short note, the credit and file name are left out; what is sent is what was planned, and charged once', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { confirmAboveCredits: 100_000 });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/harbour-report.html`);

    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-page');
    await waitForStatus(background, 'playing');
    const planned = await plannedTexts(background);
    const said = planned.join(' ');
    expect(said).toContain('Boats: 1,204');
    expect(said).toContain('Catch: 2,450 tonnes');
    expect(said).toContain('Port: Saltmouth');
    // The block is a note; short inline code is read, long inline code is "code".
    expect(said).toContain('Code left out.');
    expect(said).not.toContain('arrivals');
    expect(said).toContain('harbour-count on the office computers');
    expect(said).toContain('each morning is code and nothing more');
    expect(said).not.toMatch(/Photograph|Jane Doe|IMG_2034/);
    // What was sent is what was planned (each request one of its chunks), and exactly that was charged.
    await stopReadingAndSettle(background);
    const sent = (await speechRequests(emulator.url)).filter((r) => r.status === 200);
    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent) expect(planned.some((text) => text.length === request.textLength && text.startsWith(request.textStart!))).toBe(true);
    const charged = (await ledger(emulator.url)).entries.filter((e) => e.path === '/api/v1/tts');
    expect(charged.map((e) => e.id).sort()).toEqual(sent.map((r) => r.id).sort());

    // Each rule is its own box in the options; with the code rule off, the code is read.
    const options = await context.newPage();
    await options.goto(`chrome-extension://${extensionId}/options.html`);
    for (const name of [/Citation and footnote markers/, /Code on pages that are not about code/, /Image credits and file names/, /Read table cells with their column/]) {
      await expect(options.getByRole('checkbox', { name })).toBeChecked();
    }
    await expect(options.getByRole('status').filter({ hasText: /^Left out of your readings so far: \d+ characters/ })).toBeVisible();
    const box = options.getByRole('checkbox', { name: /Code on pages that are not about code/ });
    await box.click();
    await expect(box).not.toBeChecked();
    await page.bringToFront();
    await clickMenu(background, page, 'voxlate-read-page', undefined, null);
    await waitForStatus(background, 'playing');
    const withCode = (await plannedTexts(background)).join(' ');
    expect(withCode).toContain('arrivals');
    expect(withCode).not.toContain('Code left out.');
    await stopReadingAndSettle(background);
  });
});
