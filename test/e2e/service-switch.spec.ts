import { basename } from 'node:path';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { startEmulator, type Emulator } from '../../emulator/server';
import { connectService, expect, setSettings, test } from './fixtures';
import { chooseMenuEntry, inPageUiText, ledger, selectText } from '../support/extension';

const PRO = 'pro@demo.test';
/** The page's title; the browser adds " (1)" when the downloads folder already has that name. */
const SAVED_NAME = /^A short walk in the park( \(\d+\))?\.mp3$/;
const speechCredits = (chars: number) => Math.ceil(chars / 100);
const translationCredits = (text: string) => Math.ceil(text.trim().length / 10);

/** The names of the files saved so far, once there are `count` of them. */
async function savedFiles(background: Worker, count: number): Promise<string[]> {
  let names: string[] = [];
  await expect
    .poll(async () => {
      const items = await background.evaluate(() => chrome.downloads.search({ state: 'complete' }));
      names = items.sort((a, b) => a.id - b.id).map((item) => basename(item.filename));
      return names.length;
    }, { timeout: 30_000 })
    .toBe(count);
  return names;
}

let opened = 0;

/** Opens the sample article in a new tab, selects `selector` and chooses a menu entry on it. */
async function onArticle(f: { context: BrowserContext; background: Worker; extensionId: string; pages: { url: string } }, selector: string, menu: string): Promise<{ page: Page; text: string }> {
  const page = await f.context.newPage();
  // Each tab its own address: the test hooks find a tab by its URL.
  await page.goto(`${f.pages.url}/fixtures/article.html?tab=${++opened}`);
  const text = await selectText(page, selector);
  await chooseMenuEntry(f.context, f.background, f.extensionId, page, menu);
  return { page, text };
}

test.describe('switching services', () => {
  let other: Emulator;
  test.beforeEach(async () => {
    other = await startEmulator({ port: 0 });
  });
  test.afterEach(async () => {
    await other.close();
  });

  test('audio cached from one service is not served for another; each keeps its own; a one-part file is named after the page', async ({
    context, background, extensionId, emulator, pages,
  }) => {
    const f = { context, background, extensionId, pages };
    await connectService(background, emulator.url, 'demo-pro');
    const { text } = await onArticle(f, 'h1', 'voxlate-download-selection');
    // One short part: the service suggests "tts_output.mp3"; the file is named after the page.
    expect((await savedFiles(background, 1))[0]).toMatch(SAVED_NAME);
    const cost = speechCredits(text.trim().length);
    expect((await ledger(emulator.url)).total).toEqual({ [PRO]: cost });

    await connectService(background, other.url, 'demo-pro');
    await onArticle(f, 'h1', 'voxlate-download-selection');
    expect((await savedFiles(background, 2))[1]).toMatch(SAVED_NAME);
    expect((await ledger(other.url)).total).toEqual({ [PRO]: cost });

    // Back to the first service: its audio is still in the cache, so nothing more is paid.
    await connectService(background, emulator.url, 'demo-pro');
    await onArticle(f, 'h1', 'voxlate-download-selection');
    await savedFiles(background, 3);
    expect((await ledger(emulator.url)).total).toEqual({ [PRO]: cost });
    expect((await ledger(other.url)).total).toEqual({ [PRO]: cost });
  });

  test('a translation cached from one service is not served for another; each keeps its own', async ({
    context, background, extensionId, emulator, pages,
  }) => {
    const f = { context, background, extensionId, pages };
    const bubble = (page: Page) => inPageUiText(context, page, 'voxlate-bubble');
    await setSettings(background, { targetLanguage: 'es' });
    await connectService(background, emulator.url, 'demo-pro');
    const first = await onArticle(f, '#second', 'voxlate-translate-selection');
    await expect.poll(() => bubble(first.page)).toContain('[ES]');
    const cost = translationCredits(first.text);
    expect((await ledger(emulator.url)).total).toEqual({ [PRO]: cost });

    await connectService(background, other.url, 'demo-pro');
    const second = await onArticle(f, '#second', 'voxlate-translate-selection');
    await expect.poll(() => bubble(second.page)).toContain('[ES]');
    await expect.poll(async () => (await ledger(other.url)).total).toEqual({ [PRO]: cost });

    await connectService(background, emulator.url, 'demo-pro');
    const third = await onArticle(f, '#second', 'voxlate-translate-selection');
    await expect.poll(() => bubble(third.page)).toContain('[ES]');
    await third.page.waitForTimeout(800);
    expect((await ledger(emulator.url)).total).toEqual({ [PRO]: cost });
    expect((await ledger(other.url)).total).toEqual({ [PRO]: cost });
  });
});
