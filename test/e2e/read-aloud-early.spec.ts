import type { BrowserContext, Worker } from '@playwright/test';
import type { Emulator } from '../../emulator/server';
import type { PageServer } from '../support/page-server';
import { connectService, expect, setSettings, test } from './fixtures';
import { badgeOf, chooseMenuEntry, confirmOnPage, emulatorLog, inPageUiText, ledger, pressShortcut, readingSession, requestsUnderWay, selectText, startsUnderWay, untilNothingUnderWay, waitForStatus, watchHighlights } from '../support/extension';

/** What the emulator charges for speech: ceil(chars / 100), at least 1. */
const speechCredits = (chars: number) => Math.max(1, Math.ceil(chars / 100));
const PRO = 'pro@demo.test';
/** How long the page script is held back: far longer than the first request takes to leave. */
const PAGE_SCRIPT_DELAY_MS = 1500;

/**
 * Holds every injection of the page script back by PAGE_SCRIPT_DELAY_MS (as a slow, busy page
 * would) and notes when it is in the page, so a test can tell what left before it. The toolbar
 * button gets no popup, so its click only grants activeTab, as a right-click does (the popup
 * would inject the page script itself).
 */
async function slowPageScript(background: Worker): Promise<void> {
  await background.evaluate(
    async ([delay]) => {
      await chrome.action.setPopup({ popup: '' });
      const g = globalThis as unknown as { pageScriptInAt?: number };
      const original = chrome.scripting.executeScript.bind(chrome.scripting) as (...a: unknown[]) => Promise<unknown>;
      (chrome.scripting as unknown as { executeScript: unknown }).executeScript = async (...args: unknown[]) => {
        const files = (args[0] as { files?: string[] }).files ?? [];
        if (!files.includes('/content-scripts/page.js')) return original(...args);
        await new Promise((resolve) => setTimeout(resolve, delay));
        const result = await original(...args);
        g.pageScriptInAt ??= Date.now();
        return result;
      };
    },
    [PAGE_SCRIPT_DELAY_MS] as const,
  );
}

/**
 * Holds every injection of the page script back until Chrome's player document is open (for at
 * most PLAYER_WAIT_MS), and notes whether it was: the player is got ready while the first audio is
 * on its way, not after the page script.
 */
const PLAYER_WAIT_MS = 30_000;
async function pageScriptAfterPlayer(background: Worker): Promise<void> {
  await background.evaluate(
    async ([wait]) => {
      await chrome.action.setPopup({ popup: '' });
      const g = globalThis as unknown as { playerBeforePageScript?: boolean };
      const original = chrome.scripting.executeScript.bind(chrome.scripting) as (...a: unknown[]) => Promise<unknown>;
      const playerOpen = async () => (await chrome.runtime.getContexts({ contextTypes: [chrome.runtime.ContextType.OFFSCREEN_DOCUMENT] })).length > 0;
      (chrome.scripting as unknown as { executeScript: unknown }).executeScript = async (...args: unknown[]) => {
        const files = (args[0] as { files?: string[] }).files ?? [];
        if (!files.includes('/content-scripts/page.js')) return original(...args);
        const deadline = Date.now() + wait;
        while (!(await playerOpen()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
        g.playerBeforePageScript ??= await playerOpen();
        return original(...args);
      };
    },
    [PLAYER_WAIT_MS] as const,
  );
}

const pageScriptInAt = (background: Worker) => background.evaluate(() => (globalThis as unknown as { pageScriptInAt?: number }).pageScriptInAt ?? null);

async function speechArrivals(emulatorUrl: string) {
  return (await emulatorLog(emulatorUrl)).filter((r) => r.path === '/api/v1/tts').map((r) => ({ at: Date.parse(r.time), textStart: r.textStart, textLength: r.textLength }));
}

test.describe('read aloud from the context menu: the first request leaves before the page script is there', () => {
  for (const { name, url, selector, first, visible } of [
    { name: 'an article', url: '/fixtures/article.html', selector: '#first', first: 'The morning was cool and bright.', visible: null },
    // Hidden text inside the first sentence (font-size 0): the early request must leave it out too.
    { name: 'text hidden inside its first sentence', url: '/fixtures/hidden-text.html', selector: '#font-size', first: 'The dog waits by the garden gate.', visible: 'The dog waits by the garden gate.' },
  ]) {
    test(`${name}: sent at once, it is the request the reading uses, paid once`, async ({ context, background, extensionId, emulator, pages }) => {
      await connectService(background, emulator.url, 'demo-pro');
      // Slow speech: the one-sentence readings are still being heard when the highlight is looked at.
      await setSettings(background, { confirmAboveCredits: 1_000_000, speed: 0.5 });
      await slowPageScript(background);
      const page = await context.newPage();
      await page.goto(`${pages.url}${url}`);
      await selectText(page, selector);
      // Every highlight as the page shows it: a short reading can be over before a busy machine looks.
      const highlights = await watchHighlights(page);

      await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-selection');
      await expect.poll(async () => (await speechArrivals(emulator.url)).length).toBeGreaterThan(0);
      const [early] = await speechArrivals(emulator.url);
      expect(early).toMatchObject({ textStart: first, textLength: first.length });
      const inPage = await pageScriptInAt(background);
      // Left while the page script was still held back.
      expect(inPage === null || early!.at < inPage).toBe(true);

      // The highlight catches up once the page script is there (a range over the sentence also
      // spans what is hidden inside it: its ends are compared).
      const ends = (text: string | null | undefined) => text?.replace(/^(.{12}).*(.{12})$/, '$1…$2');
      await expect.poll(async () => (await highlights()).map(ends), { timeout: 30_000 }).toContain(ends(first));
      const charged = await ledger(emulator.url);
      // The early request is the reading's own: its chunk is charged once.
      expect(charged.entries.filter((e) => e.textStart === first)).toHaveLength(1);
      if (visible) {
        expect(charged.entries.map((e) => [e.path, e.textLength, e.credits])).toEqual([['/api/v1/tts', visible.length, speechCredits(visible.length)]]);
        expect(charged.total[PRO]).toBe(speechCredits(visible.length));
      }
    });
  }

  test('the player gets ready while the first audio is on its way, before the page script is there; paid once', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { confirmAboveCredits: 1_000_000 });
    await pageScriptAfterPlayer(background);
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/hidden-text.html`);
    await selectText(page, '#font-size');
    const first = 'The dog waits by the garden gate.';

    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-selection');
    const before = () => background.evaluate(() => (globalThis as unknown as { playerBeforePageScript?: boolean }).playerBeforePageScript ?? null);
    await expect.poll(before, { timeout: PLAYER_WAIT_MS + 15_000 }).not.toBeNull();
    expect(await before()).toBe(true);
    await waitForStatus(background, 'playing');
    const charged = await ledger(emulator.url);
    expect(charged.entries.map((e) => [e.path, e.textLength, e.credits])).toEqual([['/api/v1/tts', first.length, speechCredits(first.length)]]);
    expect(charged.total[PRO]).toBe(speechCredits(first.length));
  });

  test('above the confirmation threshold nothing leaves before the user agrees', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { confirmAboveCredits: 0 });
    await slowPageScript(background);
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/article.html`);
    await selectText(page, '#first');

    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-selection');
    await expect.poll(() => inPageUiText(context, page, 'voxlate-notice'), { timeout: 15_000 }).toMatch(/Read aloud \(/);
    expect(await speechArrivals(emulator.url)).toEqual([]);

    await confirmOnPage(context, page);
    await waitForStatus(background, 'playing');
    expect((await speechArrivals(emulator.url))[0]).toMatchObject({ textStart: 'The morning was cool and bright.' });
  });
});

/**
 * A reading whose price is not known yet, above the threshold at the cautious price (3,700
 * characters against 150 credits): its first requests leave to learn the price, and the service is
 * slow to answer them. Until they come back the reading is not started: only withdrawn.
 */
test.describe('a reading still starting (its price being learned from a slow service)', () => {
  const slowSpeech = (emulatorUrl: string) =>
    fetch(`${emulatorUrl}/__emulator/faults`, { method: 'POST', body: JSON.stringify({ type: 'slow', path: '/api/v1/tts', times: 2, delayMs: 4000 }) });

  interface Fixtures { context: BrowserContext; background: Worker; extensionId: string; emulator: Emulator; pages: PageServer }

  async function startSlowly({ context, background, extensionId, emulator, pages }: Fixtures) {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { confirmAboveCredits: 150 });
    await slowSpeech(emulator.url);
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/river.html`);
    await selectText(page, 'article');
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-selection');
    // The price's requests are with the service; the reading is not started.
    await expect.poll(async () => (await requestsUnderWay(background)).active).toBeGreaterThan(0);
    expect(await readingSession(background)).toBeNull();
    return page;
  }

  /** The requests that learn the price: the reading's first two (its title, its first sentence). */
  const PRICE_REQUESTS = ['A day on the river', 'A heron looked across'];
  const priceRequestsOnly = (texts: (string | null)[]) => {
    // (None at all when they were withdrawn before the service logged them.)
    expect(texts.length).toBeLessThanOrEqual(PRICE_REQUESTS.length);
    for (const text of texts) expect(PRICE_REQUESTS.some((start) => text?.startsWith(start))).toBe(true);
  };

  /** Once the start has given up and the requests on the wire are answered: nothing started, nothing more sent. */
  async function nothingStarted(background: Worker, emulatorUrl: string) {
    await expect.poll(() => startsUnderWay(background), { timeout: 30_000 }).toBe(0);
    await untilNothingUnderWay(background);
    expect(await readingSession(background)).toBeNull();
    expect((await badgeOf(background)).text).toBe('');
    // Only what was on the wire at the Stop was paid (the service kept those), and nothing after.
    const arrivals = await speechArrivals(emulatorUrl);
    priceRequestsOnly(arrivals.map((r) => r.textStart));
    const charged = (await ledger(emulatorUrl)).entries.filter((e) => e.path === '/api/v1/tts');
    expect(charged.map((e) => e.textStart).sort()).toEqual(arrivals.map((r) => r.textStart).sort());
  }

  test('Stop withdraws it: the page says it stopped, it never starts, and nothing is sent after', async ({ context, background, extensionId, emulator, pages }) => {
    const page = await startSlowly({ context, background, extensionId, emulator, pages });
    await pressShortcut(background, 'stop-reading');
    await expect.poll(() => inPageUiText(context, page, 'voxlate-notice')).toContain('The reading was stopped.');
    await nothingStarted(background, emulator.url);
  });

  test('closing its tab withdraws it: nothing is sent after', async ({ context, background, extensionId, emulator, pages }) => {
    const page = await startSlowly({ context, background, extensionId, emulator, pages });
    await page.close();
    await nothingStarted(background, emulator.url);
  });

  test('a new reading replaces it: the first never starts, the new one plays', async ({ context, background, extensionId, emulator, pages }) => {
    await startSlowly({ context, background, extensionId, emulator, pages });
    const other = await context.newPage();
    await other.goto(`${pages.url}/fixtures/article.html`);
    const selected = await selectText(other, '#first');
    await chooseMenuEntry(context, background, extensionId, other, 'voxlate-read-selection');
    await waitForStatus(background, 'playing');
    expect((await readingSession(background))!.title).not.toMatch(/river/i);
    await expect.poll(() => startsUnderWay(background), { timeout: 30_000 }).toBe(0);
    await untilNothingUnderWay(background);
    // The river's requests are only those on the wire when the new reading came.
    const arrivals = (await speechArrivals(emulator.url)).map((r) => r.textStart);
    const fromRiver = arrivals.filter((text) => !text || !selected.includes(text));
    priceRequestsOnly(fromRiver);
    expect(arrivals.length).toBeGreaterThan(fromRiver.length);
    expect((await readingSession(background))?.title).not.toMatch(/river/i);
  });
});
