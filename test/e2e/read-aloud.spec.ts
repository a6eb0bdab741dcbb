import { connectService, expect, test } from './fixtures';
import { clickMenu, clickToolbarButton, emulatorLog, highlightedText, readingSession, selectText } from '../support/extension';

test.describe('read aloud', () => {
  test('reading a selection plays it and highlights the sentence being read', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/article.html`);
    await selectText(page, '#first');
    await clickToolbarButton(context, page, extensionId);
    await clickMenu(background, page, 'voxlate-read-selection');
    await expect.poll(async () => (await readingSession(background))?.status, { timeout: 20_000 }).toBe('playing');
    await expect.poll(() => highlightedText(page)).toBe('The morning was cool and bright.');
    const tts = (await emulatorLog(emulator.url)).filter((r) => r.path === '/api/v1/tts');
    expect(tts[0]?.textLength).toBe('The morning was cool and bright.'.length);
  });
});
