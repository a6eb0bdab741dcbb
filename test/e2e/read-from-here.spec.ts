import type { Page, Worker } from '@playwright/test';
import { connectService, expect, setSettings, test } from './fixtures';
import { chooseMenuEntry, highlightedText, inPageUiText, ledger, readingSession, waitForStatus, watchHighlights, type LedgerEntry } from '../support/extension';
import { ownPageUrl } from '../support/pages';

/** The article's third paragraph, its two sentences, and the first sentence of the fourth. */
const THIRD = 'main article .story-body > p:nth-of-type(3)';
const THIRD_FIRST = '"People already knew how to wait here," said Grace Lindahl';
const THIRD_SECOND = '"We just gave them something better to wait for."';
/** No confirmation asked; twice the speed, so the second sentence comes sooner. */
const SETTINGS = { confirmAboveCredits: 1_000_000, speed: 2 };

interface StoredChunk {
  index: number;
  text: string;
  firstSentence: number;
  lastSentence: number;
}

/** The stored reading's chunks and the sentence it started at. */
async function storedReading(background: Worker): Promise<{ sessionId: string; chunks: StoredChunk[]; startSentence: number } | null> {
  return background.evaluate(async () => {
    const { reading } = (await chrome.storage.session.get('reading')) as {
      reading?: { plan: { sessionId: string; chunks: StoredChunk[] }; startSentence?: number } | null;
    };
    return reading ? { sessionId: reading.plan.sessionId, chunks: reading.plan.chunks, startSentence: reading.startSentence ?? 0 } : null;
  });
}

/** The plan chunk a ledger entry paid for (the ledger keeps the length and the first characters). */
const chunkOf = (chunks: StoredChunk[], entry: LedgerEntry) =>
  chunks.find((c) => [...c.text].length === entry.textLength && c.text.startsWith(entry.textStart ?? '\u0000'));

async function openArticle(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator(THIRD).scrollIntoViewIfNeeded();
}

test.describe('read aloud from here', () => {
  test('a click in the third paragraph reads from its sentence on, paying for nothing before it', async ({
    context, background, extensionId, emulator, pages,
  }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, SETTINGS);
    const page = await context.newPage();
    await openArticle(page, `${pages.url}${ownPageUrl('news')}`);
    // A click in text leaves a collapsed caret there: near the start of the paragraph's first line.
    await page.locator(THIRD).click({ position: { x: 40, y: 8 } });
    expect(await page.evaluate(() => getSelection()!.isCollapsed)).toBe(true);
    const highlights = await watchHighlights(page);

    await chooseMenuEntry(context, background, extensionId, page, 'read-from-here');
    await waitForStatus(background, 'playing');
    // The first sentence lit is the third paragraph's first.
    await expect.poll(async () => (await highlights())[0]?.slice(0, THIRD_FIRST.length)).toBe(THIRD_FIRST);
    const reading = (await storedReading(background))!;
    expect(reading.startSentence).toBeGreaterThan(2);
    const start = reading.chunks.find((c) => c.firstSentence === reading.startSentence)!;
    expect(start.lastSentence).toBe(start.firstSentence);
    expect(start.text.startsWith(THIRD_FIRST)).toBe(true);
    // That request left at the click, before the article was found, and it is the reading's own.
    expect(await background.evaluate(() => (globalThis as unknown as { voxlateTestHooks: { sentAtClick: () => string | null } }).voxlateTestHooks.sentAtClick())).toBe(start.text);

    // And it goes on past it: a later sentence of the article is lit (the next one, or one after it
    // on a busy machine, where a short sentence can pass between two looks).
    const story = (await page.locator('.story-body').innerText()).replace(/\s+/g, ' ');
    const later = async () => {
      const lit = await highlightedText(page);
      return lit && !lit.startsWith(THIRD_FIRST) ? story.indexOf(lit) : -1;
    };
    await expect.poll(later, { timeout: 40_000, intervals: [100] }).toBeGreaterThanOrEqual(story.indexOf(THIRD_SECOND));

    const charged = await ledger(emulator.url);
    expect(charged.entries.length).toBeGreaterThan(0);
    // The first request paid for is the start sentence's; nothing before it is paid for.
    expect(chunkOf(reading.chunks, charged.entries[0]!)?.index).toBe(start.index);
    for (const entry of charged.entries) {
      expect(chunkOf(reading.chunks, entry)?.firstSentence).toBeGreaterThanOrEqual(reading.startSentence);
    }
    // Each chunk is paid for once.
    expect(new Set(charged.entries.map((e) => chunkOf(reading.chunks, e)?.index)).size).toBe(charged.entries.length);
  });

  test('a right-click alone places where reading starts', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, SETTINGS);
    const page = await context.newPage();
    await openArticle(page, `${pages.url}${ownPageUrl('news')}`);
    await page.locator(THIRD).click({ button: 'right', position: { x: 40, y: 8 } });
    const highlights = await watchHighlights(page);

    await chooseMenuEntry(context, background, extensionId, page, 'read-from-here');
    await waitForStatus(background, 'playing');
    // The first sentence lit is the clicked one's (the reading may have moved on by the time this looks).
    await expect.poll(async () => (await highlights())[0]?.slice(0, THIRD_FIRST.length)).toBe(THIRD_FIRST);
    const charged = await ledger(emulator.url);
    expect(charged.entries[0]?.textStart?.startsWith(THIRD_FIRST)).toBe(true);
  });

  test('from here after the page was read: the chunks that reading bought are used, nothing is bought twice', async ({
    context, background, extensionId, emulator, pages,
  }) => {
    test.setTimeout(150_000);
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, SETTINGS);
    const page = await context.newPage();
    await page.goto(`${pages.url}${ownPageUrl('news')}`);
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-page');
    await waitForStatus(background, 'playing');
    const first = (await storedReading(background))!;
    const holding = first.chunks.find((c) => c.text.includes(THIRD_FIRST))!;
    // The page's reading has bought the chunk that holds the third paragraph.
    await expect
      .poll(async () => (await ledger(emulator.url)).entries.map((e) => chunkOf(first.chunks, e)?.index), { timeout: 90_000 })
      .toContain(holding.index);

    await page.locator(THIRD).scrollIntoViewIfNeeded();
    await page.locator(THIRD).click({ position: { x: 40, y: 8 } });
    const highlights = await watchHighlights(page);
    await chooseMenuEntry(context, background, extensionId, page, 'read-from-here');
    await expect.poll(async () => (await storedReading(background))?.sessionId ?? first.sessionId).not.toBe(first.sessionId);
    // Sound from the start sentence: its audio came from somewhere (the cache, or a request).
    await waitForStatus(background, 'playing');
    await expect.poll(async () => (await highlights()).some((lit) => lit.startsWith(THIRD_FIRST)), { timeout: 30_000 }).toBe(true);
    const second = (await storedReading(background))!;
    // The same chunks as the page's reading, started inside the one that holds the sentence.
    expect(second.chunks.map((c) => c.text)).toEqual(first.chunks.map((c) => c.text));
    expect(second.startSentence).toBeGreaterThan(holding.firstSentence - 1);
    // Every charge is one chunk of that plan, none twice: the sentence's audio was not bought again.
    const charged = (await ledger(emulator.url)).entries.map((e) => chunkOf(first.chunks, e)?.index ?? -1);
    expect(charged).not.toContain(-1);
    expect(new Set(charged).size).toBe(charged.length);
  });

  test('a click after the article says there is nothing to read after it, and pays for nothing', async ({
    context, background, extensionId, emulator, pages,
  }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, SETTINGS);
    const page = await context.newPage();
    await page.goto(`${pages.url}${ownPageUrl('news')}`);
    await page.getByText('© 2026 The Harwick Courier Company.').click({ position: { x: 20, y: 5 } });

    await chooseMenuEntry(context, background, extensionId, page, 'read-from-here');
    await expect.poll(() => inPageUiText(context, page, 'voxlate-notice')).toContain('There is nothing to read after this point.');
    expect(await readingSession(background)).toBeNull();
    expect((await ledger(emulator.url)).entries).toEqual([]);
  });

  test('a click above the article starts at the article', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, SETTINGS);
    const page = await context.newPage();
    await page.goto(`${pages.url}${ownPageUrl('news')}`);
    await page.locator('#ad-top').click({ position: { x: 5, y: 5 } });
    const highlights = await watchHighlights(page);

    await chooseMenuEntry(context, background, extensionId, page, 'read-from-here');
    await waitForStatus(background, 'playing');
    // The first sentence lit is the headline (the reading may have moved on by the time this looks).
    await expect.poll(async () => (await highlights())[0]).toBe('A Port City Turns Its Old Ferry Terminal Into a Library');
  });
});
