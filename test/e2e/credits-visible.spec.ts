import type { BrowserContext, Page } from '@playwright/test';
import { connectService, expect, setSettings, test } from './fixtures';
import {
  untilInPageUiShows,
  chooseMenuEntry,
  clickMenu,
  emulatorLog,
  highlightedText,
  inPageUiText,
  ledger,
  readingSession,
  selectText,
  waitForStatus,
  watchHighlights,
} from '../support/extension';

const bubbleText = (context: BrowserContext, page: Page) => inPageUiText(context, page, 'voxlate-bubble');
const PRO = 'pro@demo.test';
/** No confirmation asked: the reader alone stands between the page and the user's credits. */
const NO_CONFIRMATION = { confirmAboveCredits: 1_000_000 };

/** What the emulator charges: speech ceil(chars / 100), translation ceil(chars / 10), at least 1. */
const speechCredits = (chars: number) => Math.max(1, Math.ceil(chars / 100));
const translationCredits = (chars: number) => Math.max(1, Math.ceil(chars / 10));

test.describe('credits: only text a person could see is paid for', () => {
  // Each section of the fixture: one visible sentence and about 3,000 characters hidden per block.
  const WAYS = [
    { way: 'transparent (opacity 0, and 0.3 × 0.3)', section: '#opacity', visible: 'The cat sleeps on the warm windowsill.' },
    { way: 'zero-size (font-size 0 inside the sentence, 0.5px, scale(0))', section: '#font-size', visible: 'The dog waits by the garden gate.' },
    { way: 'off-screen (left -9999px, translateX, text-indent)', section: '#off-screen', visible: 'The bird sings above the quiet lake.' },
    { way: 'clipped (clip-path inset and circle, the sr-only clip)', section: '#clip-path', visible: 'The fish swims under the old bridge.' },
    // Chrome's own report of the selection leaves these out; the page's text did not.
    { way: 'inside a zero-height box with overflow hidden', section: '#clipped-box', visible: 'The horse runs across the green field.', unreported: true },
    { way: 'from selecting (user-select: none, an "[edit]" link)', section: '#unselectable', visible: 'The owl hoots in the dark wood.', unreported: true },
  ];

  for (const { way, section, visible, unreported } of WAYS) {
    test(`a selection with text hidden ${way}: reading and translation pay for the visible sentence only`, async ({
      context, background, extensionId, emulator, pages,
    }) => {
      await connectService(background, emulator.url, 'demo-pro');
      await setSettings(background, { targetLanguage: 'es', ...NO_CONFIRMATION });
      const page = await context.newPage();
      await page.goto(`${pages.url}/fixtures/hidden-text.html`);
      const selected = await selectText(page, section);
      // What the browser reports as selected holds the hidden text too.
      if (!unreported) expect(selected.length).toBeGreaterThan(3000);

      // A one-sentence reading is lit for a moment: every highlight is noted as the page shows it.
      const highlights = await watchHighlights(page);
      await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-selection');
      await waitForStatus(background, 'playing');
      // The page's own selection was used, not the browser's report (which has no place on the
      // page): the sentence is highlighted (a range over it also spans what is hidden inside it).
      const [start, end] = [visible.slice(0, 12), visible.slice(-12)];
      await expect.poll(async () => (await highlights()).map((lit) => lit.replace(/^(.{12}).*(.{12})$/, '$1…$2'))).toContain(`${start}…${end}`);
      await expect.poll(() => readingSession(background), { timeout: 30_000 }).toBeNull();

      await selectText(page, section);
      await clickMenu(background, page, 'voxlate-translate-selection');
      await untilInPageUiShows(context, page, emulator.url, '[ES]');
      expect(await bubbleText(context, page)).toContain(`Cost: ${translationCredits(visible.length)} credits`);

      const charged = await ledger(emulator.url);
      expect(charged.entries.map((e) => [e.path, e.textLength, e.credits])).toEqual([
        ['/api/v1/tts', visible.length, speechCredits(visible.length)],
        ['/api/v1/translate', visible.length, translationCredits(visible.length)],
      ]);
      expect(charged.total[PRO]).toBe(speechCredits(visible.length) + translationCredits(visible.length));
      const translated = (await emulatorLog(emulator.url)).filter((r) => r.path === '/api/v1/translate');
      expect(translated.map((r) => r.textLength)).toEqual([visible.length]);
    });
  }
});

test.describe('credits: the text the user right-clicked, even when the page swaps the selection', () => {
  const CHOSEN = 'A small boat drifts along the slow river.';

  /** Selects the chosen sentence, right-clicks it, and waits for the page to select its long text instead. */
  async function rightClickThenSwap(page: Page): Promise<string> {
    const chosen = await selectText(page, '#chosen');
    await page.click('#chosen', { button: 'right' });
    await page.waitForFunction(() => (window as { __swapped?: boolean }).__swapped === true);
    expect((await page.evaluate(() => getSelection()!.toString())).length).toBeGreaterThan(2000);
    return chosen;
  }

  test('translation: the bubble translates what was right-clicked, and only that is paid for', async ({
    context, background, extensionId, emulator, pages,
  }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'es', ...NO_CONFIRMATION });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/swapped-selection.html`);
    const chosen = await rightClickThenSwap(page);
    // The browser reports what was selected at the right-click.
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-translate-selection', chosen);

    await expect.poll(() => bubbleText(context, page)).toContain(`[ES] ${CHOSEN}`);
    expect(await bubbleText(context, page)).toContain(`Cost: ${translationCredits(CHOSEN.length)} credits`);
    const charged = await ledger(emulator.url);
    expect(charged.entries.map((e) => [e.path, e.textLength, e.textStart, e.credits])).toEqual([
      ['/api/v1/translate', CHOSEN.length, CHOSEN, translationCredits(CHOSEN.length)],
    ]);
    expect(charged.total[PRO]).toBe(translationCredits(CHOSEN.length));
  });

  test('reading aloud: what was right-clicked is read, without a highlight, and only that is paid for', async ({
    context, background, extensionId, emulator, pages,
  }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, NO_CONFIRMATION);
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/swapped-selection.html`);
    const chosen = await rightClickThenSwap(page);
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-selection', chosen);
    await waitForStatus(background, 'playing');
    // The reported text cannot be placed on the page: nothing (in particular not the swapped text) is lit.
    expect(await highlightedText(page)).toBeNull();
    await expect.poll(() => readingSession(background), { timeout: 30_000 }).toBeNull();

    const charged = await ledger(emulator.url);
    expect(charged.entries.map((e) => [e.path, e.textLength, e.textStart, e.credits])).toEqual([
      ['/api/v1/tts', CHOSEN.length, CHOSEN, speechCredits(CHOSEN.length)],
    ]);
    expect(charged.total[PRO]).toBe(speechCredits(CHOSEN.length));
  });
});
