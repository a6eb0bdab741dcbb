import type { BrowserContext, Page, Worker } from '@playwright/test';
import { connectService, expect, readArticleSelection, setSettings, test } from './fixtures';
import {
  accessibleNodes,
  callOnAxNode,
  chooseMenuEntry,
  clickAxNode,
  confirmOnPage,
  findAxNode,
  highlightedText,
  inPageUiText,
  ledger,
  pressShortcut,
  readingSession,
  selectText,
  speechRequests,
  waitForStatus,
  watchHighlights,
  type AxNode,
} from '../support/extension';
import { ownPageUrl } from '../support/pages';

const toolbar = (context: BrowserContext, page: Page) => findAxNode(context, page, 'toolbar', /Voxlate/);
const button = (context: BrowserContext, page: Page, name: string) => findAxNode(context, page, 'button', name);
const hasToolbar = async (context: BrowserContext, page: Page) => (await accessibleNodes(context, page)).some((n) => n.role === 'toolbar' && /Voxlate/.test(n.name));
const status = async (background: Worker) => (await readingSession(background))?.status;
const sentence = async (background: Worker) => (await readingSession(background))?.sentence ?? -1;
const focus = (context: BrowserContext, page: Page, node: AxNode) => callOnAxNode(context, page, node, 'function () { this.focus(); }');

/** Sentences of the sample article's selection, as the reading splits them (the title first). */
const ARTICLE = [
  'A short walk in the park',
  'The morning was cool and bright.',
  'Dr. Smith walked to the old oak tree at 7.30 a.m. and sat down on the bench.',
  'Birds sang in the branches above him.',
  'A small dog ran past, chasing a red ball across the wet grass.',
  'He opened his notebook and began to write.',
  'The words came slowly at first, then faster, as the sun rose over the hills.',
];

test.describe('in-page player', () => {
  test('its buttons, found by role and name, pause, resume, skip and stop by mouse', async ({ context, background, extensionId, emulator, pages }) => {
    const page = await readArticleSelection({ context, background, extensionId, emulator, pages }, 'article');
    await toolbar(context, page);
    await expect.poll(() => inPageUiText(context, page, 'voxlate-player')).toMatch(/Sentence \d+ of 7 · about \d+ s left/);
    await findAxNode(context, page, 'combobox', 'Speed');

    await clickAxNode(context, page, await button(context, page, 'Pause'));
    await expect.poll(() => status(background)).toBe('paused');

    // Skipped while paused, where nothing moves by itself. Playing, on a loaded machine the reading
    // went on between a skip and its check (Next taken as the sentence reached by itself, which Next
    // then skipped; Previous landing on the sentence Next gave), and the check waited for a sentence
    // gone by until the reading had ended: a null highlight after 20 s.
    const before = await sentence(background);
    await clickAxNode(context, page, await button(context, page, 'Next sentence'));
    await expect.poll(() => sentence(background)).toBeGreaterThan(before);
    const next = await sentence(background);
    await expect.poll(() => highlightedText(page)).toBe(ARTICLE[next]);
    await expect.poll(() => inPageUiText(context, page, 'voxlate-player')).toContain(`Sentence ${next + 1} of 7`);
    await clickAxNode(context, page, await button(context, page, 'Previous sentence'));
    await expect.poll(() => sentence(background)).toBeLessThan(next);
    await expect.poll(() => highlightedText(page)).toBe(ARTICLE[await sentence(background)]);

    // One button whose name follows the state.
    await clickAxNode(context, page, await button(context, page, 'Resume'));
    await expect.poll(() => status(background)).toBe('playing');
    await button(context, page, 'Pause');

    await clickAxNode(context, page, await button(context, page, 'Stop'));
    await expect.poll(() => readingSession(background)).toBeNull();
    await expect.poll(() => hasToolbar(context, page)).toBe(false);
    await expect.poll(() => highlightedText(page)).toBeNull();
  });

  test('its controls work by keyboard: Enter and Space, arrow keys between them', async ({ context, background, extensionId, emulator, pages }) => {
    const page = await readArticleSelection({ context, background, extensionId, emulator, pages }, 'article');
    await focus(context, page, await button(context, page, 'Pause'));
    await page.keyboard.press('Enter');
    await expect.poll(() => status(background)).toBe('paused');
    await button(context, page, 'Resume');
    // Focus stayed on the toggle, now named Resume.
    await page.keyboard.press('Space');
    await expect.poll(() => status(background)).toBe('playing');
    // Paused again for the skips: playing, the reading moves on by itself between a skip and its check.
    await page.keyboard.press('Space');
    await expect.poll(() => status(background)).toBe('paused');

    // Toolbar order: Previous, Pause, Next, Stop, Speed, Move, Hide.
    const before = await sentence(background);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect.poll(() => sentence(background)).toBeGreaterThan(before);
    const next = await sentence(background);
    await expect.poll(() => highlightedText(page)).toBe(ARTICLE[next]);
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await expect.poll(() => sentence(background)).toBeLessThan(next);

    // Tab goes on through the controls too: Previous → Pause → Next → Stop.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => readingSession(background)).toBeNull();
    await expect.poll(() => hasToolbar(context, page)).toBe(false);
  });

  test('hovering a later paragraph offers "Read from here", which jumps there; nothing is paid twice', async ({ context, background, extensionId, emulator, pages }) => {
    // Long on a loaded machine: a reading, two jumps, and the requests they caused settling (the
    // emulator speaks a chunk of thousands of characters: tens of seconds when the cores are busy).
    test.setTimeout(300_000);
    await connectService(background, emulator.url, 'demo-pro');
    // Asked about whatever the price learned from its first requests.
    await setSettings(background, { confirmAboveCredits: 50 });
    const t0 = Date.now();
    const page = await context.newPage();
    // About 16,000 characters: chunks far ahead are not asked for until playback nears them.
    await page.goto(`${pages.url}/fixtures/long-read.html`);
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-page');
    await confirmOnPage(context, page);
    await waitForStatus(background, 'playing');
    await toolbar(context, page);
    const plan = await background.evaluate(async () => {
      const { reading } = await chrome.storage.session.get('reading');
      return (reading as { plan: { chunks: { text: string; firstSentence: number; sentenceOffsets: number[] }[] } }).plan.chunks;
    });
    const opening = 'At the very end of the story';
    const target = page.locator('p', { hasText: opening });
    const targetChunk = plan.findIndex((c) => c.text.includes(opening));
    expect(targetChunk).toBeGreaterThan(0);
    const chunk = plan[targetChunk]!;
    const targetSentence = chunk.firstSentence + chunk.sentenceOffsets.indexOf(chunk.text.indexOf(opening));
    expect(targetSentence).toBeGreaterThanOrEqual(chunk.firstSentence);

    // While the button shows, the reading does not scroll the page back to the sentence being read;
    // the button follows its paragraph if the page scrolls: a click that missed it is tried again.
    const highlights = await watchHighlights(page);
    let jumpedAt = 0;
    await expect(async () => {
      await page.mouse.move(10, 10);
      await target.hover();
      const jump = await button(context, page, 'Read from here');
      jumpedAt = Date.now();
      await clickAxNode(context, page, jump);
      // The reading, far before the target until now, is at it (or just past it, on a busy machine).
      await expect.poll(() => sentence(background), { timeout: 10_000 }).toBeGreaterThanOrEqual(targetSentence);
    }).toPass({ timeout: 60_000 });
    await expect.poll(async () => (await highlights()).some((lit) => lit.startsWith('At the very end of the story')), { timeout: 30_000 }).toBe(true);
    await expect
      .poll(async () => (await chargesSince(emulator.url, t0)).map((e) => e.textStart?.slice(0, 40)), { timeout: 120_000 })
      .toContain(chunk.text.slice(0, 40));
    // Back to a paragraph whose audio was paid for already: it plays from the cache.
    const backAt = Date.now();
    const second = page.locator('article p').nth(1);
    await expect(async () => {
      await page.mouse.move(10, 10);
      await second.hover();
      await clickAxNode(context, page, await button(context, page, 'Read from here'));
      // The title, then five sentences a paragraph: the second is sentences 6 to 10 (its audio
      // is cached, so it plays at once and may be a sentence further by the time this looks).
      await expect.poll(() => sentence(background), { timeout: 10_000 }).toBeLessThanOrEqual(10);
      expect(await sentence(background)).toBeGreaterThanOrEqual(6);
    }).toPass({ timeout: 60_000 });
    const secondText = (await second.textContent())!;
    await expect.poll(async () => secondText.includes((await highlightedText(page)) ?? '-')).toBe(true);
    await waitForStatus(background, 'playing');
    await clickAxNode(context, page, await button(context, page, 'Stop'));
    await expect.poll(() => readingSession(background)).toBeNull();
    // Every charge is one chunk of the reading, none twice; the jump paid for its own chunk and
    // not for the ones skipped over (those not asked for before it), until the reading went back
    // before them. Requests sent before Stop finish into the cache, and are charged, a moment later.
    const count = async () => (await chargesSince(emulator.url, t0)).length;
    let settled = -1;
    await expect.poll(async () => settled === (settled = await count()), { timeout: 120_000, intervals: [2000] }).toBe(true);
    const charges = await chargesSince(emulator.url, t0);
    const chunkOf = (textStart: string | null) => plan.findIndex((c) => c.text.startsWith(textStart ?? '\u0000'));
    const paidChunks = charges.map((e) => chunkOf(e.textStart));
    expect(paidChunks).not.toContain(-1);
    expect(new Set(paidChunks).size).toBe(paidChunks.length);
    // The service's log in the order requests arrived (ids): the jump's first request is the
    // target chunk's; what came before it was asked for by the reading before the jump (a request
    // sent just before the click can arrive after it, on a busy machine, but not after the
    // request the click caused). The second jump is later than `backAt`.
    const requests = (await speechRequests(emulator.url)).filter((r) => Date.parse(r.time) >= t0).sort((a, b) => a.id - b.id);
    const jumpRequest = requests.findIndex((r) => chunkOf(r.textStart) === targetChunk && Date.parse(r.time) >= jumpedAt);
    expect(jumpRequest).toBeGreaterThanOrEqual(0);
    const askedBefore = new Set(requests.slice(0, jumpRequest).map((r) => chunkOf(r.textStart)));
    const skipped = plan.map((_, i) => i).filter((i) => i < targetChunk && !askedBefore.has(i));
    expect(skipped.length).toBeGreaterThan(0);
    const askedAfterJump = requests.slice(jumpRequest).filter((r) => Date.parse(r.time) < backAt).map((r) => chunkOf(r.textStart));
    for (const i of skipped) expect(askedAfterJump).not.toContain(i);
    for (const entry of charges) expect(entry.credits).toBe(Math.max(1, Math.ceil(plan[chunkOf(entry.textStart)]!.text.length / 100)));
    // The button went with the reading.
    await target.hover();
    await page.waitForTimeout(500);
    expect((await accessibleNodes(context, page)).some((n) => n.name === 'Read from here')).toBe(false);
  });

  test('a jump back before where a "from here" reading started asks first, with the figure; only then is that part bought', async ({ context, background, extensionId, emulator, pages }) => {
    test.setTimeout(240_000);
    await connectService(background, emulator.url, 'demo-pro');
    // The last paragraph costs less than this; the text before it, much more.
    await setSettings(background, { confirmAboveCredits: 100 });
    const t0 = Date.now();
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/long-read.html`);
    const last = page.locator('p', { hasText: 'At the very end of the story' });
    await last.scrollIntoViewIfNeeded();
    await last.click({ position: { x: 40, y: 8 } });
    await chooseMenuEntry(context, background, extensionId, page, 'read-from-here');
    await waitForStatus(background, 'playing');
    const reading = await background.evaluate(async () => {
      const { reading } = await chrome.storage.session.get('reading');
      const r = reading as { startSentence: number; plan: { chunks: { text: string; firstSentence: number; lastSentence: number }[] } };
      return { startSentence: r.startSentence, chunks: r.plan.chunks };
    });
    const chunkOf = (textStart: string | null) => reading.chunks.findIndex((c) => c.text.startsWith(textStart ?? '\u0000'));
    const startChunk = reading.chunks.findIndex((c) => c.lastSentence >= reading.startSentence);
    expect(startChunk).toBeGreaterThan(0);
    // Paused, so the reading is still there to go back in whatever this machine's pace.
    await clickAxNode(context, page, await button(context, page, 'Pause'));
    await expect.poll(() => status(background)).toBe('paused');

    // Back to the second paragraph: the page asks, with what that part costs, and sends nothing.
    const second = page.locator('article p').nth(1);
    let question: AxNode | null = null;
    await expect(async () => {
      await page.mouse.move(10, 10);
      await second.hover();
      await clickAxNode(context, page, await button(context, page, 'Read from here'));
      question = await findAxNode(context, page, 'button', /^Read from there \((about|up to) [\d,]+ credits\)$/, 10_000);
    }).toPass({ timeout: 60_000 });
    const shown = Number(/([\d,]+) credits/.exec(question!.name)![1]!.replace(/,/g, ''));
    expect(shown).toBeGreaterThan(100);
    expect(await inPageUiText(context, page)).toMatch(/Reading from sentence \d+ on costs (about|up to) [\d,]+ credits more/);
    const paidAtQuestion = (await chargesSince(emulator.url, t0)).map((e) => chunkOf(e.textStart));
    expect(paidAtQuestion).not.toContain(-1);
    for (const chunk of paidAtQuestion) expect(chunk).toBeGreaterThanOrEqual(startChunk);
    // The reading is as it was.
    expect(await status(background)).toBe('paused');
    expect(await sentence(background)).toBeGreaterThanOrEqual(reading.startSentence);

    // Agreed by mouse: the reading goes there, and buys that part, within the figure shown.
    await clickAxNode(context, page, question!);
    await expect.poll(() => sentence(background), { timeout: 30_000 }).toBeLessThan(reading.startSentence);
    await waitForStatus(background, 'playing');
    const secondText = (await second.textContent())!;
    await expect.poll(async () => secondText.includes((await highlightedText(page)) ?? '-'), { timeout: 30_000 }).toBe(true);
    await clickAxNode(context, page, await button(context, page, 'Stop'));
    await expect.poll(() => readingSession(background)).toBeNull();
    // Requests sent before Stop are charged a moment later: the ledger once it is still.
    const count = async () => (await chargesSince(emulator.url, t0)).length;
    let settled = -1;
    await expect.poll(async () => settled === (settled = await count()), { timeout: 120_000, intervals: [2000] }).toBe(true);
    const charges = await chargesSince(emulator.url, t0);
    const before = charges.filter((e) => chunkOf(e.textStart) < startChunk);
    expect(before.length).toBeGreaterThan(0);
    expect(before.reduce((sum, e) => sum + e.credits, 0)).toBeLessThanOrEqual(shown);
    const paid = charges.map((e) => chunkOf(e.textStart));
    expect(paid).not.toContain(-1);
    expect(new Set(paid).size).toBe(paid.length);
  });

  test('by keyboard: the player\'s own "Read from here" jumps to the paragraph holding the caret, else to the first in view', async ({ context, background, extensionId, emulator, pages }) => {
    const page = await readArticleSelection({ context, background, extensionId, emulator, pages }, 'article');
    await clickAxNode(context, page, await button(context, page, 'Pause'));
    await expect.poll(() => status(background)).toBe('paused');
    // The caret put in the last paragraph with the keyboard's means (caret browsing, a click).
    await page.locator('article p').nth(2).evaluate((p) => getSelection()!.collapse(p.firstChild, 10));
    const here = await button(context, page, 'Read from the focused paragraph or the first in view');
    await focus(context, page, here);
    await page.keyboard.press('Enter');
    await expect.poll(() => sentence(background)).toBeGreaterThanOrEqual(5);
    await expect.poll(() => highlightedText(page)).toMatch(/^(He opened his notebook|The words came slowly)/);
    // No caret in the text: the first paragraph of the reading that starts in view (here the title).
    await page.evaluate(() => getSelection()!.removeAllRanges());
    await focus(context, page, await button(context, page, 'Read from the focused paragraph or the first in view'));
    await page.keyboard.press('Enter');
    await expect.poll(() => sentence(background)).toBeLessThanOrEqual(1);
  });

  for (const width of [1280, 390]) {
    test(`on a page with no margins at ${width} px, the "Read from here" button sits on empty space, never over text`, async ({ context, background, extensionId, emulator, pages }) => {
      await connectService(background, emulator.url, 'demo-pro');
      const page = await context.newPage();
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${pages.url}/fixtures/article.html`);
      await page.addStyleTag({ content: 'body, main, article { margin: 0 !important; padding: 0 !important; } p, h1 { margin: 0 0 4px !important; padding: 0 !important; }' });
      await page.locator('article').evaluate((article) => getSelection()!.selectAllChildren(article));
      await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-selection');
      await waitForStatus(background, 'playing');
      await clickAxNode(context, page, await button(context, page, 'Pause'));
      const lines = await page.evaluate(() =>
        [...document.querySelectorAll('article h1, article p')].flatMap((block) => {
          const range = document.createRange();
          range.selectNodeContents(block);
          return [...range.getClientRects()].map((r) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom }));
        }),
      );
      let shown = 0;
      for (const paragraph of ['#first', '#second']) {
        await page.mouse.move(width - 2, 790);
        await page.locator(paragraph).hover({ position: { x: 20, y: 5 } });
        const jump = (await accessibleNodes(context, page)).find((n) => n.role === 'button' && n.name === 'Read from here');
        // Shown only where there is room; when shown, clear of every line of text.
        if (!jump) continue;
        const b = await callOnAxNode<{ left: number; top: number; right: number; bottom: number }>(context, page, jump,
          'function () { const r = this.getBoundingClientRect(); return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; }');
        const over = lines.filter((l) => b.left < l.right && b.right > l.left && b.top < l.bottom && b.bottom > l.top);
        expect(over, `${paragraph}: button at ${JSON.stringify(b)}`).toEqual([]);
        shown++;
      }
      // Their last lines leave room at their ends: the button is offered there.
      expect(shown).toBeGreaterThan(0);
    });
  }

  test('a double click on "Read from here" leaves one reading, which Stop ends: nothing plays after', async ({ context, background, extensionId, emulator, pages }) => {
    test.setTimeout(180_000);
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { confirmAboveCredits: 1_000_000 });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/long-read.html`);
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-page');
    await waitForStatus(background, 'playing');
    await toolbar(context, page);
    const target = page.locator('p', { hasText: 'At the very end of the story' });
    await expect(async () => {
      await page.mouse.move(10, 10);
      await target.hover();
      const jump = await button(context, page, 'Read from here');
      // Two clicks in a row, as a double click sends them: two jumps, each replacing the player.
      await clickAxNode(context, page, jump);
      await clickAxNode(context, page, jump);
      await expect.poll(() => sentence(background), { timeout: 10_000 }).toBeGreaterThan(20);
    }).toPass({ timeout: 60_000 });
    // The reading goes on (its session was not lost to the first player's "stopped")…
    await expect.poll(() => status(background), { timeout: 60_000 }).toBe('playing');
    // …and Stop ends it, player and all.
    await pressShortcut(background, 'stop-reading');
    await expect.poll(() => readingSession(background)).toBeNull();
    const playerStatus = () =>
      background.evaluate(async () => {
        // No player document to answer (it was closed with the reading): nothing plays.
        const answer = (await chrome.runtime.sendMessage({ id: 1, type: 'playerState', timestamp: Date.now() }).catch(() => null)) as {
          res?: { ok: boolean; value?: { status: string } | null };
        } | null;
        return answer?.res?.value?.status ?? 'none';
      });
    await expect.poll(playerStatus).not.toBe('playing');
    await page.waitForTimeout(1500);
    expect(['stopped', 'ended', 'none']).toContain(await playerStatus());
    expect(await readingSession(background)).toBeNull();
  });

  test('hostile page CSS and scripts neither hide nor reach it; its keys do not reach the page', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/hostile.html`);
    await selectText(page, 'body');
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-selection');
    await waitForStatus(background, 'playing');
    const bar = await toolbar(context, page);
    const look = await callOnAxNode<{ display: string; opacity: string; font: string; color: string; height: number }>(
      context, page, bar,
      'function () { const s = getComputedStyle(this); return { display: s.display, opacity: s.opacity, font: s.fontFamily, color: s.color, height: this.getBoundingClientRect().height }; }',
    );
    expect(look.display).toBe('flex');
    expect(look.opacity).toBe('1');
    expect(look.font).not.toContain('Comic Sans');
    expect(look.color).not.toBe('rgb(255, 0, 0)');
    expect(look.height).toBeLessThan(100);
    const seen = await page.evaluate(() => (window as { __seen?: unknown[] }).__seen);
    expect(seen).toContainEqual({ tag: 'VOXLATE-PLAYER', shadowRoot: 'null' });
    const pageKeys = () => page.evaluate(() => (window as { __pageKeys?: number }).__pageKeys ?? 0);
    await focus(context, page, await button(context, page, 'Pause'));
    const before = await pageKeys();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('k');
    expect(await pageKeys()).toBe(before);
    await page.keyboard.press('Escape');
    await expect.poll(() => hasToolbar(context, page)).toBe(false);
  });

  test('it never covers the sentence being read: it goes to the other edge', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/article.html`);
    // The page puts its first paragraph where the player sits by default (bottom right).
    await page.addStyleTag({ content: '#first { position: fixed; right: 0; bottom: 0; width: 520px; margin: 0; padding: 8px; background: #eee; }' });
    await selectText(page, 'article');
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-selection');
    await waitForStatus(background, 'playing');
    const bar = await toolbar(context, page);
    const barBox = () => callOnAxNode<{ left: number; top: number; right: number; bottom: number }>(context, page, bar,
      'function () { const r = this.getBoundingClientRect(); return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; }');
    const sentenceBoxes = () => page.evaluate(() => {
      const [range] = [...(CSS.highlights.get('voxlate-reading') ?? [])] as Range[];
      return range ? [...range.getClientRects()].map((r) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom })) : [];
    });
    const height = await page.evaluate(() => document.documentElement.clientHeight);
    // While a sentence of that paragraph is read, the bar is at the top, clear of it.
    await expect.poll(() => sentence(background), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    await expect.poll(() => highlightedText(page)).toMatch(/^(The morning|Dr\. Smith)/);
    await expect.poll(async () => (await barBox()).bottom).toBeLessThan(height / 2);
    const box = await barBox();
    for (const line of await sentenceBoxes()) {
      const apart = line.right <= box.left || box.right <= line.left || line.bottom <= box.top || box.bottom <= line.top;
      expect(apart).toBe(true);
    }
    // Reading on past it, the bar goes back to the user's corner.
    await expect.poll(() => highlightedText(page), { timeout: 30_000 }).toMatch(/^(Birds sang|A small dog)/);
    await expect.poll(async () => (await barBox()).top).toBeGreaterThan(height / 2);
  });

  test('on a page without a doctype (quirks mode), wide, 390 px narrow and at 200 % zoom, the player is inside the window', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { confirmAboveCredits: 1_000_000 });
    const page = await context.newPage();
    await page.goto(`${pages.url}${ownPageUrl('quirks')}`);
    // There the root element's height is the whole document's, not the window's.
    expect(await page.evaluate(() => [document.compatMode, document.documentElement.clientHeight > innerHeight])).toEqual(['BackCompat', true]);
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-page');
    await waitForStatus(background, 'playing');
    const inWindow = async () => {
      const bar = await toolbar(context, page);
      // true, or where it is (said when it fails)
      return callOnAxNode<true | string>(context, page, bar,
        'function () { const r = this.getBoundingClientRect(); return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth || JSON.stringify([r.left, r.top, r.right, r.bottom, innerWidth, innerHeight, document.hasFocus()]); }');
    };
    await expect.poll(inWindow).toBe(true);
    await page.setViewportSize({ width: 390, height: 760 });
    await expect.poll(inWindow).toBe(true);
    // 200 % zoom of a 1280 × 760 window: 640 × 380 CSS pixels, two device pixels to each.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setDeviceMetricsOverride', { width: 640, height: 380, deviceScaleFactor: 2, mobile: false });
    expect(await page.evaluate(() => [innerWidth, innerHeight, devicePixelRatio])).toEqual([640, 380, 2]);
    await expect.poll(inWindow).toBe(true);
    await cdp.send('Emulation.clearDeviceMetricsOverride');
    await cdp.detach();
    // The page's text is read (the hidden-text check measures the window right there too).
    await expect.poll(() => highlightedText(page), { timeout: 20_000 }).toMatch(/\S/);
  });

  test('it follows the page\'s light and dark (not the system\'s), moves to another corner (remembered), and the setting hides it', async ({ context, background, extensionId, emulator, pages }) => {
    const page = await readArticleSelection({ context, background, extensionId, emulator, pages }, 'article');
    const background0 = (node: AxNode) => callOnAxNode<string>(context, page, node, 'function () { return getComputedStyle(this).backgroundColor; }');
    const box = (node: AxNode) => callOnAxNode<{ left: number; top: number }>(context, page, node, 'function () { const r = this.getBoundingClientRect(); return { left: r.left, top: r.top }; }');
    // A light page with the system dark: light like the page.
    await page.emulateMedia({ colorScheme: 'dark' });
    const bar = await toolbar(context, page);
    expect(await background0(bar)).toBe('rgb(255, 255, 255)');
    // The page turns dark (its own dark mode): so does the player, as soon as it places itself again.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.addStyleTag({ content: 'html, body { background: #101216 !important; color: #ddd !important; }' });
    await page.evaluate(() => dispatchEvent(new Event('resize')));
    await expect.poll(async () => background0(await toolbar(context, page))).toBe('rgb(35, 38, 45)');

    const width = await page.evaluate(() => document.documentElement.clientWidth);
    expect((await box(bar)).left).toBeGreaterThan(width / 2);
    await clickAxNode(context, page, await button(context, page, 'Move player to another corner'));
    // In the bottom left corner, once it has slid there.
    await expect.poll(async () => (await box(await toolbar(context, page))).left).toBe(16);
    await expect
      .poll(() => background.evaluate(async () => ((await chrome.storage.local.get('settings')).settings as { pagePlayer?: { corner: string } }).pagePlayer?.corner))
      .toBe('bottom-left');
    // Dragged by its grip (its start edge) and dropped near the top right: it stays in that corner.
    const start = await box(await toolbar(context, page));
    await page.mouse.move(start.left + 15, start.top + 20);
    await page.mouse.down();
    await page.mouse.move(width - 200, 120, { steps: 5 });
    await page.mouse.up();
    await expect
      .poll(() => background.evaluate(async () => ((await chrome.storage.local.get('settings')).settings as { pagePlayer?: { corner: string } }).pagePlayer?.corner))
      .toBe('top-right');
    await expect.poll(async () => (await box(await toolbar(context, page))).top).toBeLessThan(100);
    await clickAxNode(context, page, await button(context, page, 'Stop'));
    await expect.poll(() => readingSession(background)).toBeNull();

    // Hidden in the options: no bar, while the page is read (its paragraphs still offer the jump).
    await setSettings(background, { pagePlayer: { show: false, corner: 'top-right' } });
    await page.locator('article').evaluate((article) => {
      getSelection()!.selectAllChildren(article);
    });
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-selection');
    await waitForStatus(background, 'playing');
    await page.locator('#second').hover();
    await button(context, page, 'Read from here');
    expect(await hasToolbar(context, page)).toBe(false);
  });

  test('arrowing through its Speed list asks the reading for the speed the user stops at, once', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { confirmAboveCredits: 100_000, speed: 1 });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/river.html`);
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-page');
    await waitForStatus(background, 'playing');
    // Every speed the stored reading takes from now on.
    await background.evaluate(() => {
      const seen: number[] = [];
      Object.assign(globalThis, { __speedsSeen: seen });
      chrome.storage.session.onChanged.addListener((changes) => {
        const speed = (changes.reading?.newValue as { plan?: { params: { speed: number } } } | undefined)?.plan?.params.speed;
        if (speed !== undefined && seen.at(-1) !== speed) seen.push(speed);
      });
    });
    // Three presses of ArrowDown on the list, as the browser delivers them to it (keydown, the next
    // value, change; the order checked in Chromium), at a typing pace: real key presses sent one
    // by one over the DevTools protocol may arrive seconds apart on a loaded machine.
    await callOnAxNode(context, page, await findAxNode(context, page, 'combobox', 'Speed'), `function () {
      this.focus();
      for (let i = 0; i < 3; i++) {
        this.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, composed: true }));
        this.selectedIndex += 1;
        this.dispatchEvent(new Event('change', { bubbles: true }));
      }
    }`);
    await expect.poll(() => background.evaluate(async () => ((await chrome.storage.local.get('settings')).settings as { speed?: number }).speed)).toBe(1.75);
    // The reading takes 1.75 (on a loaded machine some time after the setting is stored); 1.25 and
    // 1.5 were passed through, never asked for.
    await expect.poll(async () => (await background.evaluate(() => (globalThis as unknown as { __speedsSeen: number[] }).__speedsSeen)).filter((s) => s !== 1)).toEqual([1.75]);
    await clickAxNode(context, page, await button(context, page, 'Stop'));
  });

  test('its Speed control changes the reading from the next sentence: nothing fetched is bought again, the rest comes at the new speed', async ({ context, background, extensionId, emulator, pages }) => {
    test.setTimeout(90_000);
    const t0 = Date.now();
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { confirmAboveCredits: 100_000, speed: 1 });
    // The first sentence takes 4 s to come back: the speed changes while it is on its way.
    await fetch(`${emulator.url}/__emulator/faults`, { method: 'POST', body: JSON.stringify({ type: 'slow', path: '/api/v1/tts', delayMs: 4000, times: 1 }) });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/river.html`);
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-page');
    const speed = await findAxNode(context, page, 'combobox', 'Speed');
    await callOnAxNode(context, page, speed, "function () { this.value = '1.5'; this.dispatchEvent(new Event('change', { bubbles: true })); }");
    await expect
      .poll(() => background.evaluate(async () => ((await chrome.storage.local.get('settings')).settings as { speed?: number }).speed))
      .toBe(1.5);
    await waitForStatus(background, 'playing');
    await expect.poll(async () => (await chargesSince(emulator.url, t0)).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    const requests = await speechRequests(emulator.url);
    const charged = (await chargesSince(emulator.url, t0)).map((e) => ({ textStart: e.textStart, speed: requests.find((r) => r.id === e.id)?.speed }));
    expect(charged[0]!.speed).toBe(1);
    expect(charged.slice(1).every((c) => c.speed === 1.5)).toBe(true);
    // Each piece of the text paid once: the first sentence was not asked for again at 1.5.
    expect(new Set(charged.map((c) => c.textStart)).size).toBe(charged.length);
    // The bar shows the speed the reading now goes at.
    await expect.poll(async () => callOnAxNode<string>(context, page, await findAxNode(context, page, 'combobox', 'Speed'), 'function () { return this.value; }')).toBe('1.5');
  });
});

/** What the emulator charged since `t0` (a reading cut off by the previous test may still be charged after the reset). */
async function chargesSince(emulatorUrl: string, t0: number) {
  return (await ledger(emulatorUrl)).entries.filter((e) => Date.parse(e.time) >= t0);
}
