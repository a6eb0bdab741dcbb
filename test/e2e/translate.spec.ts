import type { BrowserContext, Page, Worker } from '@playwright/test';
import { connectService, expect, setSettings, test } from './fixtures';
import {
  untilInPageUiShows,
  callOnAxNode,
  chooseMenuEntry,
  clickAxNode,
  clickMenu,
  emulatorLog,
  findAxNode,
  inPageUiText,
  selectSnippet,
  selectText,
  speechRequests,
} from '../support/extension';
import { ifSharedPages, ownPageUrl, sharedPageUrl } from '../support/pages';

async function translateSelection(context: BrowserContext, background: Worker, extensionId: string, page: Page) {
  await chooseMenuEntry(context, background, extensionId, page, 'voxlate-translate-selection');
}

const bubbleText = (context: BrowserContext, page: Page) => inPageUiText(context, page, 'voxlate-bubble');
const untilBubbleShows = (context: BrowserContext, page: Page, emulatorUrl: string, marker: string) => untilInPageUiShows(context, page, emulatorUrl, marker, 'voxlate-bubble');
const translateRequests = async (url: string) => (await emulatorLog(url)).filter((r) => r.path === '/api/v1/translate');

test.describe('selection translation', () => {
  test('shows the translation beside the selection with source language, cost and balance; the second time is free', async ({
    context, background, extensionId, emulator, pages,
  }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'es' });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/article.html`);
    const text = await selectText(page, '#second');
    await translateSelection(context, background, extensionId, page);
    await untilBubbleShows(context, page, emulator.url, '[ES]');
    const shown = await bubbleText(context, page);
    expect(shown).toContain('Detected: English');
    expect(shown).toContain(`Cost: ${Math.ceil(text.trim().length / 10)} credits`);
    expect(shown).toMatch(/Balance: [\d,]+/);
    const [request] = await translateRequests(emulator.url);
    expect(request).toMatchObject({ language: 'Spanish', status: 200 });

    // Placed beside the selection: just below (or above) it, and inside the viewport.
    const dialog = await findAxNode(context, page, 'dialog', 'Translation');
    const box = await callOnAxNode<{ top: number; bottom: number; left: number; right: number }>(context, page, dialog, 'function () { const r = this.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, left: r.left, right: r.right }; }');
    const selection = await page.locator('#second').boundingBox();
    expect(box.top >= selection!.y + selection!.height - 2 || box.bottom <= selection!.y + 2).toBe(true);
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(page.viewportSize()!.width);

    // The same text and languages again: no request, no credits.
    await page.keyboard.press('Escape');
    await expect.poll(() => bubbleText(context, page)).toBe('');
    await selectText(page, '#second');
    await clickMenu(background, page, 'voxlate-translate-selection');
    await expect.poll(() => bubbleText(context, page)).toContain('From cache: no credits used');
    expect(await translateRequests(emulator.url)).toHaveLength(1);
  });

  test('the target picker re-translates; copy and listen work', async ({ context, background, extensionId, emulator, pages }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'es' });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/article.html`);
    await selectText(page, '#first');
    await translateSelection(context, background, extensionId, page);
    await untilBubbleShows(context, page, emulator.url, '[ES]');

    const picker = await findAxNode(context, page, 'combobox', 'Translate to');
    await callOnAxNode(context, page, picker, 'function (v) { this.value = v; this.dispatchEvent(new Event("change", { bubbles: true })); }', 'fr');
    await untilBubbleShows(context, page, emulator.url, '[FR]');
    expect((await translateRequests(emulator.url)).map((r) => r.language)).toEqual(['Spanish', 'French']);
    // The choice is remembered for next time.
    await expect.poll(() => background.evaluate(async () => ((await chrome.storage.local.get('settings')).settings as { targetLanguage: string }).targetLanguage)).toBe('fr');

    await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Copy'));
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('[FR]');

    await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Listen'));
    await expect.poll(async () => (await speechRequests(emulator.url)).map((r) => [r.language, r.textStart?.slice(0, 4)])).toContainEqual(['fr', '[FR]']);
  });

  for (const { label, kind } of [
    { label: 'Your notes', kind: 'a textarea' },
    { label: 'Name', kind: 'an input' },
  ]) {
    test(`replace in ${kind}, and undo restores the original`, async ({ context, background, extensionId, emulator, pages }) => {
      await connectService(background, emulator.url, 'demo-pro');
      await setSettings(background, { targetLanguage: 'de' });
      const page = await context.newPage();
      await page.goto(`${pages.url}/fixtures/forms.html`);
      const field = page.getByLabel(label, { exact: true });
      const original = await field.inputValue();
      await field.evaluate((el: HTMLInputElement) => { el.focus(); el.select(); });
      await translateSelection(context, background, extensionId, page);
      await untilBubbleShows(context, page, emulator.url, '[DE]');
      await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Replace'));
      await expect(field).toHaveValue(/^\[DE\] /);
      await field.focus();
      await page.keyboard.press('Control+z');
      await expect(field).toHaveValue(original);
    });
  }

  test('a selected password is never sent anywhere', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'de' });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/forms.html`);
    await page.getByLabel('Password').evaluate((el: HTMLInputElement) => { el.focus(); el.select(); });
    await translateSelection(context, background, extensionId, page);
    await expect.poll(() => inPageUiText(context, page)).toContain('Nothing is selected');
    expect(await translateRequests(emulator.url)).toEqual([]);
  });

  test('replace in a contenteditable, and undo restores the original', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'de' });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/forms.html`);
    const editor = page.locator('#editor');
    await editor.click();
    await selectText(page, '#editor p');
    await translateSelection(context, background, extensionId, page);
    await untilBubbleShows(context, page, emulator.url, '[DE]');
    await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Replace'));
    await expect(editor).toContainText('[DE]');
    await editor.focus();
    await page.keyboard.press('Control+z');
    await expect(editor).toHaveText('The meeting starts at noon. Bring the quarterly report.');
  });

  test('Replace in an editor that refuses the edit says it could not be put there and keeps the translation', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'de' });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/forms.html`);
    const editor = page.locator('#editor');
    // The page's editor, locked: it takes every edit announced to it and makes none.
    await editor.evaluate((e) => e.addEventListener('beforeinput', (event) => event.preventDefault()));
    await editor.click();
    await selectText(page, '#editor p');
    await translateSelection(context, background, extensionId, page);
    await untilBubbleShows(context, page, emulator.url, '[DE]');
    await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Replace'));
    await untilBubbleShows(context, page, emulator.url, 'The translation could not be put there');
    expect(await bubbleText(context, page)).toContain('[DE]');
    await expect(editor).toHaveText('The meeting starts at noon. Bring the quarterly report.');
    expect(await translateRequests(emulator.url)).toHaveLength(1);
  });

  test('hostile page CSS and scripts neither hide nor reach the bubble; markup shows as text and runs nothing', async ({
    context, background, extensionId, emulator, pages,
  }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'es' });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/hostile.html`);
    await selectText(page, '#markup');
    await translateSelection(context, background, extensionId, page);
    // The answer can take long on a loaded machine (the bubble says the service is slow meanwhile).
    await expect.poll(() => bubbleText(context, page), { timeout: 60_000 }).toContain('<img src=x onerror="window.__pwned = 1">');
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

    const dialog = await findAxNode(context, page, 'dialog', 'Translation');
    const look = await callOnAxNode<{ display: string; opacity: string; font: string; color: string; width: number; images: number }>(
      context, page, dialog,
      'function () { const s = getComputedStyle(this); return { display: s.display, opacity: s.opacity, font: s.fontFamily, color: s.color, width: this.getBoundingClientRect().width, images: this.querySelectorAll("img").length }; }',
    );
    expect(look.display).not.toBe('none');
    expect(look.opacity).toBe('1');
    expect(look.font).not.toContain('Comic Sans');
    expect(look.color).not.toBe('rgb(255, 0, 0)');
    expect(look.width).toBeLessThan(400);
    expect(look.images).toBe(0);

    const seen = await page.evaluate(() => (window as { __seen?: unknown[] }).__seen);
    expect(seen).toContainEqual({ tag: 'VOXLATE-BUBBLE', shadowRoot: 'null' });
    expect(seen).toContain('attach refused');
    // Keys pressed inside the bubble do not reach the page's own shortcuts.
    await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Copy'));
    const before = await page.evaluate(() => (window as { __pageKeys?: number }).__pageKeys ?? 0);
    await page.keyboard.press('k');
    expect(await page.evaluate(() => (window as { __pageKeys?: number }).__pageKeys ?? 0)).toBe(before);
  });

  for (const { name, url, snippet } of [
    { name: 'chinese', url: ownPageUrl('chinese'), snippet: '这款机器人具有非常重要的意义' },
    ...ifSharedPages([{ name: 'qq', url: sharedPageUrl('qq'), snippet: '这款产品具有极其重要的意义' }]),
  ]) {
    test(`right-to-left and CJK translations on a Chinese news page (${name})`, async ({ context, background, extensionId, emulator, pages }) => {
      await connectService(background, emulator.url, 'demo-pro');
      await setSettings(background, { targetLanguage: 'ar' });
      const page = await context.newPage();
      await page.goto(`${pages.url}${url}`);
      await selectSnippet(page, snippet);
      await translateSelection(context, background, extensionId, page);
      await untilBubbleShows(context, page, emulator.url, '[AR]');
      expect(await bubbleText(context, page)).toContain('Detected: Chinese');
      const translation = await findAxNode(context, page, 'StaticText', /^\[AR\]/);
      expect(translation).toBeDefined();
      const dir = await callOnAxNode<string>(context, page, await findAxNode(context, page, 'dialog', 'Translation'),
        'function () { const t = this.querySelector(".translation"); return t.getAttribute("dir") + "|" + getComputedStyle(t).direction; }');
      expect(dir).toMatch(/rtl/);
    });
  }

  for (const { name, setup, expected } of [
    { name: 'not enough credits', setup: 'credits', expected: "don't have enough credits" },
    { name: 'a rejected key', setup: 'key', expected: 'rejected your API key' },
    { name: 'an unreachable service', setup: 'unreachable', expected: "Can't reach the service" },
    { name: 'rate limiting beyond retries', setup: 'rate', expected: 'rate limit' },
  ]) {
    test(`${name} shows its message in the bubble`, async ({ context, background, extensionId, emulator, pages }) => {
      await connectService(background, emulator.url, setup === 'key' ? 'wrong-key' : 'demo-pro');
      await setSettings(background, { targetLanguage: 'es', ...(setup === 'unreachable' ? { serviceUrl: 'http://127.0.0.1:9' } : {}) });
      if (setup === 'credits') await fetch(`${emulator.url}/__emulator/accounts`, { method: 'POST', body: JSON.stringify({ key: 'demo-pro', credits: 1 }) });
      if (setup === 'rate') await fetch(`${emulator.url}/__emulator/faults`, { method: 'POST', body: JSON.stringify({ type: 'rate-limit', path: '/api/v1/translate', times: 20 }) });
      const page = await context.newPage();
      await page.goto(`${pages.url}/fixtures/article.html`);
      await selectText(page, '#second');
      await translateSelection(context, background, extensionId, page);
      await expect.poll(() => bubbleText(context, page), { timeout: 45_000 }).toContain(expected);
      if (setup === 'key') expect(await findAxNode(context, page, 'button', 'Open options')).toBeDefined();
    });
  }
});
