import { connectService, expect, test } from './fixtures';
import {
  accessibleNodes,
  badgeOf,
  clickAxNode,
  clickMenu,
  clickToolbarButton,
  inPageUiText,
  readingSession,
  selectText,
  speechRequests,
  waitForStatus,
} from '../support/extension';
import type { BrowserContext, Page, Worker } from '@playwright/test';

async function openArticle(context: BrowserContext, extensionId: string, pagesUrl: string, select: string | null): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${pagesUrl}/fixtures/article.html`);
  if (select) await selectText(page, select);
  await clickToolbarButton(context, page, extensionId);
  return page;
}

async function noticeText(context: BrowserContext, page: Page): Promise<string> {
  return inPageUiText(context, page);
}

async function readSelection(background: Worker, page: Page) {
  await clickMenu(background, page, 'voxlate-read-selection');
}

test.describe('read aloud: every problem is shown where the user is, with the next step', () => {
  test('a rejected key: the page says so and offers to open the options', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'wrong-key');
    const page = await openArticle(context, extensionId, pages.url, '#first');
    await readSelection(background, page);
    await expect.poll(async () => (await noticeText(context, page)), { timeout: 20_000 }).toContain('rejected your API key');
    const button = (await accessibleNodes(context, page)).find((n) => n.role === 'button' && n.name === 'Open options');
    expect(button).toBeDefined();
    const optionsOpened = context.waitForEvent('page', (p) => p.url().includes('options.html'));
    await clickAxNode(context, page, button!);
    await optionsOpened;
    // Shown on the page, so nothing is left on the toolbar button, and no reading half-started.
    expect(await badgeOf(background)).toMatchObject({ text: '' });
    expect(await readingSession(background)).toBeNull();
  });

  test('not enough credits: the page says so with the balance', async ({ context, background, extensionId, emulator, pages }) => {
    await fetch(`${emulator.url}/__emulator/accounts`, { method: 'POST', body: JSON.stringify({ key: 'demo-pro', credits: 0 }) });
    await connectService(background, emulator.url, 'demo-pro');
    const page = await openArticle(context, extensionId, pages.url, '#first');
    await readSelection(background, page);
    await expect.poll(() => noticeText(context, page), { timeout: 20_000 }).toContain("don't have enough credits");
    expect(await noticeText(context, page)).toContain('Your balance: 0 credits');
  });

  test('rate limited: the page says the reading continues by itself, and it does', async ({ context, background, extensionId, emulator, pages }) => {
    await fetch(`${emulator.url}/__emulator/faults`, { method: 'POST', body: JSON.stringify({ type: 'rate-limit', path: '/api/v1/tts', times: 1 }) });
    await connectService(background, emulator.url, 'demo-pro');
    const page = await openArticle(context, extensionId, pages.url, '#first');
    await readSelection(background, page);
    await expect.poll(() => noticeText(context, page)).toContain('Reading continues by itself');
    await waitForStatus(background, 'playing', 30_000);
  });

  test('the service failing: the page says so, and nothing is left half-started', async ({ context, background, extensionId, emulator, pages }) => {
    await fetch(`${emulator.url}/__emulator/faults`, { method: 'POST', body: JSON.stringify({ type: 'server-error', path: '/api/v1/tts', times: 10 }) });
    await connectService(background, emulator.url, 'demo-pro');
    const page = await openArticle(context, extensionId, pages.url, '#first');
    await readSelection(background, page);
    await expect.poll(() => noticeText(context, page), { timeout: 30_000 }).toContain('The service had a problem');
    expect(await readingSession(background)).toBeNull();
    expect(await badgeOf(background)).toMatchObject({ text: '' });
  });

  test('an unreachable service: the page says it cannot reach it', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    // Voices are cached first, as after a working setup; then the service goes away.
    await background.evaluate(async () => {
      const { settings } = await chrome.storage.local.get('settings');
      await chrome.storage.local.set({ settings: { ...(settings as object), serviceUrl: 'http://127.0.0.1:9' } });
    });
    const page = await openArticle(context, extensionId, pages.url, '#first');
    await readSelection(background, page);
    await expect.poll(() => noticeText(context, page), { timeout: 30_000 }).toContain("Can't reach the service");
  });

  test('nothing selected: the page says to select text first', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    const page = await openArticle(context, extensionId, pages.url, null);
    await readSelection(background, page);
    await expect.poll(() => noticeText(context, page)).toContain('Nothing is selected');
    expect(await speechRequests(emulator.url)).toEqual([]);
  });

  test('a page the browser keeps extensions out of: the toolbar button says why', async ({ context, background, emulator }) => {
    await connectService(background, emulator.url, 'demo-pro');
    const page = await context.newPage();
    await page.goto('chrome://version');
    await clickMenu(background, page, 'voxlate-read-page');
    await expect.poll(async () => (await badgeOf(background)).text).toBe('!');
    expect((await badgeOf(background)).title).toContain("can't work on this page");
    expect(await speechRequests(emulator.url)).toEqual([]);
  });
});
