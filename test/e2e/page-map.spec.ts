import type { Page } from '@playwright/test';
import { connectService, expect, setSettings, test } from './fixtures';
import { chooseMenuEntry, ledger, readingSession, stopReadingAndSettle, waitForStatus, watchHighlights } from '../support/extension';
import { ownPageUrl } from '../support/pages';

/*
 * The first seconds of a page reading are not blind: the sentence heard first is highlighted, and
 * the player is on the page, while that sentence is still being read (before the reading moves on).
 */

/** What the page saw, in order: each highlighted text, and when our player's host arrived (watched from the page itself). */
async function watchPage(page: Page): Promise<() => Promise<{ events: string[] }>> {
  await page.evaluate(() => {
    const events: string[] = [];
    Object.assign(window, { __voxlateSeen: events });
    let last = '';
    const look = () => {
      const highlight = CSS.highlights.get('voxlate-reading');
      const [range] = highlight && highlight.size > 0 ? ([...highlight] as Range[]) : [];
      const text = range?.toString().replace(/\s+/g, ' ').trim() ?? '';
      if (text && text !== last) events.push(`highlight:${text}`);
      last = text || last;
      if (document.querySelector('voxlate-player') && !events.includes('player')) events.push('player');
    };
    const frame = () => {
      look();
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    setInterval(look, 10);
  });
  return async () => ({ events: await page.evaluate(() => [...((window as unknown as { __voxlateSeen: string[] }).__voxlateSeen ?? [])]) });
}

test.describe('a page reading shows where it is from its first sentence', () => {
  test('on a long news page, the first sentence heard is highlighted and the player is there before the reading moves past it', async ({ context, background, extensionId, emulator, pages }) => {
    test.setTimeout(120_000);
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { confirmAboveCredits: 100_000 });
    const page = await context.newPage();
    await page.goto(`${pages.url}${ownPageUrl('news')}`);
    const seen = await watchPage(page);
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-page');
    await waitForStatus(background, 'playing', 60_000);
    // Until the reading is past its first two sentences.
    await expect.poll(async () => (await readingSession(background))?.sentence ?? 0, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
    const { events } = await seen();
    const highlights = events.filter((e) => e.startsWith('highlight:')).map((e) => e.slice('highlight:'.length));
    const plan = await background.evaluate(async () => {
      const { reading } = await chrome.storage.session.get('reading');
      return (reading as { plan: { chunks: { text: string; sentenceOffsets: number[] }[] } }).plan.chunks[0]!;
    });
    const firstSentence = plan.text.slice(0, plan.sentenceOffsets[1] ?? plan.text.length).replace(/\s+/g, ' ').trim();
    // The first thing lit is the first sentence (not a later one, once the page caught up).
    expect(highlights[0]).toBe(firstSentence);
    // The player came while the first sentence was lit: before anything else was.
    expect(events.indexOf('player')).toBeGreaterThan(-1);
    expect(events.indexOf('player')).toBeLessThan(events.indexOf(`highlight:${highlights[1]}`));
  });

  test('it starts with the headline the page shows, lit while heard (not the title with its author and plain quotes), and a page whose article the finder misses is read from its largest visible block', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { confirmAboveCredits: 100_000 });
    const cases = [
      { name: 'byline-title', headline: 'Why “slow TV” isn’t dead yet', then: 'Ten years ago the networks said' },
      // Its article finder takes the print edition the page hides: "No readable text" before.
      { name: 'print-edition', headline: 'Harbour board gives the old ferry terminal until spring', then: 'The harbour board met on Tuesday night' },
    ];
    for (const { name, headline, then } of cases) {
      const page = await context.newPage();
      await page.goto(`${pages.url}${ownPageUrl(name)}`);
      const lit = await watchHighlights(page);
      const since = Date.now();
      await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-page');
      // The first thing lit is the headline, as the page shows it.
      await expect.poll(async () => (await lit())[0], { timeout: 60_000 }).toBe(headline);
      // The headline may be lit as its audio is asked for: the service books it when it answers.
      const firstPaid = async () => (await ledger(emulator.url)).entries.find((e) => e.path === '/api/v1/tts' && Date.parse(e.time) >= since)?.textStart;
      await expect.poll(firstPaid, { message: 'the first part paid', timeout: 60_000 }).toBeDefined();
      expect((await firstPaid())?.startsWith(headline), `the first part paid: ${await firstPaid()}`).toBe(true);
      expect((await readingSession(background))?.title).toBe(headline);
      const plan = await background.evaluate(async () => {
        const { reading } = await chrome.storage.session.get('reading');
        return (reading as { plan: { chunks: { text: string }[] } }).plan.chunks.map((c) => c.text).join(' ');
      });
      expect(plan).toContain(then);
      expect(plan.split(headline).length - 1).toBe(1);
      await stopReadingAndSettle(background);
      await page.close();
    }
  });
});
