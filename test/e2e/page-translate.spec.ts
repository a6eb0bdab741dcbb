import type { BrowserContext, Page, Worker } from '@playwright/test';
import { connectService, expect, setSettings, test } from './fixtures';
import { accessibleNodes, callOnAxNode, chooseMenuEntry, clickAxNode, clickMenu, clickToolbarButton, emulatorLog, findAxNode, inPageUiText, ledger, pressShortcut, speechRequests, untilNothingUnderWay, waitForStatus, watchHighlights } from '../support/extension';
import { ownPageUrl } from '../support/pages';

const translateRequests = async (url: string) => (await emulatorLog(url)).filter((r) => r.path === '/api/v1/translate');
const sentChars = async (url: string) => (await translateRequests(url)).reduce((sum, r) => sum + (r.textLength ?? 0), 0);
const uiText = (context: BrowserContext, page: Page) => inPageUiText(context, page, 'voxlate-page-translate');

/** Our translations on the page: the paragraph each follows (or sits in), and its marks. */
function translationsOn(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('voxlate-translation'), (node) => ({
      after: ((node.previousElementSibling ?? node.parentElement)?.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40),
      lang: node.getAttribute('lang'),
      dir: node.getAttribute('dir'),
      marked: node.hasAttribute('data-voxlate-translation') && node.classList.contains('voxlate-translation'),
      height: node.getBoundingClientRect().height,
      display: getComputedStyle(node).display,
    })),
  );
}

/** Characters of the paragraphs on screen now (what a reader sees without scrolling). */
function visibleChars(page: Page) {
  return page.evaluate(() => {
    let sum = 0;
    for (const element of document.querySelectorAll('main p, main h1, main h2, main li, main figcaption, article p, article h1')) {
      if (element.closest('nav')) continue;
      const rect = element.getBoundingClientRect();
      if (rect.bottom > 0 && rect.top < innerHeight && rect.height > 0) sum += (element.textContent ?? '').replace(/\s+/g, ' ').trim().length;
    }
    return sum;
  });
}

/** Waits until the page control says nothing is under way, and the service's log is still. */
async function settle(context: BrowserContext, page: Page, emulatorUrl: string) {
  await expect.poll(async () => (await uiText(context, page)).includes('Translating…'), { timeout: 20_000 }).toBe(false);
  let last = -1;
  await expect.poll(async () => {
    const now = (await translateRequests(emulatorUrl)).length;
    const still = now === last;
    last = now;
    return still;
  }, { intervals: [500], timeout: 20_000 }).toBe(true);
}

async function openPage(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1000, height: 700 });
  await page.goto(url);
  return page;
}

async function startFromMenu(f: { context: BrowserContext; background: Worker; extensionId: string }, page: Page) {
  await chooseMenuEntry(f.context, f.background, f.extensionId, page, 'translate-page', null);
}

/** The shortcut, on a tab the user's keypress grants us (done here through the toolbar button). */
async function shortcutOn(f: { context: BrowserContext; background: Worker; extensionId: string }, page: Page) {
  await clickToolbarButton(f.context, page, f.extensionId);
  await pressShortcut(f.background, 'translate-page', page);
}

/** Every accessible node with this role and name (there is one Listen button per translation). */
async function accessibleNodesNamed(context: BrowserContext, page: Page, role: string, name: string) {
  await findAxNode(context, page, role, name);
  return (await accessibleNodes(context, page)).filter((n) => n.role === role && n.name === name);
}

/** WCAG 2 contrast between two sRGB colours, computed here, apart from the extension's own code. */
function contrastRatio(a: number[], b: number[]): number {
  const lum = (c: number[]) => {
    const [r, g, bl] = c.map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
}

/** The news page translated into Spanish without a question, what is on screen done and the requests settled. */
async function newsTranslatedOnScreen(f: { context: BrowserContext; background: Worker; extensionId: string; emulator: { url: string }; pages: { url: string } }): Promise<Page> {
  await connectService(f.background, f.emulator.url, 'demo-pro');
  await setSettings(f.background, { targetLanguage: 'es', confirmPageTranslation: false, confirmAboveCredits: 10_000 });
  const page = await openPage(f.context, `${f.pages.url}${ownPageUrl('news')}`);
  await shortcutOn(f, page);
  await expect.poll(async () => (await translationsOn(page)).length).toBeGreaterThan(0);
  await settle(f.context, page, f.emulator.url);
  return page;
}

const pressTranslate = async (context: BrowserContext, page: Page) => clickAxNode(context, page, await findAxNode(context, page, 'button', /^Translate the whole page \(/));

test.describe('whole-page translation', () => {
  test('shows the cost first, translates what is on screen, more on scrolling, restores the page, and never pays twice', async ({
    context, background, extensionId, emulator, pages,
  }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'es' });
    const page = await openPage(context, `${pages.url}${ownPageUrl('news')}`);
    const original = await page.evaluate(() => document.body.innerHTML);
    await startFromMenu({ context, background, extensionId }, page);

    // The estimate, before anything is sent.
    await findAxNode(context, page, 'dialog', 'Translate this page');
    const panel = await uiText(context, page);
    const screenCost = Number(/On screen now: up to ([\d,]+) credits/.exec(panel)![1]!.replace(/,/g, ''));
    const pageCost = Number(/Whole page: up to ([\d,]+) credits/.exec(panel)![1]!.replace(/,/g, ''));
    expect(screenCost).toBeGreaterThan(0);
    expect(pageCost).toBeGreaterThan(screenCost);
    expect(panel).toMatch(/Balance: 100,000/);
    expect(await translateRequests(emulator.url)).toEqual([]);
    expect((await ledger(emulator.url)).entries).toEqual([]);

    const onScreen = await visibleChars(page);
    await pressTranslate(context, page);
    await expect.poll(async () => (await translationsOn(page)).length).toBeGreaterThan(2);
    await settle(context, page, emulator.url);
    const first = await translationsOn(page);
    expect(first[0]).toMatchObject({ lang: 'es', dir: 'ltr', marked: true, display: 'block' });
    expect(first[0]!.height).toBeGreaterThan(0);
    // Only what is on screen (and a little around it) was sent.
    const atFirst = await sentChars(emulator.url);
    expect(atFirst).toBeGreaterThan(0);
    expect(atFirst).toBeLessThanOrEqual(2 * onScreen);
    expect((await ledger(emulator.url)).total['pro@demo.test']).toBeLessThanOrEqual(screenCost);
    expect(await uiText(context, page)).toMatch(/of \d+ paragraphs translated/);

    // Scrolling down asks for more.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => sentChars(emulator.url)).toBeGreaterThan(atFirst);
    await settle(context, page, emulator.url);
    expect((await translationsOn(page)).length).toBeGreaterThan(first.length);
    // The page's chrome was neither sent nor translated: only the article is paid for.
    const translatedAfter = (await translationsOn(page)).map((t) => t.after);
    for (const chrome of ['Local', 'By Ruth Okonkwo', 'Related Coverage', 'Ferry Service Moves', 'Most Popular', 'Five Bakeries', 'Site Index', '© 2026 The Harwick Courier']) {
      expect(translatedAfter.filter((after) => after.startsWith(chrome)), chrome).toEqual([]);
    }
    expect(translatedAfter.some((after) => after.startsWith('A version of this article appears'))).toBe(true);

    // Money: every request charged exactly ceil(chars / 10), all of it within the estimate.
    const requests = await translateRequests(emulator.url);
    const charged = await ledger(emulator.url);
    expect(charged.entries.map((e) => e.credits)).toEqual(requests.map((r) => Math.ceil(r.textLength! / 10)));
    const spent = charged.total['pro@demo.test']!;
    expect(spent).toBeLessThanOrEqual(pageCost);
    expect(await uiText(context, page)).toContain(`${spent.toLocaleString('en')} credits spent on this page`);

    // Show original: the page exactly as it was.
    await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Show original'));
    await expect.poll(() => page.evaluate(() => document.body.innerHTML)).toBe(original);
    expect(await uiText(context, page)).toBe('');

    // Again, from the top: all known, nothing sent.
    await page.evaluate(() => window.scrollTo(0, 0));
    const before = requests.length;
    await clickMenu(background, page, 'translate-page', undefined, null);
    await findAxNode(context, page, 'dialog', 'Translate this page');
    expect(await uiText(context, page)).toContain('On screen now: up to 0 credits');
    await pressTranslate(context, page);
    await expect.poll(async () => (await translationsOn(page)).length).toBeGreaterThanOrEqual(first.length);
    await settle(context, page, emulator.url);
    expect(await translateRequests(emulator.url)).toHaveLength(before);
  });

  test('a failing service leaves the translated paragraphs and says what to do', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'de' });
    const page = await openPage(context, `${pages.url}${ownPageUrl('news')}`);
    await startFromMenu({ context, background, extensionId }, page);
    // Keyboard operable, and no key spends by itself: the panel opens with the dialog focused (Enter
    // and Space there do nothing); Tab reaches the language, then "Translate the whole page".
    await findAxNode(context, page, 'button', /^Translate the whole page \(/);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await translateRequests(emulator.url)).toEqual([]);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await translationsOn(page)).length).toBeGreaterThan(0);
    await settle(context, page, emulator.url);
    const kept = await translationsOn(page);
    const charged = (await ledger(emulator.url)).entries.length;

    await fetch(`${emulator.url}/__emulator/faults`, { method: 'POST', body: JSON.stringify({ type: 'server-error', path: '/api/v1/translate', times: 20 }) });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => uiText(context, page), { timeout: 30_000 }).toMatch(/try Resume in a few minutes/);
    expect(await translationsOn(page)).toEqual(kept);
    expect((await ledger(emulator.url)).entries).toHaveLength(charged);
    await findAxNode(context, page, 'button', 'Resume translation');

    // The service is back: Resume translates the rest. The failed requests may have been paid for
    // (a 500 cannot tell), so they count against what was agreed to: when sending them again goes
    // past it, Resume first says what that costs, and the button with that figure sends it.
    await fetch(`${emulator.url}/__emulator/faults`, { method: 'DELETE' });
    await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Resume translation'));
    await expect(async () => {
      const figure = /the next part costs (up to [\d,]+ credits?)/.exec(await uiText(context, page))?.[1];
      if (figure) await clickAxNode(context, page, await findAxNode(context, page, 'button', `Resume translation (${figure})`));
      await expect.poll(async () => (await translationsOn(page)).length, { timeout: 5000 }).toBeGreaterThan(kept.length);
    }).toPass({ timeout: 40_000 });
  });

  test('out of credits, the page says so and keeps what it shows; topped up elsewhere, Resume translation translates at once (the short balance is read again, not believed)', async ({ context, background, extensionId, emulator, pages }) => {
    const setCredits = (credits: number) => fetch(`${emulator.url}/__emulator/accounts`, { method: 'POST', body: JSON.stringify({ key: 'demo-pro', credits }) });
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'es' });
    // The credits run out after connecting: the first request is refused and says so.
    await setCredits(0);
    const page = await openPage(context, `${pages.url}${ownPageUrl('news')}`);
    await startFromMenu({ context, background, extensionId }, page);
    await pressTranslate(context, page);
    await expect.poll(() => uiText(context, page), { timeout: 30_000 }).toMatch(/enough credits/);
    await findAxNode(context, page, 'button', 'Resume translation');
    expect(await translationsOn(page)).toEqual([]);
    expect((await ledger(emulator.url)).entries).toEqual([]);

    // Topped up on the service's website a moment later: Resume works now, not once the old balance ages.
    await setCredits(1000);
    await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Resume translation'));
    await expect.poll(async () => (await translationsOn(page)).length, { timeout: 30_000 }).toBeGreaterThan(0);
    await settle(context, page, emulator.url);
    expect((await ledger(emulator.url)).entries.length).toBeGreaterThan(0);
  });

  test('invoked again on a page it is translating: one control, each paragraph translated once, nothing paid twice, more on scrolling as before', async ({ context, background, extensionId, emulator, pages }) => {
    const f = { context, background, extensionId, emulator, pages };
    const page = await newsTranslatedOnScreen(f);
    const shown = (await translationsOn(page)).length;
    const paid = (await ledger(f.emulator.url)).entries.length;
    // The script is injected again (a module of its own): its start replaces the one under way.
    await startFromMenu(f, page);
    await expect.poll(async () => (await translationsOn(page)).length).toBe(shown);
    await settle(f.context, page, f.emulator.url);
    expect(await page.evaluate(() => document.querySelectorAll('voxlate-page-translate').length)).toBe(1);
    expect((await ledger(f.emulator.url)).entries).toHaveLength(paid);
    // Scrolled on, each paragraph gets one translation: no session left over from the first start.
    await page.evaluate(() => window.scrollBy(0, innerHeight * 2));
    await expect.poll(async () => (await translationsOn(page)).length).toBeGreaterThan(shown);
    await settle(f.context, page, f.emulator.url);
    const after = (await translationsOn(page)).map((t) => t.after);
    expect(new Set(after).size).toBe(after.length);
    const texts = (await translateRequests(f.emulator.url)).map((r) => r.textStart);
    expect(new Set(texts).size).toBe(texts.length);
  });

  test('the control: Listen reads a translation, Pause sends nothing more, another language starts over', async ({ context, background, extensionId, emulator, pages }) => {
    const page = await newsTranslatedOnScreen({ context, background, extensionId, emulator, pages });

    await clickAxNode(context, page, (await accessibleNodesNamed(context, page, 'button', 'Listen'))[0]!);
    await expect.poll(async () => (await speechRequests(emulator.url)).map((r) => [r.language, r.textStart?.slice(0, 4)])).toContainEqual(['es', '[ES]']);

    await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Pause translation'));
    await expect.poll(() => uiText(context, page)).toContain('Paused');
    const sent = (await translateRequests(emulator.url)).length;
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(1500);
    expect(await translateRequests(emulator.url)).toHaveLength(sent);
    await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Resume translation'));
    await expect.poll(async () => (await translateRequests(emulator.url)).length).toBeGreaterThan(sent);
    await settle(context, page, emulator.url);

    const picker = await findAxNode(context, page, 'combobox', 'Translate to');
    await callOnAxNode(context, page, picker, 'function (v) { this.value = v; this.dispatchEvent(new Event("change", { bubbles: true })); }', 'fr');
    await expect.poll(async () => (await translationsOn(page)).map((s) => s.lang)).toContain('fr');
    expect((await translationsOn(page)).every((s) => s.lang === 'fr')).toBe(true);
    expect((await translateRequests(emulator.url)).at(-1)!.language).toBe('French');
  });

  test('the control\'s "Listen in Spanish": the page\'s article heard in Spanish, its English sentence lit as heard, each part translated before its speech and charged once', async ({ context, background, extensionId, emulator, pages }) => {
    const page = await newsTranslatedOnScreen({ context, background, extensionId, emulator, pages });
    const t0 = Date.now();
    const highlights = await watchHighlights(page);
    await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Listen in Spanish'));
    await waitForStatus(background, 'playing');
    // The page's own sentence is lit while its Spanish is heard.
    await expect.poll(async () => (await highlights()).length).toBeGreaterThan(0);
    expect((await highlights())[0]).toMatch(/^A Port City Turns/);
    const heard = (await speechRequests(emulator.url)).filter((r) => Date.parse(r.time) >= t0 && r.status === 200);
    expect(heard[0]).toMatchObject({ language: 'es' });
    expect(heard[0]!.textStart).toMatch(/^\[ES\] A Port City Turns/);
    // The headline's Spanish was bought by the page translation: heard from its cache, not bought again.
    const translatedSince = (await translateRequests(emulator.url)).filter((r) => Date.parse(r.time) >= t0);
    expect(translatedSince.filter((r) => r.textStart?.startsWith('A Port City Turns'))).toEqual([]);
    await pressShortcut(background, 'stop-reading');
    await untilNothingUnderWay(background);
    // Every translation and every piece of speech since the press charged once, at its price.
    const charges = (await ledger(emulator.url)).entries.filter((e) => Date.parse(e.time) >= t0);
    // (Reads of the free balance, which tell the price of speech, are answered too and cost nothing.)
    const paid = ['/api/v1/translate', '/api/v1/tts'];
    const answered = (await emulatorLog(emulator.url)).filter((r) => Date.parse(r.time) >= t0 && r.status === 200 && paid.includes(r.path));
    expect(charges.map((c) => c.id).sort()).toEqual(answered.map((r) => r.id).sort());
    for (const c of charges) expect(c.credits).toBe(c.path === '/api/v1/translate' ? Math.ceil(c.textLength / 10) : Math.max(1, Math.ceil(c.textLength / 100)));
  });

  for (const look of [
    { name: 'a light page with the system in dark mode', system: 'dark' as const, pageCss: null, background: [255, 255, 255] },
    { name: 'a dark page with the system in light mode', system: 'light' as const, pageCss: 'html, body { background: #15171c !important; color: #e4e4e4 !important; }', background: [21, 23, 28] },
  ]) {
    test(`translations are readable on ${look.name} (AA contrast), and keep the page's hierarchy: a headline stays larger than a paragraph`, async ({ context, background, extensionId, emulator, pages }) => {
      await connectService(background, emulator.url, 'demo-pro');
      await setSettings(background, { targetLanguage: 'es', confirmPageTranslation: false, confirmAboveCredits: 10_000 });
      const page = await openPage(context, `${pages.url}${ownPageUrl('news')}`);
      await page.emulateMedia({ colorScheme: look.system });
      expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(look.system === 'dark');
      if (look.pageCss) await page.addStyleTag({ content: look.pageCss });
      await shortcutOn({ context, background, extensionId }, page);
      await expect.poll(async () => (await translationsOn(page)).length).toBeGreaterThan(2);
      await settle(context, page, emulator.url);
      // Each translation's text as assistive technology finds it (our shadow roots are closed), with its ink and size.
      const texts = (await accessibleNodes(context, page)).filter((n) => n.role === 'StaticText' && n.name.startsWith('[ES]'));
      expect(texts.length).toBeGreaterThan(2);
      const shown = await Promise.all(
        texts.map(async (node) => ({
          text: node.name,
          ...(await callOnAxNode<{ color: string; size: number }>(context, page, node,
            'function () { const s = getComputedStyle(this.parentElement); return { color: s.color, size: parseFloat(s.fontSize) }; }')),
        })),
      );
      for (const { text, color } of shown) {
        const ink = color.match(/[\d.]+/g)!.slice(0, 3).map(Number);
        expect(contrastRatio(ink, look.background), `${text.slice(0, 40)}: ${color}`).toBeGreaterThanOrEqual(4.5);
      }
      const headline = shown.find((s) => s.text.startsWith('[ES] A Port City Turns'))!;
      const paragraph = shown.find((s) => s.text.length > 120)!;
      expect(headline.size).toBeGreaterThan(paragraph.size);
    });
  }

  test('done, the control shrinks to a pill out of the text\'s way with nothing to pause; hover or the keyboard opens it', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'es', confirmPageTranslation: false, confirmAboveCredits: 10_000 });
    const page = await openPage(context, `${pages.url}/fixtures/article.html`);
    await shortcutOn({ context, background, extensionId }, page);
    // A short page: every paragraph is on screen, so all of them get translated.
    await expect.poll(() => uiText(context, page), { timeout: 20_000 }).toMatch(/(\d+) of \1 paragraphs translated/);
    const region = await findAxNode(context, page, 'region', 'Page translation');
    const size = () => callOnAxNode<{ width: number; height: number }>(context, page, region, 'function () { const r = this.getBoundingClientRect(); return { width: r.width, height: r.height }; }');
    await expect.poll(async () => (await size()).height).toBeLessThan(40);
    expect((await size()).width).toBeLessThan(300);
    // Nothing left to pause; Show original is still there for the keyboard and assistive technology.
    expect((await accessibleNodes(context, page)).some((n) => n.role === 'button' && n.name === 'Pause translation')).toBe(false);
    const original = await findAxNode(context, page, 'button', 'Show original');
    await callOnAxNode(context, page, original, 'function () { this.focus(); }');
    await expect.poll(async () => (await size()).height).toBeGreaterThan(60);
    await callOnAxNode(context, page, original, 'function () { this.blur(); }');
    await expect.poll(async () => (await size()).height).toBeLessThan(40);
    // Hovering opens it too; its buttons work from there.
    await page.mouse.move(...(await callOnAxNode<[number, number]>(context, page, region, 'function () { const r = this.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; }')));
    await expect.poll(async () => (await size()).height).toBeGreaterThan(60);
    await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Show original'));
    await expect.poll(async () => (await translationsOn(page)).length).toBe(0);
  });

  test('idle on a long page (the screen translated, the rest waiting), the control is a pill; moved to another corner, it stays there on the next page', async ({ context, background, extensionId, emulator, pages }) => {
    const page = await newsTranslatedOnScreen({ context, background, extensionId, emulator, pages });
    const [, done, total] = /(\d+) of (\d+) paragraphs translated/.exec(await uiText(context, page))!.map(Number);
    expect(done).toBeLessThan(total!);
    const region = await findAxNode(context, page, 'region', 'Page translation');
    const box = () => callOnAxNode<{ left: number; top: number; height: number }>(context, page, region, 'function () { const r = this.getBoundingClientRect(); return { left: r.left, top: r.top, height: r.height }; }');
    await expect.poll(async () => (await box()).height).toBeLessThan(40);
    // Opened from the keyboard, it still offers Pause (more is left), and the move.
    await callOnAxNode(context, page, await findAxNode(context, page, 'button', 'Pause translation'), 'function () { this.focus(); }');
    await expect.poll(async () => (await box()).height).toBeGreaterThan(60);
    const width = await page.evaluate(() => innerWidth);
    expect((await box()).left).toBeGreaterThan(width / 2);
    await callOnAxNode(context, page, await findAxNode(context, page, 'button', 'Move to another corner'), 'function () { this.focus(); }');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await box()).left).toBeLessThan(width / 2);
    await expect
      .poll(() => background.evaluate(async () => ((await chrome.storage.local.get('settings')).settings as { pageTranslateCorner?: string }).pageTranslateCorner))
      .toBe('bottom-left');
    // The next page's control is where the user put it.
    const next = await openPage(context, `${pages.url}/fixtures/article.html`);
    await shortcutOn({ context, background, extensionId }, next);
    const again = await findAxNode(context, next, 'region', 'Page translation');
    expect(await callOnAxNode<number>(context, next, again, 'function () { return this.getBoundingClientRect().left; }')).toBeLessThan(width / 2);
  });

  test('a page that grows beyond what was agreed to shows the figure before sending more; Resume spends no more than it', async ({ context, background, extensionId, emulator, pages }) => {
    test.setTimeout(120_000);
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'es' });
    const page = await openPage(context, `${pages.url}${ownPageUrl('news')}`);
    await startFromMenu({ context, background, extensionId }, page);
    await findAxNode(context, page, 'dialog', 'Translate this page');
    const pageCost = Number(/Whole page: up to ([\d,]+) credits/.exec(await uiText(context, page))![1]!.replace(/,/g, ''));
    await pressTranslate(context, page);
    await expect.poll(async () => (await translationsOn(page)).length).toBeGreaterThan(0);
    await settle(context, page, emulator.url);

    // "Load more": far more text than the whole page had, where the reader is.
    await page.evaluate(() => {
      const body = document.querySelector('.story-body')!;
      for (let i = 0; i < 40; i++) {
        const p = document.createElement('p');
        p.textContent = `Loaded later, paragraph ${i}: ${'The library lends tools and books to everyone in the neighbourhood. '.repeat(6)}`;
        body.prepend(p);
      }
      window.scrollTo(0, body.getBoundingClientRect().top + window.scrollY);
    });
    const asked = /the next part costs up to ([\d,]+) credits/;
    // Reading on through the new paragraphs, a screen at a time, until the agreed credits run out.
    for (let screen = 0; screen < 15 && !asked.test(await uiText(context, page)); screen++) {
      await settle(context, page, emulator.url);
      await page.evaluate(() => window.scrollBy(0, window.innerHeight));
    }
    await expect.poll(() => uiText(context, page), { timeout: 20_000 }).toMatch(asked);
    await settle(context, page, emulator.url);
    // Never more than the panel showed.
    const before = (await ledger(emulator.url)).total['pro@demo.test'] ?? 0;
    expect(before).toBeLessThanOrEqual(pageCost);
    // The figure is on the alert and on the button that agrees to it.
    const figure = Number(asked.exec(await uiText(context, page))![1]!.replace(/,/g, ''));
    expect(figure).toBeGreaterThan(0);
    const sent = (await translateRequests(emulator.url)).length;
    await clickAxNode(context, page, await findAxNode(context, page, 'button', `Resume translation (up to ${figure.toLocaleString('en')} credits)`));
    await expect.poll(async () => (await translateRequests(emulator.url)).length).toBeGreaterThan(sent);
    // Reading on after Resume: whatever it sends, never more than the figure pressed, until asked again.
    for (let screen = 0; screen < 5; screen++) {
      await settle(context, page, emulator.url);
      await page.evaluate(() => window.scrollBy(0, window.innerHeight));
    }
    await settle(context, page, emulator.url);
    const after = (await ledger(emulator.url)).total['pro@demo.test'] ?? 0;
    expect(after - before).toBeGreaterThan(0);
    expect(after - before).toBeLessThanOrEqual(figure);
  });

  for (const stop of ['Show original', 'Pause translation', 'closing the tab'] as const) {
    test(`${stop}: nothing queued is sent afterwards, on the free plan with a slow service`, async ({ context, background, extensionId, emulator, pages }) => {
      test.setTimeout(120_000);
      await connectService(background, emulator.url, 'demo-free');
      await setSettings(background, { targetLanguage: 'es' });
      // The service holds each translation until the test lets it answer, once the stop is in place
      // (25 s at most: within the extension's 30 s wait for an answer): the plan's two at a time
      // are taken, a third message waits its turn.
      await fetch(`${emulator.url}/__emulator/faults`, { method: 'POST', body: JSON.stringify({ type: 'slow', path: '/api/v1/translate', delayMs: 25_000, times: 10 }) });
      const page = await context.newPage();
      // Tall enough that three messages' worth of paragraphs are near the window at once.
      await page.setViewportSize({ width: 1000, height: 3000 });
      await page.goto(`${pages.url}/fixtures/long-read.html`);
      await startFromMenu({ context, background, extensionId }, page);
      await pressTranslate(context, page);
      await expect.poll(() => uiText(context, page)).toContain('Translating…');
      // Two requests with the service, at least one more waiting its turn in the worker.
      const underWay = () => background.evaluate(() => (globalThis as unknown as { voxlateTestHooks: { requestsUnderWay(): { active: number; waiting: number } } }).voxlateTestHooks.requestsUnderWay());
      await expect.poll(async () => { const { active, waiting } = await underWay(); return active === 2 && waiting >= 1; }, { timeout: 20_000 }).toBe(true);
      if (stop === 'closing the tab') await page.close();
      else await clickAxNode(context, page, await findAxNode(context, page, 'button', stop));
      // Nothing is left waiting to go, while the two are still with the service.
      await expect.poll(async () => (await underWay()).waiting).toBe(0);
      expect((await underWay()).active).toBe(2);
      // The two requests already with the service finish, and are paid; the queued one never goes.
      await fetch(`${emulator.url}/__emulator/release`, { method: 'POST' });
      await expect.poll(async () => (await ledger(emulator.url)).entries.length, { timeout: 60_000 }).toBe(2);
      await expect.poll(async () => (await underWay()).waiting).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(await translateRequests(emulator.url)).toHaveLength(2);
      expect((await ledger(emulator.url)).entries).toHaveLength(2);
      await fetch(`${emulator.url}/__emulator/faults`, { method: 'DELETE' });
    });
  }

  test('the plan’s minute used up: the control says when the next paragraphs follow and nothing is sent meanwhile; Pause takes the note back', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-free');
    await setSettings(background, { targetLanguage: 'es', confirmPageTranslation: false, confirmAboveCredits: 10_000 });
    const page = await openPage(context, `${pages.url}${ownPageUrl('news')}`);
    // The free plan's ten requests of the last minute, used a moment ago (as by another page); what
    // the extension asks for itself at its start is answered first, or it would wait behind them.
    await untilNothingUnderWay(background);
    await background.evaluate(() =>
      (globalThis as unknown as { voxlateTestHooks: { seedRateHistory(starts: number[]): void } }).voxlateTestHooks.seedRateHistory(Array.from({ length: 10 }, () => Date.now())),
    );
    await startFromMenu({ context, background, extensionId }, page);
    await expect.poll(() => uiText(context, page), { timeout: 20_000 }).toMatch(/Your plan allows 10 requests a minute: the next paragraphs follow by themselves in about \d+ s\./);
    expect(await translateRequests(emulator.url)).toEqual([]);
    await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Pause translation'));
    await expect.poll(() => uiText(context, page)).not.toMatch(/Your plan allows/);
    await expect.poll(async () => (await background.evaluate(() => (globalThis as unknown as { voxlateTestHooks: { requestsUnderWay(): { waiting: number } } }).voxlateTestHooks.requestsUnderWay())).waiting).toBe(0);
    expect(await translateRequests(emulator.url)).toEqual([]);
    expect((await ledger(emulator.url)).entries).toEqual([]);
  });

  test("the popup's Translate tab starts it on the page it was opened over", async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'es' });
    const page = await openPage(context, `${pages.url}${ownPageUrl('french')}`);
    await clickToolbarButton(context, page, extensionId);
    // Opened behind the page, so the page stays the active tab (as the real popup sits over it).
    const opened = context.waitForEvent('page', (p) => p.url().endsWith('/popup.html'));
    await background.evaluate((url) => chrome.tabs.create({ url, active: false }), `chrome-extension://${extensionId}/popup.html`);
    const popup = await opened;
    await popup.getByRole('tab', { name: 'Translate' }).click();
    await popup.getByRole('button', { name: 'Translate this page' }).click();
    await findAxNode(context, page, 'dialog', 'Translate this page');
    expect(await translateRequests(emulator.url)).toEqual([]);
    await pressTranslate(context, page);
    await expect.poll(async () => (await translationsOn(page)).length).toBeGreaterThan(0);
    expect((await translationsOn(page))[0]).toMatchObject({ lang: 'es', dir: 'ltr' });
  });

  test('right-to-left and CJK pages: the translation carries the target language and direction', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'en', confirmPageTranslation: false, confirmAboveCredits: 10_000 });
    for (const name of ['rtl', 'japanese', 'chinese']) {
      const page = await openPage(context, `${pages.url}${ownPageUrl(name)}`);
      await shortcutOn({ context, background, extensionId }, page);
      await expect.poll(async () => (await translationsOn(page)).length, { message: `${name}: ${await inPageUiText(context, page)}` }).toBeGreaterThan(0);
      const shown = await translationsOn(page);
      expect(shown.every((s) => s.lang === 'en' && s.dir === 'ltr')).toBe(true);
      await page.close();
    }
    await setSettings(background, { targetLanguage: 'ar' });
    const page = await openPage(context, `${pages.url}${ownPageUrl('german')}`);
    await shortcutOn({ context, background, extensionId }, page);
    await expect.poll(async () => (await translationsOn(page)).length).toBeGreaterThan(0);
    expect((await translationsOn(page)).every((s) => s.lang === 'ar' && s.dir === 'rtl')).toBe(true);
  });

  test('a hostile page can neither hide the translations nor let page text in as markup', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'en', confirmPageTranslation: false, confirmAboveCredits: 10_000 });
    const page = await openPage(context, `${pages.url}${ownPageUrl('hostile-css')}`);
    await shortcutOn({ context, background, extensionId }, page);
    await expect.poll(async () => (await translationsOn(page)).length).toBe(5);
    for (const shown of await translationsOn(page)) {
      expect(shown).toMatchObject({ lang: 'en', dir: 'ltr', display: 'block' });
      expect(shown.height).toBeGreaterThan(10);
    }
    // Code, the form, the editable and hidden paragraphs and the English one were not sent.
    const sent = (await translateRequests(emulator.url)).map((r) => r.textStart ?? '').join(' ');
    expect(sent).not.toContain('fahrplan');
    expect(sent).not.toContain('Schreiben Sie uns');
    expect(sent).not.toContain('Anzeige');
    expect(sent).not.toContain('This paragraph is in English');
  });

  test('a hostile page can neither cover the cost question nor write on it: the figure read is ours, and the press sends', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'es' });
    const page = await openPage(context, `${pages.url}${ownPageUrl('news')}`);
    // Page CSS that writes its own figure on our host, at the highest z-index, !important.
    await page.addStyleTag({ content: 'voxlate-page-translate::before, voxlate-page-translate::after { content: "Translate (up to 1 credit)" !important; display: block !important; position: fixed !important; inset: 0 !important; z-index: 2147483647 !important; background: red !important; }' });
    await startFromMenu({ context, background, extensionId }, page);
    const whole = await findAxNode(context, page, 'button', /^Translate the whole page \(/);
    // Then a layer appended over everything, as an ad script would, at the same z-index as ours.
    await page.evaluate(() => {
      const cover = document.createElement('div');
      cover.id = 'cover';
      cover.textContent = 'Translate (up to 1 credit)';
      cover.setAttribute('style', 'position: fixed; inset: 0; z-index: 2147483647; background: rgba(255, 0, 0, 0.9);');
      document.documentElement.append(cover);
    });
    const cdp = await context.newCDPSession(page);
    const { model } = (await cdp.send('DOM.getBoxModel', { backendNodeId: whole.backendDOMNodeId })) as { model: { content: number[] } };
    await cdp.detach();
    const [x1, y1, , , x3, y3] = model.content as [number, number, number, number, number, number];
    const at = { x: (x1 + x3) / 2, y: (y1 + y3) / 2 };
    // What is drawn (and hit) at our button is ours, not the page's layer; our host carries no page content.
    expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.tagName.toLowerCase(), at)).toBe('voxlate-page-translate');
    expect(await page.evaluate(() => ['::before', '::after'].map((p) => getComputedStyle(document.querySelector('voxlate-page-translate')!, p).content))).toEqual(['none', 'none']);
    expect(await translateRequests(emulator.url)).toEqual([]);
    await page.mouse.click(at.x, at.y);
    await expect.poll(async () => (await translationsOn(page)).length).toBeGreaterThan(0);
  });

  test('above the threshold nothing is sent without "Translate", even when the panel is turned off', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'es', confirmPageTranslation: false, confirmAboveCredits: 20 });
    const page = await openPage(context, `${pages.url}${ownPageUrl('news')}`);
    await shortcutOn({ context, background, extensionId }, page);
    await findAxNode(context, page, 'dialog', 'Translate this page');
    expect(await uiText(context, page)).toContain('more than the 20 credits you asked to confirm');
    await page.waitForTimeout(500);
    expect(await translateRequests(emulator.url)).toEqual([]);
    // Cancel (Escape) sends nothing either.
    await page.keyboard.press('Escape');
    await expect.poll(() => uiText(context, page)).toBe('');
    expect(await translateRequests(emulator.url)).toEqual([]);
  });
});
