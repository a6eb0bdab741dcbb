import { connectService, expect, readArticleSelection, setSettings, test } from './fixtures';
import { completedDownload, decodedSeconds } from '../support/downloads';
import {
  badgeOf,
  chooseMenuEntry,
  clickMenu,
  highlightedText,
  pressShortcut,
  readingSession,
  selectText,
  speechRequests,
  waitForStatus,
} from '../support/extension';
import { ifSharedPages, ownPageUrl, sharedPageUrl } from '../support/pages';

test.describe('read aloud: download, replay, fields and frames', () => {
  test('download saves one valid mp3 of the whole selection, named after the page', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/article.html`);
    const text = await selectText(page, 'article');
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-download-selection');
    const file = await completedDownload(background);
    expect(file.filename).toMatch(/A short walk in the park( \(\d+\))?\.mp3$/);
    const seconds = await decodedSeconds(file.filename);
    // espeak at speed 1 speaks roughly 12 to 18 characters a second.
    expect(seconds).toBeGreaterThan(text.length / 20);
    expect(seconds).toBeLessThan(text.length / 8);
    expect((await speechRequests(emulator.url)).length).toBeGreaterThan(1);
  });

  test('hearing the same text again costs no request and no credit', async ({ context, background, extensionId, emulator, pages }) => {
    const page = await readArticleSelection({ context, background, extensionId, emulator, pages }, '#first');
    await expect.poll(() => readingSession(background), { timeout: 30_000 }).toBeNull();
    const requests = (await speechRequests(emulator.url)).length;
    const credits = async () => (await (await fetch(`${emulator.url}/api/v1/user`, { headers: { Authorization: 'Bearer demo-pro' } })).json()).user.credits;
    const before = await credits();

    await selectText(page, '#first');
    await clickMenu(background, page, 'voxlate-read-selection');
    await waitForStatus(background, 'playing');
    await expect.poll(() => readingSession(background), { timeout: 30_000 }).toBeNull();
    expect((await speechRequests(emulator.url)).length).toBe(requests);
    expect(await credits()).toBe(before);
    await expect.poll(() => badgeOf(background)).toMatchObject({ text: '' });
  });

  test('a selection inside a textarea is read', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/forms.html`);
    await page.getByLabel('Your notes').evaluate((el: HTMLTextAreaElement) => {
      el.focus();
      el.setSelectionRange(0, 'Buy milk on the way home. Call the plumber about the kitchen sink.'.length);
    });
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-selection');
    await waitForStatus(background, 'playing');
    await expect
      .poll(async () => (await speechRequests(emulator.url)).map((r) => r.textStart))
      .toEqual(expect.arrayContaining(['Buy milk on the way home.', 'Call the plumber about the kitchen sink.']));
  });

  test('a selection inside a same-origin frame is read, in its language', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/forms.html`);
    const frame = page.frameLocator('#frame');
    await frame.locator('#story').evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
    });
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-selection');
    await waitForStatus(background, 'playing');
    const requests = await speechRequests(emulator.url);
    expect(requests.find((r) => r.textStart === 'Le petit chat dort sur le canapé.')).toMatchObject({ language: 'fr' });
  });

  for (const { name, url } of [
    { name: 'encyclopedia', url: ownPageUrl('encyclopedia') },
    ...ifSharedPages([{ name: 'wikipedia', url: sharedPageUrl('wikipedia') }]),
  ]) {
    test(`stopping a long reading leaves nothing running: no request reaches the service afterwards (${name})`, async ({ context, background, extensionId, emulator, pages }) => {
      await connectService(background, emulator.url, 'demo-pro');
      // A cloud-like service, so that requests are still in flight when the user stops.
      await fetch(`${emulator.url}/__emulator/config`, { method: 'PATCH', body: JSON.stringify({ latencyMs: 300, msPerChar: 1 }) });
      const page = await context.newPage();
      await page.goto(`${pages.url}${url}`);
      // About stopping, not cost (credits-reading.spec.ts asks about that).
      await setSettings(background, { confirmAboveCredits: 1_000_000 });
      await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-page');
      await waitForStatus(background, 'playing');
      await background.evaluate(async () => {
        const hooks = (globalThis as never as { voxlateTestHooks: { onCommand: (c: string) => boolean } }).voxlateTestHooks;
        hooks.onCommand('stop-reading');
      });
      const stoppedAt = Date.now();
      await expect.poll(() => readingSession(background)).toBeNull();
      await page.waitForTimeout(2500);
      const late = (await speechRequests(emulator.url)).filter((r) => Date.parse(r.time) > stoppedAt + 50);
      expect(late).toEqual([]);
      await expect.poll(() => badgeOf(background)).toMatchObject({ text: '' });
      await fetch(`${emulator.url}/__emulator/config`, { method: 'PATCH', body: JSON.stringify({ latencyMs: 0, msPerChar: 0 }) });
    });
  }

  test('after a long pause Chrome closes the player; resuming starts a new one at the same sentence', async ({ context, background, extensionId, emulator, pages }) => {
    const page = await readArticleSelection({ context, background, extensionId, emulator, pages }, 'article');
    await expect.poll(async () => (await readingSession(background))?.sentence ?? 0, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    await pressShortcut(background, 'pause-resume');
    await waitForStatus(background, 'paused');
    const pausedAt = (await readingSession(background))!.sentence;
    // What Chrome does to an offscreen document that has been silent for about 30 seconds.
    await background.evaluate(() => chrome.offscreen.closeDocument());
    await pressShortcut(background, 'pause-resume');
    await waitForStatus(background, 'playing');
    expect((await readingSession(background))!.sentence).toBe(pausedAt);
    await expect.poll(() => highlightedText(page)).not.toBeNull();
  });
});
