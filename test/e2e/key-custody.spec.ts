import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseMenuEntry, selectText, waitForStatus } from '../support/extension';

/** The isolated worlds (content scripts) of extensions in a page's main frame, found over CDP. */
async function contentScriptWorlds(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const worlds: { id: number; name: string; origin: string }[] = [];
  cdp.on('Runtime.executionContextCreated', ({ context: c }) => {
    if (c.auxData?.type === 'isolated' && !c.name.startsWith('__playwright')) worlds.push({ id: c.id, name: c.name, origin: c.origin });
  });
  await cdp.send('Runtime.enable');
  return { cdp, worlds };
}

test('the API key reaches only the configured service: never the page, its origin, or the content script', async ({
  context, background, extensionId, emulator, pages, openExtensionPage,
}) => {
  const KEY = 'demo-pro';
  const options = await openExtensionPage('options.html');
  await options.getByLabel('Service address').fill(emulator.url);
  await options.getByLabel('API key', { exact: true }).fill(KEY);
  await options.getByRole('button', { name: 'Save and test' }).click();
  await expect(options.getByRole('status').filter({ hasText: 'Connected' })).toContainText('pro@demo.test');

  const page = await context.newPage();
  await page.goto(`${pages.url}/fixtures/article.html`);
  const { cdp, worlds } = await contentScriptWorlds(context, page);
  // Nothing of ours runs on a page before the user invokes the extension there.
  expect(worlds).toEqual([]);

  await selectText(page, '#first');
  await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-selection');
  await waitForStatus(background, 'playing');

  // The page's origin never saw the key, in any header or URL.
  for (const request of pages.requests) {
    expect(request.headers.authorization).toBeUndefined();
    expect(JSON.stringify(request)).not.toContain(KEY);
  }
  // Every service request carried it, to the service only.
  const log = (await (await fetch(`${emulator.url}/__emulator/log`)).json()).requests as { hasAuthorization: boolean; path: string }[];
  expect(log.filter((r) => r.path.startsWith('/api/v1/')).every((r) => r.hasAuthorization)).toBe(true);

  // The page can't find it anywhere it can look.
  const visible = await page.evaluate(() => [document.documentElement.outerHTML, JSON.stringify(localStorage), JSON.stringify(sessionStorage), typeof (window as { chrome?: { storage?: unknown } }).chrome?.storage].join('\n'));
  expect(visible).not.toContain(KEY);
  expect(visible).toContain('undefined');

  // Our content script now runs in the page, and cannot read extension storage either.
  const ours = worlds.find((w) => w.origin.includes(extensionId) || w.name.startsWith('Voxlate'));
  expect(ours, JSON.stringify(worlds)).toBeDefined();
  const attempt = (await cdp.send('Runtime.evaluate', {
    contextId: ours!.id,
    awaitPromise: true,
    returnByValue: true,
    expression: `chrome.storage.local.get('apiKey').then((v) => 'read:' + JSON.stringify(v), (e) => 'refused:' + e.message)`,
  })) as { result: { value: string } };
  expect(attempt.result.value).toMatch(/^refused:/);
  expect(attempt.result.value).not.toContain(KEY);
});
