import type { Page } from '@playwright/test';
import { connectService, expect, readArticleSelection, setSettings, test } from './fixtures';
import {
  badgeOf,
  chooseMenuEntry,
  confirmOnPage,
  highlightedText,
  inPageUiText,
  ledger,
  readingSession,
  selectSnippet,
  selectText,
  speechRequests,
  stopReadingAndSettle,
  waitForStatus,
  watchHighlights,
} from '../support/extension';
import { ifSharedPages, ownPageUrl, sharedPageUrl } from '../support/pages';

const FIRST = 'The morning was cool and bright.';
const SECOND = 'Dr. Smith walked to the old oak tree at 7.30 a.m. and sat down on the bench.';

test.describe('read aloud', () => {
  test('a selection is read in its sentences, and the highlight follows the sentence being read', async ({
    context, background, extensionId, emulator, pages,
  }) => {
    await connectService(background, emulator.url, 'demo-pro');
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/article.html`);
    await selectText(page, '#first');
    // Two sentences, the first lit for about two seconds: every highlight is noted as the page
    // shows it, however late a loaded machine lets the test look.
    const highlights = await watchHighlights(page);
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-selection');
    await waitForStatus(background, 'playing');
    await expect.poll(() => badgeOf(background)).toMatchObject({ text: '▶' });
    await expect.poll(async () => (await highlights())[0]).toBe(FIRST);
    // The first sentence is a request of its own, so that sound starts fast.
    const requests = await speechRequests(emulator.url);
    expect(requests.find((r) => r.textStart === FIRST)).toMatchObject({ textLength: FIRST.length, language: 'en', status: 200 });
    await expect
      .poll(async () => (await speechRequests(emulator.url)).map((r) => r.textStart))
      .toContainEqual(expect.stringContaining('Dr. Smith walked'));
    // The highlight follows: the second sentence is lit after the first.
    await expect.poll(highlights, { timeout: 20_000 }).toEqual([FIRST, SECOND]);
  });

  // Our own pages, plus the saved real-world ones when they are beside the repository.
  for (const { name, url, snippet, language } of [
    { name: 'french', url: ownPageUrl('french'), snippet: 'Les conseillers municipaux ont, sans grande surprise, adopté à une large majorité', language: 'fr' },
    { name: 'japanese', url: ownPageUrl('japanese'), snippet: '夏の暑い日、アリたちは列をつくって、食べ物を巣へ運んでいました。', language: 'ja' },
    { name: 'chinese', url: ownPageUrl('chinese'), snippet: '这款机器人具有非常重要的意义，因为过去绘制一片珊瑚礁的地图，往往需要潜水员在水下连续工作好几个星期。', language: 'zh' },
    { name: 'german', url: ownPageUrl('german'), snippet: 'Die freie Notiz-App Quillnote verschlüsselt Notizen ab Version 4.0 auf Wunsch Ende-zu-Ende', language: 'de' },
    ...ifSharedPages([
      { name: 'lemonde-1', url: sharedPageUrl('lemonde-1'), snippet: 'Les députés ont, sans surprise, adopté à une large majorité', language: 'fr' },
      { name: 'hukumusume', url: sharedPageUrl('hukumusume'), snippet: '肉をくわえたイヌが、橋を渡っていました。', language: 'ja' },
      { name: 'qq', url: sharedPageUrl('qq'), snippet: '这款产品具有极其重要的意义，因为这意味着未来的人工智能技术可能不需要人类来教它就能回答人类提出的问题。', language: 'zh' },
      { name: 'heise', url: sharedPageUrl('heise'), snippet: 'Das in der iOS-Version bereits enthaltene TOTP-Feature', language: 'de' },
    ]),
  ]) {
    test(`a selection on a ${language} page (${name}) is read in ${language}`, async ({ context, background, extensionId, emulator, pages }) => {
      await connectService(background, emulator.url, 'demo-pro');
      const page = await context.newPage();
      await page.goto(`${pages.url}${url}`);
      await selectSnippet(page, snippet);
      await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-selection');
      await waitForStatus(background, 'playing');
      const requests = await speechRequests(emulator.url);
      const first = requests.find((r) => snippet.startsWith(r.textStart!.slice(0, 10)));
      expect(first).toBeDefined();
      for (const request of requests) {
        expect(request.language).toBe(language);
        expect(request.voiceId).toMatch(new RegExp(`^${language}-`));
      }
      await expect.poll(() => highlightedText(page)).not.toBeNull();
      expect(snippet.replace(/\s+/g, ' ')).toContain((await highlightedText(page))!.slice(0, 10));
    });
  }

  for (const { name, url, sentence } of [
    { name: 'rtl', url: ownPageUrl('rtl'), sentence: 'تفتح المكتبة أبوابها كل صباح.' },
    ...ifSharedPages([{ name: 'rtl-1', url: sharedPageUrl('rtl-1'), sentence: 'Lorem ipsum dolor sit amet.' }]),
  ]) {
    test(`a selection on a right-to-left page (${name}) is read and highlighted`, async ({ context, background, extensionId, emulator, pages }) => {
      await connectService(background, emulator.url, 'demo-pro');
      const page = await context.newPage();
      await page.goto(`${pages.url}${url}`);
      await selectSnippet(page, sentence);
      await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-selection');
      await expect.poll(() => highlightedText(page), { timeout: 20_000 }).toBe(sentence);
      await expect.poll(async () => (await speechRequests(emulator.url)).map((r) => r.textStart)).toContain(sentence);
    });
  }

  for (const { name, url, title, opening, highlight } of [
    // The headline the page shows (its <h1>), not the tab's title with the site's name.
    { name: 'encyclopedia', url: ownPageUrl('encyclopedia'), title: 'Tide mill', opening: 'A tide mill is a water mill driven by the rise and fall of the tide.', highlight: /tide|mill|water/i },
    ...ifSharedPages([{
      name: 'wikipedia', url: sharedPageUrl('wikipedia'), title: 'Mozilla',
      opening: 'Mozilla is a free-software community, created in 1998 by members of Netscape.', highlight: /Mozilla|Industry|Open-source/,
    }]),
  ]) {
    test(`reading a page reads the article, title first, not the navigation (${name})`, async ({ context, background, extensionId, emulator, pages }) => {
      await connectService(background, emulator.url, 'demo-pro');
      const page = await context.newPage();
      await page.goto(`${pages.url}${url}`);
      // About the article read, not its cost (credits-reading.spec.ts asks about that).
      await setSettings(background, { confirmAboveCredits: 1_000_000 });
      await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-page');
      await waitForStatus(background, 'playing');
      const spoken = await background.evaluate(async () => {
        const { reading } = await chrome.storage.session.get('reading');
        return (reading as { plan: { chunks: { text: string }[] } }).plan.chunks.map((c) => c.text).join(' ');
      });
      expect(spoken.startsWith(`${title} `)).toBe(true);
      expect(spoken).toContain(opening);
      expect(spoken).not.toMatch(/Jump to navigation|Main page|Personal tools|Create account|What links here/);
      const requests = await speechRequests(emulator.url);
      expect(requests.find((r) => r.textStart === title)).toMatchObject({ language: 'en' });
      // Once past the title, the sentence being read is highlighted in the live article.
      await expect.poll(() => highlightedText(page), { timeout: 30_000 }).toMatch(highlight);
    });
  }

  test('pause, resume, next sentence and stop', async ({ context, background, extensionId, emulator, pages }) => {
    const page = await readArticleSelection({ context, background, extensionId, emulator, pages }, 'article');
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    await popup.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(async () => (await readingSession(background))?.status).toBe('paused');
    await expect.poll(() => badgeOf(background)).toMatchObject({ text: '❚❚' });
    const pausedAt = (await readingSession(background))!.elapsedSec;
    await page.waitForTimeout(800);
    expect((await readingSession(background))!.elapsedSec).toBe(pausedAt);
    await popup.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(async () => (await readingSession(background))?.status).toBe('playing');
    const before = (await readingSession(background))!.sentence;
    await popup.getByRole('button', { name: 'Next sentence' }).click();
    await expect.poll(async () => (await readingSession(background))!.sentence).toBeGreaterThan(before);
    await expect(popup.getByRole('status').filter({ hasText: 'Sentence' })).toContainText(/Sentence \d+ of \d+/);
    await popup.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => readingSession(background)).toBeNull();
    await expect.poll(() => highlightedText(page)).toBeNull();
    await expect.poll(() => badgeOf(background)).toMatchObject({ text: '' });
  });

  test('playback goes on when the popup closes and when the service worker is stopped', async ({ context, background, extensionId, emulator }) => {
    await connectService(background, emulator.url, 'demo-pro');
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    await popup.getByLabel('Text to read').fill(`${FIRST} ${SECOND} Birds sang in the branches above him. A small dog ran past, chasing a red ball.`);
    await popup.getByRole('button', { name: 'Play' }).click();
    await waitForStatus(background, 'playing');
    await popup.close();
    const watcher = await context.newPage();
    await watcher.goto(`chrome-extension://${extensionId}/options.html`);
    const elapsed = () => watcher.evaluate(async () => {
      const { reading } = await chrome.storage.session.get('reading');
      return (reading as { position?: { elapsedSec: number; sentence: number } } | undefined)?.position ?? null;
    });
    await expect.poll(async () => (await elapsed())?.sentence ?? 0, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);

    // Chrome stops idle service workers; the offscreen player must not care.
    const cdp = await context.newCDPSession(watcher);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    const afterStop = (await elapsed())!.sentence;
    await expect.poll(async () => (await elapsed())?.sentence ?? 99, { timeout: 20_000 }).toBeGreaterThan(afterStop);
  });
});

/**
 * test/fixtures/phrasebook.html: 30 short English lines, each followed by its German line declared
 * `lang="de"` (the page is declared English). The German lines, longer, make the whole read as
 * German to the detector; the reading's language is told by the English lines alone.
 */
test.describe('read aloud: a phrasebook page', () => {
  const germanLines = (page: Page) => page.locator('p[lang="de"]').allInnerTexts();
  const sent = async (emulatorUrl: string) => (await speechRequests(emulatorUrl)).filter((r) => r.status === 200);

  test('each German line is sent alone, as German in a German voice, each English line as English in an English voice; each request charged once', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { confirmAboveCredits: 100_000 });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/phrasebook.html`);
    const german = (await germanLines(page)).map((line) => line.trim());

    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-page');
    await waitForStatus(background, 'playing');
    // The player buys ahead of what is heard: the first three German lines are enough to tell.
    await expect.poll(async () => (await sent(emulator.url)).filter((r) => r.language === 'de').length, { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
    await stopReadingAndSettle(background);
    const requests = await sent(emulator.url);
    for (const r of requests) {
      if (german.includes(r.textStart ?? '')) expect(r).toMatchObject({ language: 'de', voiceId: expect.stringMatching(/^de/), textLength: r.textStart!.length });
      else expect(r).toMatchObject({ language: 'en', voiceId: expect.stringMatching(/^en/) });
    }
    expect(requests.filter((r) => r.language === 'de').map((r) => r.textStart)).toEqual(german.slice(0, requests.filter((r) => r.language === 'de').length));
    const charged = (await ledger(emulator.url)).entries.filter((e) => e.path === '/api/v1/tts');
    expect(charged.map((e) => e.id).sort()).toEqual(requests.map((r) => r.id).sort());
  });

  test('above a low threshold it asks before paying anything: its first line is not sent early (each line is a request of its own); once agreed, each request is charged once', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    // The price known (the emulator's 1 credit per 100 characters): the figure is 61 requests of 1
    // credit each (title, 30 English and 30 German lines), above 45; counted as one voice's chunks,
    // the page (about 1,300 characters) would be bounded at about 32 and its first line sent early.
    await background.evaluate((serviceUrl) => chrome.storage.local.set({ speechPrice: { serviceUrl, byFormat: { mp3: { credits: 100, chars: 10_000, requests: 10 } } } }), emulator.url);
    await setSettings(background, { confirmAboveCredits: 45 });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/phrasebook.html`);

    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-page');
    await expect.poll(() => inPageUiText(context, page, 'voxlate-notice'), { timeout: 30_000 }).toMatch(/Read aloud \(/);
    expect(await speechRequests(emulator.url)).toEqual([]);
    expect((await ledger(emulator.url)).entries.filter((e) => e.path === '/api/v1/tts')).toEqual([]);

    await confirmOnPage(context, page);
    await waitForStatus(background, 'playing');
    await expect.poll(async () => (await sent(emulator.url)).some((r) => r.textStart === 'Guten Morgen.'), { timeout: 60_000 }).toBe(true);
    await stopReadingAndSettle(background);
    const requests = await sent(emulator.url);
    expect(requests.filter((r) => r.textStart === 'German for travellers')).toHaveLength(1);
    const charged = (await ledger(emulator.url)).entries.filter((e) => e.path === '/api/v1/tts');
    expect(charged.map((e) => e.id).sort()).toEqual(requests.map((r) => r.id).sort());
  });
});
