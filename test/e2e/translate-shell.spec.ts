import type { Page } from '@playwright/test';
import { connectService, expect, setSettings, test } from './fixtures';
import { chooseMenuEntry, clickMenu, inPageUiText, selectText } from '../support/extension';

/**
 * Watches, from the page's own world (independent of the extension's code), what reaches the page
 * in what order: our bubble's element coming and going, and the page script starting (WXT's
 * content script context announces its start with a window message).
 */
async function watchPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { voxlateSeen: string[] }).voxlateSeen = seen;
    new MutationObserver((records) => {
      for (const r of records) {
        r.addedNodes.forEach((n) => n.nodeName === 'VOXLATE-BUBBLE' && seen.push('bubble added'));
        r.removedNodes.forEach((n) => n.nodeName === 'VOXLATE-BUBBLE' && seen.push('bubble removed'));
      }
    }).observe(document.documentElement, { childList: true });
    addEventListener('message', (event) => {
      const type = (event.data as { type?: unknown } | null)?.type;
      if (typeof type === 'string' && type.endsWith('wxt:content-script-started')) seen.push('page script started');
    });
  });
}

const seen = (page: Page) => page.evaluate(() => (window as unknown as { voxlateSeen: string[] }).voxlateSeen);

test.describe('translation bubble at the click', () => {
  test('its waiting state is on the page before the page script runs, and the bubble then fills that same element', async ({
    context, background, extensionId, emulator, pages,
  }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'es' });
    // A slow service: the waiting state is what the user sees for a while.
    await fetch(`${emulator.url}/__emulator/faults`, { method: 'POST', body: JSON.stringify({ type: 'slow', path: '/api/v1/translate', delayMs: 1500, times: 1 }), headers: { 'content-type': 'application/json' } });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/article.html`);
    await selectText(page, '#second');
    await watchPage(page);
    // A menu click grants activeTab without opening the popup (which would inject the page script
    // itself): the toolbar click that stands in for it here opens none either.
    await background.evaluate(() => chrome.action.setPopup({ popup: '' }));
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-translate-selection');
    await expect.poll(() => inPageUiText(context, page, 'voxlate-bubble')).toContain('Translating…');
    await expect.poll(() => inPageUiText(context, page, 'voxlate-bubble')).toContain('[ES]');
    // One element from the click to the translation: painted first, taken over, never replaced.
    expect(await seen(page)).toEqual(['bubble added', 'page script started']);

    // Once the page script is there, no shell: its bubble comes straight away, in a new element.
    await page.keyboard.press('Escape');
    await expect.poll(() => inPageUiText(context, page, 'voxlate-bubble')).toBe('');
    await selectText(page, '#first');
    await clickMenu(background, page, 'voxlate-translate-selection');
    await expect.poll(() => inPageUiText(context, page, 'voxlate-bubble')).toContain('[ES]');
    expect(await seen(page)).toEqual(['bubble added', 'page script started', 'bubble removed', 'bubble added']);
  });
});
