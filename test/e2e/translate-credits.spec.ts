import type { BrowserContext, Page, Worker } from '@playwright/test';
import { connectService, expect, setSettings, test } from './fixtures';
import {
  untilInPageUiShows,
  callOnAxNode,
  chooseMenuEntry,
  clickAxNode,
  emulatorLog,
  findAxNode,
  inPageUiText,
  ledger,
  readingSession,
  selectText,
  waitForStatus,
  type AxNode,
} from '../support/extension';
import { ownPageUrl } from '../support/pages';

const bubbleText = (context: BrowserContext, page: Page) => inPageUiText(context, page, 'voxlate-bubble');
const translateLog = async (url: string) => (await emulatorLog(url)).filter((r) => r.path === '/api/v1/translate');
/** Credits the emulator kept for translations, one figure per request. */
const translationCharges = async (url: string) =>
  (await ledger(url)).entries.filter((e) => e.path === '/api/v1/translate').map((e) => e.credits);
const costOf = (text: string) => Math.ceil(text.trim().length / 10);

/** Where an accessible node is on screen (viewport coordinates). */
async function boxOf(context: BrowserContext, page: Page, node: AxNode): Promise<{ top: number; bottom: number }> {
  const cdp = await context.newCDPSession(page);
  const { model } = (await cdp.send('DOM.getBoxModel', { backendNodeId: node.backendDOMNodeId })) as { model: { content: number[] } };
  await cdp.detach();
  return { top: model.content[1]!, bottom: model.content[5]! };
}

/** Opens the sample article, selects `selector` and chooses "Translate selection" on it. */
async function translateOnArticle(
  f: { context: BrowserContext; background: Worker; extensionId: string; pages: { url: string } },
  selector: string,
): Promise<{ page: Page; text: string }> {
  const page = await f.context.newPage();
  await page.goto(`${f.pages.url}/fixtures/article.html`);
  const text = await selectText(page, selector);
  await chooseMenuEntry(f.context, f.background, f.extensionId, page, 'voxlate-translate-selection');
  return { page, text };
}

/** Gives the extension time to send what it should not; the assertions after it see the result. */
const settle = (page: Page) => page.waitForTimeout(800);

test.describe('translation credits', () => {
  test('arrowing and typing through the picker pays for nothing; Enter pays for the chosen language once, leaving the picker too', async ({
    context, background, extensionId, emulator, pages,
  }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'es' });
    const { page, text } = await translateOnArticle({ context, background, extensionId, pages }, '#second');
    await untilInPageUiShows(context, page, emulator.url, '[ES]');
    const cost = costOf(text);

    const picker = await findAxNode(context, page, 'combobox', 'Translate to');
    await callOnAxNode(context, page, picker, 'function () { this.focus(); }');
    for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.type('sv');
    expect(await callOnAxNode<string>(context, page, picker, 'function () { return this.value; }')).toBe('sv');
    await settle(page);
    expect((await translateLog(emulator.url)).map((r) => r.language)).toEqual(['Spanish']);

    await page.keyboard.press('Enter');
    await untilInPageUiShows(context, page, emulator.url, '[SV]');
    await settle(page);
    expect((await translateLog(emulator.url)).map((r) => r.language)).toEqual(['Spanish', 'Swedish']);
    expect(await translationCharges(emulator.url)).toEqual([cost, cost]);
    expect((await ledger(emulator.url)).total).toEqual({ 'pro@demo.test': 2 * cost });

    // Arrowing on, then leaving the picker with Tab, is a choice too: one more translation.
    await callOnAxNode(context, page, picker, 'function () { this.focus(); }');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await untilInPageUiShows(context, page, emulator.url, '[CS]');
    await settle(page);
    expect((await translateLog(emulator.url)).map((r) => r.language)).toEqual(['Spanish', 'Swedish', 'Czech']);
    expect((await ledger(emulator.url)).total).toEqual({ 'pro@demo.test': 3 * cost });
  });

  test('a choice superseded before it was sent is never sent; one already sent finishes into the cache', async ({
    context, background, extensionId, emulator, pages,
  }) => {
    // The free plan sends two requests at a time: with a slow service, later choices wait their turn.
    await connectService(background, emulator.url, 'demo-free');
    await setSettings(background, { targetLanguage: 'es' });
    const { page, text } = await translateOnArticle({ context, background, extensionId, pages }, '#second');
    await untilInPageUiShows(context, page, emulator.url, '[ES]');
    const cost = costOf(text);
    // The toolbar click that granted access opened the popup, which reads the voices and the
    // account: let that end first, so that the two slots are the translations' own.
    await expect.poll(async () => {
      const before = (await emulatorLog(emulator.url)).length;
      await settle(page);
      return (await emulatorLog(emulator.url)).length - before;
    }).toBe(0);
    const config = `${emulator.url}/__emulator/config`;
    const before = (await (await fetch(config)).json()) as { latencyMs: number };
    await fetch(config, { method: 'PATCH', body: JSON.stringify({ latencyMs: 5000 }) });
    try {
      const picker = await findAxNode(context, page, 'combobox', 'Translate to');
      const choose = (code: string) =>
        callOnAxNode(context, page, picker, 'function (v) { this.value = v; this.dispatchEvent(new Event("change", { bubbles: true })); }', code);
      // What the worker's scheduler has with the service (in a slot) and waiting for one.
      const underWay = () => background.evaluate(() => (globalThis as unknown as { voxlateTestHooks: { requestsUnderWay(): { active: number; waiting: number } } }).voxlateTestHooks.requestsUnderWay());
      // Each reaches the service before the next choice (a choice superseded sooner is rightly never sent).
      await choose('fr');
      await expect.poll(async () => (await underWay()).active).toBe(1);
      await choose('de'); // the two slots are now taken, for 5 s
      await expect.poll(async () => (await underWay()).active).toBe(2);
      await choose('it'); // waits for a slot...
      await expect.poll(async () => (await underWay()).waiting).toBe(1);
      await choose('pt'); // ...and is withdrawn by this choice before it was sent
      await expect.poll(() => bubbleText(context, page), { timeout: 20_000 }).toContain('[PT]');
      await settle(page);
      expect((await translateLog(emulator.url)).map((r) => r.language)).toEqual(['Spanish', 'French', 'German', 'Portuguese']);
      expect(await translationCharges(emulator.url)).toEqual([cost, cost, cost, cost]);
    } finally {
      await fetch(config, { method: 'PATCH', body: JSON.stringify({ latencyMs: before.latencyMs }) });
    }
    // French was paid for while superseded: it went into the cache, and costs nothing now.
    const picker = await findAxNode(context, page, 'combobox', 'Translate to');
    await callOnAxNode(context, page, picker, 'function () { this.value = "fr"; this.dispatchEvent(new Event("change", { bubbles: true })); }');
    await expect.poll(() => bubbleText(context, page)).toContain('From cache: no credits used');
    expect(await bubbleText(context, page)).toContain('[FR]');
    expect((await ledger(emulator.url)).total).toEqual({ 'free@demo.test': 4 * cost });
  });

  test('above the threshold nothing is sent until the user confirms; then exactly its cost is charged', async ({
    context, background, extensionId, emulator, pages,
  }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'es', confirmAboveCredits: 5 });
    const { page, text } = await translateOnArticle({ context, background, extensionId, pages }, '#second');
    const cost = costOf(text);
    expect(cost).toBeGreaterThan(5);
    await expect.poll(() => bubbleText(context, page)).toContain(`This translation costs ${cost} credits. Translate?`);
    await settle(page);
    expect(await translateLog(emulator.url)).toEqual([]);
    expect((await ledger(emulator.url)).entries).toEqual([]);

    await clickAxNode(context, page, await findAxNode(context, page, 'button', /Translate/));
    await untilInPageUiShows(context, page, emulator.url, '[ES]');
    expect(await bubbleText(context, page)).toContain(`Cost: ${cost} credits`);
    await settle(page);
    expect(await translationCharges(emulator.url)).toEqual([cost]);
    expect((await ledger(emulator.url)).total).toEqual({ 'pro@demo.test': cost });
  });

  for (const how of ['mouse', 'keyboard'] as const) {
    test(`select all, then translate: the question is inside the window, a key pressed without moving focus spends nothing, the ${how} sends it`, async ({
      context, background, extensionId, emulator, pages,
    }) => {
      await connectService(background, emulator.url, 'demo-pro');
      await setSettings(background, { targetLanguage: how === 'mouse' ? 'es' : 'fr', confirmAboveCredits: 200 });
      const page = await context.newPage();
      await page.setViewportSize({ width: 1000, height: 700 });
      await page.goto(`${pages.url}${ownPageUrl('news')}`);
      await page.evaluate(() => window.scrollTo(0, 600));
      // Select all: the selection starts above the window and ends far below it.
      await page.keyboard.press('Control+A');
      await chooseMenuEntry(context, background, extensionId, page, 'voxlate-translate-selection');
      const asked = /This translation costs ([\d,]+) credits\. Translate\?/;
      await expect.poll(() => bubbleText(context, page)).toMatch(asked);
      const cost = Number(asked.exec(await bubbleText(context, page))![1]!.replace(/,/g, ''));
      expect(cost).toBeGreaterThan(200);
      const translate = await findAxNode(context, page, 'button', 'Translate');
      const box = await boxOf(context, page, translate);
      expect(box.top).toBeGreaterThanOrEqual(0);
      expect(box.bottom).toBeLessThanOrEqual(700);
      // A reader pressing Space to scroll, or Enter, answers nothing.
      await page.keyboard.press('Space');
      await page.keyboard.press('Enter');
      await settle(page);
      expect(await translateLog(emulator.url)).toEqual([]);
      expect(await bubbleText(context, page)).toMatch(asked);

      if (how === 'mouse') await clickAxNode(context, page, translate);
      else {
        await page.keyboard.press('Tab');
        await page.keyboard.press('Enter');
      }
      await expect.poll(() => bubbleText(context, page), { timeout: 30_000 }).toContain(how === 'mouse' ? '[ES]' : '[FR]');
      await settle(page);
      expect(await translationCharges(emulator.url)).toEqual([cost]);
    });
  }

  test('Cancel on the cost question closes the bubble and charges nothing', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'es', confirmAboveCredits: 5 });
    const { page } = await translateOnArticle({ context, background, extensionId, pages }, '#second');
    await expect.poll(() => bubbleText(context, page)).toContain('Translate?');
    await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Cancel'));
    await expect.poll(() => bubbleText(context, page)).toBe('');
    await settle(page);
    expect(await translateLog(emulator.url)).toEqual([]);
    expect(await ledger(emulator.url)).toEqual({ entries: [], total: {} });
  });

  test('the service failing: the bubble offers "Retry" with the price; nothing is charged until it is pressed, then exactly that', async ({
    context, background, extensionId, emulator, pages,
  }) => {
    await fetch(`${emulator.url}/__emulator/faults`, { method: 'POST', body: JSON.stringify({ type: 'server-error', path: '/api/v1/translate', times: 1 }) });
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'es' });
    const { page, text } = await translateOnArticle({ context, background, extensionId, pages }, '#second');
    const cost = costOf(text);
    const retry = await findAxNode(context, page, 'button', `Retry (${cost} credits)`);
    expect(await bubbleText(context, page)).toContain('The service had a problem');
    expect(await translationCharges(emulator.url)).toEqual([]);
    await clickAxNode(context, page, retry);
    await untilInPageUiShows(context, page, emulator.url, '[ES]');
    expect(await translationCharges(emulator.url)).toEqual([cost]);
  });

  test('a balance too low is checked with the service before refusing; after a top-up the same translation works', async ({
    context, background, extensionId, emulator, pages,
  }) => {
    const setCredits = (credits: number) =>
      fetch(`${emulator.url}/__emulator/accounts`, { method: 'POST', body: JSON.stringify({ key: 'demo-pro', credits }) });
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'es' });
    await setCredits(5);
    const { page, text } = await translateOnArticle({ context, background, extensionId, pages }, '#second');
    const cost = costOf(text);
    await expect.poll(() => bubbleText(context, page)).toContain(`translating this text costs ${cost} credits, but your balance is 5`);
    expect(await bubbleText(context, page)).toContain('Top up your account');
    expect(await translateLog(emulator.url)).toEqual([]);
    // Its next step as a button: the service's dashboard (by default the service's own address).
    const opened = context.waitForEvent('page');
    await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Top up credits'));
    const dashboard = await opened;
    await dashboard.waitForURL(`${new URL(emulator.url).origin}/`);
    await dashboard.close();

    // Topped up elsewhere (the service's website); the popup is never opened.
    await setCredits(1000);
    await page.keyboard.press('Escape');
    await selectText(page, '#second');
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-translate-selection');
    await untilInPageUiShows(context, page, emulator.url, '[ES]');
    expect(await bubbleText(context, page)).toContain(`Balance: ${1000 - cost}`);
    expect(await translationCharges(emulator.url)).toEqual([cost]);
  });

  test('after a reading, no request is spent on the balance once the price of speech is known; the popup still shows it right', async ({
    background, emulator, openExtensionPage,
  }) => {
    await connectService(background, emulator.url, 'demo-pro');
    const userReads = async () => (await emulatorLog(emulator.url)).filter((r) => r.path === '/api/v1/user').length;
    const serviceCredits = async () => 100_000 - ((await ledger(emulator.url)).total['pro@demo.test'] ?? 0);
    const account = (popup: Page) => popup.getByRole('region', { name: 'Account' });
    // The popup reads the balance: the start of what the price of speech is learned from.
    const popup = await openExtensionPage('popup.html');
    await expect(account(popup)).toContainText('100,000 credits');
    await popup.close();

    // Readings asked for from an extension page that shows no balance (the options page), so
    // that every read of the balance below is the background's own.
    const options = await openExtensionPage('options.html');
    const readToTheEnd = async (text: string) => {
      await options.evaluate((t) => chrome.runtime.sendMessage({ id: 1, type: 'readText', data: { text: t }, timestamp: Date.now() }), text);
      await waitForStatus(background, 'playing');
      await expect.poll(() => readingSession(background), { timeout: 30_000 }).toBeNull();
    };
    // The price of speech is not known yet: the balance is read at the reading's end to learn it.
    expect(await userReads()).toBe(1);
    await readToTheEnd('Good morning. The cat sat on the mat.');
    await expect.poll(userReads).toBe(2);

    // Now it is known: the next reading only marks the balance stale.
    await readToTheEnd('Thank you, my friend. The dog ran home.');
    await settle(options);
    expect(await userReads()).toBe(2);
    expect(await background.evaluate(async () => ((await chrome.storage.local.get('account')).account as { stale?: boolean }).stale)).toBe(true);

    // Whatever shows the balance reads it then, and shows what the service has.
    const again = await openExtensionPage('popup.html');
    await expect(account(again)).toContainText(`${(await serviceCredits()).toLocaleString('en')} credits`);
    expect(await serviceCredits()).toBeLessThan(100_000);
    expect(await userReads()).toBe(3);
  });

  test('the threshold is set in the options page, and the bubble asks above what was set there', async ({
    context, background, extensionId, emulator, pages, openExtensionPage,
  }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'es' });
    const stored = () => background.evaluate(async () => ((await chrome.storage.local.get('settings')).settings as { confirmAboveCredits?: number }).confirmAboveCredits);
    const options = await openExtensionPage('options.html');
    const field = options.getByRole('spinbutton', { name: /Ask before spending more than .*credits/ });
    await expect(field).toHaveValue('200');
    await expect(field).toHaveAccessibleDescription(/waits until you confirm it/);

    // What is not a whole number of credits is not saved; leaving the field puts back the saved one.
    await field.fill('');
    await field.blur();
    await expect(field).toHaveValue('200');
    await field.fill('8');
    await expect.poll(stored).toBe(8);

    const { page, text } = await translateOnArticle({ context, background, extensionId, pages }, '#second');
    const cost = costOf(text);
    expect(cost).toBeGreaterThan(8);
    await expect.poll(() => bubbleText(context, page)).toContain(`This translation costs ${cost} credits. Translate?`);
    expect(await translateLog(emulator.url)).toEqual([]);
    await page.keyboard.press('Escape');

    await options.bringToFront();
    await field.fill(String(cost));
    await expect.poll(stored).toBe(cost);
    await selectText(page, '#second');
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-translate-selection');
    await untilInPageUiShows(context, page, emulator.url, '[ES]');
    expect((await ledger(emulator.url)).total).toEqual({ 'pro@demo.test': cost });
  });
});

