import { connectService, expect, test } from './fixtures';
import {
  accessibleNodes,
  badgeOf,
  clickAxNode,
  clickMenu,
  clickToolbarButton,
  findAxNode,
  inPageUiText,
  ledger,
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
    await expect.poll(() => badgeOf(background)).toMatchObject({ text: '' });
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

  test('not enough credits: "Top up credits" opens the service\'s dashboard: its own address, or the one set in the options', async ({ context, background, extensionId, emulator, pages }) => {
    await fetch(`${emulator.url}/__emulator/accounts`, { method: 'POST', body: JSON.stringify({ key: 'demo-pro', credits: 0 }) });
    await connectService(background, emulator.url, 'demo-pro');
    const page = await openArticle(context, extensionId, pages.url, '#first');
    const topUp = async () => {
      await readSelection(background, page);
      const button = await findAxNode(context, page, 'button', 'Top up credits', 30_000);
      const opened = context.waitForEvent('page');
      await clickAxNode(context, page, button);
      const dashboard = await opened;
      await dashboard.waitForURL(/^http/);
      const url = dashboard.url();
      await dashboard.close();
      return url;
    };
    // By default the service's own address (where its contract says credits and keys are managed).
    expect(await topUp()).toBe(`${new URL(emulator.url).origin}/`);
    const options = await context.newPage();
    await options.goto(`chrome-extension://${extensionId}/options.html`);
    await options.getByLabel(/^Dashboard address/).fill(`${pages.url}/fixtures/article.html?billing`);
    await expect.poll(() => background.evaluate(async () => ((await chrome.storage.local.get('settings')).settings as { dashboardUrl?: string }).dashboardUrl)).toContain('?billing');
    await options.close();
    expect(await topUp()).toBe(`${pages.url}/fixtures/article.html?billing`);
    // Refused each time, so nothing was charged.
    expect((await ledger(emulator.url)).entries).toEqual([]);
  });

  test('the service charging and then failing: "Retry from here" names what it may cost; nothing is sent again until pressed, then the reading plays for no more than that', async ({ context, background, extensionId, emulator, pages }) => {
    await fetch(`${emulator.url}/__emulator/faults`, { method: 'POST', body: JSON.stringify({ type: 'charged-error', path: '/api/v1/tts', times: 1 }) });
    await connectService(background, emulator.url, 'demo-pro');
    const page = await openArticle(context, extensionId, pages.url, '#first');
    await readSelection(background, page);
    const retry = await findAxNode(context, page, 'button', /^Retry from here \((about|up to) [\d,]+ credits?\)$/, 30_000);
    const figure = Number(/([\d,]+) credit/.exec(retry.name)![1]!.replaceAll(',', ''));
    expect(await noticeText(context, page)).toContain('may already be paid for');
    // The failed request was charged once, and nothing went again by itself.
    const before = await ledger(emulator.url);
    expect(before.entries.filter((e) => e.path === '/api/v1/tts')).toHaveLength(1);
    expect(await speechRequests(emulator.url)).toHaveLength(1);
    await clickAxNode(context, page, retry);
    await waitForStatus(background, 'playing', 30_000);
    await expect.poll(() => readingSession(background), { timeout: 60_000 }).toBeNull();
    const after = (await ledger(emulator.url)).entries.filter((e) => e.path === '/api/v1/tts').slice(1);
    expect(after.length).toBeGreaterThan(0);
    expect(after.reduce((sum, e) => sum + e.credits, 0)).toBeLessThanOrEqual(figure);
    expect(after[0]!.textStart).toMatch(/^The morning was cool/);
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
    await expect.poll(() => badgeOf(background)).toMatchObject({ text: '' });
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
