import type { Page, Worker } from '@playwright/test';
import { connectService, expect, setSettings, test } from './fixtures';
import {
  chooseMenuEntry,
  clickAxNode,
  clickToolbarButton,
  confirmOnPage,
  findAxNode,
  highlightedText,
  inPageUiText,
  ledger,
  pressShortcut,
  readingSession,
  waitForStatus,
  type LedgerEntry,
} from '../support/extension';

interface SavedPosition {
  url: string;
  title: string;
  sentence: number;
  sentenceCount: number;
}

const savedPositions = (background: Worker) =>
  background.evaluate(async () => Object.values(((await chrome.storage.local.get('readingPositions')).readingPositions ?? {}) as Record<string, unknown>)) as Promise<SavedPosition[]>;

/** The reading's chunks as stored: what each asks for, and its sentences. */
const storedChunks = (background: Worker) =>
  background.evaluate(async () => {
    const { reading } = (await chrome.storage.session.get('reading')) as { reading: { plan: { chunks: { text: string; firstSentence: number; lastSentence: number }[] } } };
    return reading.plan.chunks;
  });

/** Reads the page aloud from the menu, and stops it by shortcut once it is past its third sentence. */
async function readAndStopAfterThirdSentence(f: { context: import('@playwright/test').BrowserContext; background: Worker; extensionId: string }, page: Page): Promise<SavedPosition> {
  await chooseMenuEntry(f.context, f.background, f.extensionId, page, 'voxlate-read-page');
  await waitForStatus(f.background, 'playing');
  await expect.poll(async () => (await readingSession(f.background))?.sentence ?? 0, { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
  await pressShortcut(f.background, 'stop-reading');
  await expect.poll(() => readingSession(f.background)).toBeNull();
  const [saved] = await savedPositions(f.background);
  expect(saved!.sentence).toBeGreaterThanOrEqual(3);
  expect(saved!.url).toBe(page.url().replace(/#.*$/, ''));
  return saved!;
}

test.beforeEach(async ({ background, emulator }) => {
  await connectService(background, emulator.url, 'demo-pro');
  await setSettings(background, { confirmAboveCredits: 100_000, speed: 2 });
});

test.describe('resume a page later', () => {
  test('reopened, the popup offers to continue: the reading starts at that sentence and pays only for what was not fetched', async ({ context, background, extensionId, emulator, pages }) => {
    test.setTimeout(120_000);
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/river.html#banks`);
    const saved = await readAndStopAfterThirdSentence({ context, background, extensionId }, page);
    const paidBefore = new Set((await ledger(emulator.url)).entries.map((e) => e.textStart));

    // Later: the page again (its script is gone), and the popup opened on it.
    const t1 = Date.now();
    await page.goto(`${pages.url}/fixtures/river.html`);
    await clickToolbarButton(context, page, extensionId);
    const opened = context.waitForEvent('page', (p) => p.url().endsWith('/popup.html'));
    await background.evaluate((url) => chrome.tabs.create({ url, active: false }), `chrome-extension://${extensionId}/popup.html`);
    const popup = await opened;
    const resume = popup.getByRole('button', { name: `Continue reading “${saved.title}” — sentence ${saved.sentence + 1} of ${saved.sentenceCount}` });
    await resume.click();

    await waitForStatus(background, 'playing');
    expect((await readingSession(background))!.sentence).toBeGreaterThanOrEqual(saved.sentence);
    expect((await readingSession(background))!.sentence).toBeLessThanOrEqual(saved.sentence + 1);
    await expect.poll(() => highlightedText(page)).not.toBeNull();
    // Nothing before that sentence is asked for, and nothing already fetched is paid again.
    const chunks = await storedChunks(background);
    await page.waitForTimeout(1500);
    const paidAfter = (await ledger(emulator.url)).entries.filter((e) => Date.parse(e.time) >= t1);
    for (const entry of paidAfter) {
      expect(paidBefore.has(entry.textStart)).toBe(false);
      const chunk = chunks.find((c) => c.text.slice(0, 80) === entry.textStart)!;
      expect(chunk.lastSentence).toBeGreaterThanOrEqual(saved.sentence);
    }
    await pressShortcut(background, 'stop-reading');
  });

  test('Read this page aloud again goes on from there and says so; “Start from the beginning” reads it from the top; Options clears the places', async ({ context, background, extensionId, pages, openExtensionPage }) => {
    test.setTimeout(120_000);
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/river.html`);
    const saved = await readAndStopAfterThirdSentence({ context, background, extensionId }, page);

    await page.reload();
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-page');
    await waitForStatus(background, 'playing');
    expect((await readingSession(background))!.sentence).toBeGreaterThanOrEqual(saved.sentence);
    await expect.poll(() => inPageUiText(context, page)).toContain(`Continuing from sentence ${saved.sentence + 1} of ${saved.sentenceCount}, where you stopped last time.`);
    await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Start from the beginning'));
    await expect.poll(async () => (await readingSession(background))?.sentence ?? -1).toBeLessThan(saved.sentence);
    await pressShortcut(background, 'stop-reading');

    const options = await openExtensionPage('options.html');
    const places = options.getByRole('group', { name: 'Places to continue reading' });
    await expect(places).toContainText('Pages: 1');
    await places.getByRole('button', { name: 'Clear places' }).click();
    await places.getByRole('button', { name: 'Yes, clear' }).click();
    await expect(places.getByRole('status')).toHaveText('Places to continue reading cleared.');
    expect(await savedPositions(background)).toEqual([]);
  });
  test('“Start from the beginning” above the threshold shows its figure on the button, and buys that part only when pressed', async ({ context, background, extensionId, emulator, pages }) => {
    test.setTimeout(150_000);
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/river.html`);
    const saved = await readAndStopAfterThirdSentence({ context, background, extensionId }, page);
    // Later, at another speed (the audio bought before does not fit it), with a low threshold.
    await setSettings(background, { confirmAboveCredits: 1, speed: 1 });
    const t1 = Date.now();
    await page.reload();
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-page');
    await confirmOnPage(context, page);
    await waitForStatus(background, 'playing');
    const chunks = await storedChunks(background);
    const startChunk = chunks.findIndex((c) => c.lastSentence >= saved.sentence);
    const beforeStart = (entries: LedgerEntry[]) => entries.filter((e) => chunks.findIndex((c) => c.text.slice(0, 80) === e.textStart) < startChunk);
    const since = async () => (await ledger(emulator.url)).entries.filter((e) => Date.parse(e.time) >= t1);
    // With a figure, the notice is a question: it stays until answered.
    const restart = await findAxNode(context, page, 'button', /^Start from the beginning \((about|up to) [\d,]+ credits?\)$/);
    expect(await inPageUiText(context, page)).toContain(`Continuing from sentence ${saved.sentence + 1} of ${saved.sentenceCount}, where you stopped last time.`);
    const shown = Number(/([\d,]+) credit/.exec(restart.name)![1]!.replace(/,/g, ''));
    // Nothing before the saved sentence is bought while the button only shows its figure.
    expect(beforeStart(await since())).toEqual([]);

    await clickAxNode(context, page, restart);
    await expect.poll(async () => (await readingSession(background))?.sentence ?? -1).toBeLessThan(saved.sentence);
    await expect.poll(async () => beforeStart(await since()).length, { timeout: 60_000 }).toBeGreaterThan(0);
    await pressShortcut(background, 'stop-reading');
    await expect.poll(() => readingSession(background)).toBeNull();
    let settled = -1;
    await expect.poll(async () => settled === (settled = (await since()).length), { timeout: 60_000, intervals: [2000] }).toBe(true);
    expect(beforeStart(await since()).reduce((sum, e) => sum + e.credits, 0)).toBeLessThanOrEqual(shown);
  });
});
