import type { BrowserContext, Page } from '@playwright/test';
import { connectService, expect, setSettings, test } from './fixtures';
import { chooseMenuEntry, inPageUiText, ledger, selectText } from '../support/extension';

const bubbleText = (context: BrowserContext, page: Page) => inPageUiText(context, page, 'voxlate-bubble');

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
    // when in the flow, not a wall-clock figure a loaded machine would blur.
    await expect.poll(() => bubbleText(context, page), { timeout: 8000, intervals: [100] }).toMatch(/The service is busy \(rate limit\); trying again by itself in \d+ s\./);
    expect(await bubbleText(context, page)).not.toContain('[ES]');
    await expect.poll(() => bubbleText(context, page), { timeout: 20_000 }).toContain('[ES]');
    expect((await ledger(emulator.url)).total).toEqual({ 'pro@demo.test': Math.ceil(text.trim().length / 10) });
  });

  test('a slow service gets a "still waiting" note in the bubble (after 4 s) before the answer', async ({ context, background, extensionId, emulator, pages }) => {
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
});
