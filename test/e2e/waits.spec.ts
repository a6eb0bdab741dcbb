import type { BrowserContext, Page, Worker } from '@playwright/test';
import { connectService, expect, setSettings, test } from './fixtures';
import { chooseMenuEntry, inPageUiText, ledger, selectText, stopReadingAndSettle, untilNothingUnderWay, waitForStatus } from '../support/extension';

const bubbleText = (context: BrowserContext, page: Page) => inPageUiText(context, page, 'voxlate-bubble');
const noticeText = (context: BrowserContext, page: Page) => inPageUiText(context, page, 'voxlate-notice');

const fault = (emulatorUrl: string, body: Record<string, unknown>) => fetch(`${emulatorUrl}/__emulator/faults`, { method: 'POST', body: JSON.stringify(body) });

/** Opens the popup as a tab in the background, so the page stays the tab it talks about. */
async function openPopupBehind(context: BrowserContext, background: Worker, extensionId: string): Promise<Page> {
  const opened = context.waitForEvent('page', (p) => p.url().endsWith('/popup.html'));
  await background.evaluate((url) => chrome.tabs.create({ url, active: false }), `chrome-extension://${extensionId}/popup.html`);
  return opened;
}

/** How many times the ledger charged each distinct speech text (a reading may be several requests). */
async function speechCharges(emulatorUrl: string): Promise<number[]> {
  const counts = new Map<string, number>();
  for (const e of (await ledger(emulatorUrl)).entries.filter((e) => e.path === '/api/v1/tts')) {
    const key = `${e.textStart}:${e.textLength}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.values()];
}

/** Every wait says, within 2 s, what is happening and what happens next. */
test.describe('waits are never silent', () => {
  test('a busy service (429) is announced in the bubble while the retries wait; the translation then arrives, paid once', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'es' });
    await fetch(`${emulator.url}/__emulator/faults`, { method: 'POST', body: JSON.stringify({ type: 'rate-limit', path: '/api/v1/translate', times: 2 }) });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/article.html`);
    const text = await selectText(page, '#second');
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-translate-selection');
    // Said while the retries wait (2 s each), before the answer: the test checks what is said and
    // when in the flow, not a wall-clock figure a loaded machine would blur (one took over 8 s from
    // the click to the first 429's answer, the bubble saying "slower than usual" meanwhile).
    await expect.poll(() => bubbleText(context, page), { timeout: 30_000, intervals: [100] }).toMatch(/The service is busy \(rate limit\); trying again by itself in \d+ s\./);
    expect(await bubbleText(context, page)).not.toContain('[ES]');
    await expect.poll(() => bubbleText(context, page), { timeout: 20_000 }).toContain('[ES]');
    expect((await ledger(emulator.url)).total).toEqual({ 'pro@demo.test': Math.ceil(text.trim().length / 10) });
  });

  test('a slow service gets a "still waiting" note in the bubble (after 3 s) before the answer', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'es' });
    await fetch(`${emulator.url}/__emulator/faults`, { method: 'POST', body: JSON.stringify({ type: 'slow', path: '/api/v1/translate', delayMs: 12_000 }) });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/article.html`);
    await selectText(page, '#second');
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-translate-selection');
    await expect.poll(() => bubbleText(context, page), { timeout: 10_000, intervals: [200] }).toContain('slower than usual; still waiting');
    expect(await bubbleText(context, page)).not.toContain('[ES]');
    await expect.poll(() => bubbleText(context, page), { timeout: 25_000 }).toContain('[ES]');
  });

  test('a slow service during a reading: the page notice and the popup say it is still waiting, then it plays, paid once', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await fault(emulator.url, { type: 'slow', path: '/api/v1/tts', delayMs: 9000 });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/article.html`);
    await selectText(page, '#second');
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-selection');
    await expect.poll(() => noticeText(context, page), { timeout: 10_000, intervals: [200] }).toContain('slower than usual; still waiting for its answer. Reading goes on as soon as it arrives.');
    const popup = await openPopupBehind(context, background, extensionId);
    const card = popup.getByRole('region', { name: 'Now reading' });
    await expect(card.getByRole('status').filter({ hasText: 'still waiting for its answer' })).toBeVisible();
    await waitForStatus(background, 'playing', 30_000);
    // Heard at last: the note goes.
    await expect(card.getByRole('status').filter({ hasText: 'still waiting' })).toHaveCount(0);
    expect(await speechCharges(emulator.url)).toEqual(expect.arrayContaining([1]));
    expect(Math.max(...(await speechCharges(emulator.url)))).toBe(1);
  });

  test('the plan’s minute used up at a reading’s start: the page says when it continues by itself, not that the service is slow; Stop sends and charges nothing', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-free');
    // Below the threshold: no question, so no balance read before the reading starts (it would wait its turn too).
    await setSettings(background, { confirmAboveCredits: 10_000 });
    // The account and the voices read first, as the popup does (a reading starts on the voices it knows).
    const popup = await openPopupBehind(context, background, extensionId);
    await expect(popup.getByRole('region', { name: 'Account' })).toContainText('2,000 credits');
    await expect(popup.getByRole('radiogroup', { name: 'Voices' }).getByRole('radio').first()).toBeVisible();
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/article.html`);
    // The free plan's ten requests of the last minute, used a moment ago (as by another reading).
    await untilNothingUnderWay(background);
    await background.evaluate(() =>
      (globalThis as unknown as { voxlateTestHooks: { seedRateHistory(starts: number[]): void } }).voxlateTestHooks.seedRateHistory(Array.from({ length: 10 }, () => Date.now())),
    );
    await selectText(page, '#second');
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-selection');
    await expect.poll(() => noticeText(context, page), { timeout: 20_000 }).toMatch(/Your plan allows 10 requests a minute\. Reading continues by itself in about \d+ s\./);
    expect(await noticeText(context, page)).not.toContain('slower than usual');
    await stopReadingAndSettle(background);
    expect((await ledger(emulator.url)).entries).toEqual([]);
  });

  test('a lasting 429 during a reading from the popup is said in its reading card, then it plays', async ({ context, background, extensionId, emulator }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await fault(emulator.url, { type: 'rate-limit', path: '/api/v1/tts', retryAfter: 8 });
    const popup = await openPopupBehind(context, background, extensionId);
    await popup.getByLabel('Text to read').fill('The morning was cool and bright. Birds sang in the branches above him.');
    await popup.getByRole('button', { name: 'Play', exact: true }).click();
    const card = popup.getByRole('region', { name: 'Now reading' });
    // Waited for, not timed: on a loaded machine the first 429 may come back seconds after the
    // click; the note then stays for the 8 s the service asked to wait.
    await expect(card.getByRole('status').filter({ hasText: /The service is busy \(rate limit\)\. Reading continues by itself in \d s\./ })).toBeVisible({ timeout: 30_000 });
    await waitForStatus(background, 'playing', 30_000);
    await expect(card.getByRole('status').filter({ hasText: 'rate limit' })).toHaveCount(0);
    expect(await speechCharges(emulator.url)).toEqual(expect.arrayContaining([1]));
    expect(Math.max(...(await speechCharges(emulator.url)))).toBe(1);
  });

  test('a slow service while the popup translates: the popup says it is still waiting, then shows the translation', async ({ context, background, extensionId, emulator }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await fault(emulator.url, { type: 'slow', path: '/api/v1/translate', delayMs: 9000 });
    const popup = await openPopupBehind(context, background, extensionId);
    await popup.getByRole('tab', { name: 'Translate' }).click();
    const text = 'Good morning, my friend. How are you today?';
    await popup.getByLabel('Text to translate').fill(text);
    await popup.getByLabel('To', { exact: true }).selectOption('es');
    await popup.getByRole('button', { name: 'Translate', exact: true }).click();
    const note = popup.getByRole('status').filter({ hasText: 'The service is slower than usual; still waiting for its answer.' });
    await expect(note).toBeVisible({ timeout: 8000 });
    // The service answers after 9 s; a busy machine adds its own time (CI once took over 20 s in all).
    await expect(popup.getByRole('region', { name: 'Translation', exact: true })).toContainText('[ES]', { timeout: 60_000 });
    await expect(note).toHaveCount(0);
    expect((await ledger(emulator.url)).total).toEqual({ 'pro@demo.test': Math.ceil(text.length / 10) });
  });

  test('a slow service while downloading from the page: the page and the popup say it is still waiting, then the file is saved', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await fault(emulator.url, { type: 'slow', path: '/api/v1/tts', delayMs: 9000 });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/article.html`);
    await selectText(page, '#second');
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-download-selection');
    await expect.poll(() => noticeText(context, page), { timeout: 10_000, intervals: [200] }).toContain('The service is slower than usual; still waiting for its answer.');
    const popup = await openPopupBehind(context, background, extensionId);
    const card = popup.getByRole('region', { name: 'Audio download' });
    await expect(card.getByRole('status').filter({ hasText: 'still waiting for its answer' })).toBeVisible();
    await expect(popup.getByText(/^Saved as .+\.mp3\.$/)).toBeVisible({ timeout: 30_000 });
    expect(await speechCharges(emulator.url)).toEqual(expect.arrayContaining([1]));
    expect(Math.max(...(await speechCharges(emulator.url)))).toBe(1);
  });
});
