import { connectService, expect, setSettings, test } from './fixtures';
import { chooseMenuEntry, highlightedText, readingSession, selectText, waitForStatus, watchHighlights } from '../support/extension';

// Issue 21: the word being spoken is lit over its sentence, timed from the audio on the device.
const FIRST_WORDS = ['The', 'morning', 'was', 'cool', 'and', 'bright'];
const SECOND_WORDS = ['Dr', 'Smith', 'walked', 'to', 'the', 'old', 'oak', 'tree'];

/** Whether `seen` lists words of `words` in their order (each at most once, some may be missed). */
function inOrder(seen: readonly string[], words: readonly string[]): boolean {
  let at = 0;
  for (const word of seen) {
    const next = words.indexOf(word, at);
    if (next < 0) return false;
    at = next + 1;
  }
  return true;
}

test.describe('word by word', () => {
  test('the word being spoken advances through the sentence while it plays, and stops on pause', async ({
    context, background, extensionId, emulator, pages,
  }) => {
    await connectService(background, emulator.url, 'demo-pro');
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/article.html`);
    await selectText(page, '#first');
    const words = await watchHighlights(page, { name: 'voxlate-word' });
    const sentences = await watchHighlights(page);
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-selection');
    await waitForStatus(background, 'playing');
    // Several words of the first sentence are lit one after another, in the order they are spoken.
    await expect.poll(async () => (await words()).filter((w) => FIRST_WORDS.includes(w)).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    const firstSeen = (await words()).slice(0, (await words()).findIndex((w) => !FIRST_WORDS.includes(w)) >>> 0);
    expect(inOrder(firstSeen, FIRST_WORDS), `words lit: ${firstSeen.join(' | ')}`).toBe(true);
    // And on into the second sentence, which its own highlight follows.
    await expect.poll(async () => (await words()).filter((w) => SECOND_WORDS.includes(w)).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    expect((await sentences())[1]).toContain('Dr. Smith walked');
    // A word lit is always inside the sentence lit.
    const [word, sentence] = await Promise.all([highlightedText(page, page.mainFrame(), 'voxlate-word'), highlightedText(page)]);
    if (word && sentence) expect(sentence).toContain(word);

    // Paused: the word stays where it is.
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    await popup.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(async () => (await readingSession(background))?.status).toBe('paused');
    await page.bringToFront();
    const litWhenPaused = await highlightedText(page, page.mainFrame(), 'voxlate-word');
    const seenWhenPaused = (await words()).length;
    // Nothing may move while paused, however long one looks: a bounded look at a state that must hold.
    await page.waitForTimeout(1200);
    expect(await highlightedText(page, page.mainFrame(), 'voxlate-word')).toBe(litWhenPaused);
    expect((await words()).length).toBe(seenWhenPaused);
    // Resumed, the words move on; stopped, the word goes with the sentence.
    await popup.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(async () => (await words()).length, { timeout: 20_000 }).toBeGreaterThan(seenWhenPaused);
    await popup.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => readingSession(background)).toBeNull();
    await expect.poll(() => highlightedText(page, page.mainFrame(), 'voxlate-word')).toBeNull();
  });

  test('turned off in the options, the sentence is lit and no word is', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { highlightWords: false });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/article.html`);
    await selectText(page, '#first');
    const words = await watchHighlights(page, { name: 'voxlate-word' });
    const sentences = await watchHighlights(page);
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-selection');
    // The second sentence lit: the first was heard whole, and no word of it was lit.
    await expect.poll(async () => (await sentences()).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    expect(await words()).toEqual([]);
  });
});
