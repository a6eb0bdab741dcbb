import type { BrowserContext, Locator, Page, Worker } from '@playwright/test';
import { connectService, expect, setSettings, test } from './fixtures';
import {
  callOnAxNode,
  chooseMenuEntry,
  clickAxNode,
  clickToolbarButton,
  emulatorLog,
  findAxNode,
  inPageUiText,
  ledger,
  pressShortcut,
  untilInPageUiShows,
} from '../support/extension';

// Issue 38: what the user types in a text box, translated into the language they write to, and
// put back in its place as one edit the page sees and one Ctrl+Z undoes.

const translations = async (url: string) => (await emulatorLog(url)).filter((r) => r.path === '/api/v1/translate');
const bubbleText = (context: Parameters<typeof inPageUiText>[0], page: Page) => inPageUiText(context, page, 'voxlate-bubble');

/** What every test here is given: the browser with the extension, its worker, the emulator and the page server. */
interface Given {
  context: BrowserContext;
  background: Worker;
  extensionId: string;
  emulator: { url: string };
  pages: { url: string };
}

/**
 * Connected to the emulator with `settings` (the user reads in English unless they say otherwise),
 * a fixture page open, and with `grant` the tab granted as the toolbar button's click grants it.
 */
async function openWriting({ context, background, extensionId, emulator, pages }: Given, fixture: string, settings: Record<string, unknown>, { grant = false } = {}): Promise<Page> {
  await connectService(background, emulator.url, 'demo-pro');
  await setSettings(background, { targetLanguage: 'en', ...settings });
  const page = await context.newPage();
  await page.goto(`${pages.url}/fixtures/${fixture}`);
  if (grant) await clickToolbarButton(context, page, extensionId);
  return page;
}

/**
 * Types `written` in `box` as the user does, then Alt+Shift+T with the caret there (the shortcut
 * grants the tab: the toolbar button's click does it here).
 */
async function writeAndAsk({ context, background, extensionId }: Given, page: Page, box: Locator, written: string): Promise<void> {
  await box.click();
  await page.keyboard.type(written);
  await clickToolbarButton(context, page, extensionId);
  await box.focus();
  await pressShortcut(background, 'translate-selection', page);
}

test.describe('translating what I wrote', () => {
  test('the shortcut in a textarea with nothing selected translates all of it into the page\'s language; Replace is an edit the page sees, paid once, and one Ctrl+Z brings back what was written', async ({
    context, background, extensionId, emulator, pages,
  }) => {
    const given = { context, background, extensionId, emulator, pages };
    // The user reads in English; the forum is Spanish.
    const page = await openWriting(given, 'write.html', {});
    const reply = page.getByLabel('Tu respuesta');
    const written = 'Thank you all, pruning in late winter worked for my roses.';
    await writeAndAsk(given, page, reply, written);
    await expect(page.locator('#count')).toHaveText(String(written.length));
    await untilInPageUiShows(context, page, emulator.url, '[ES] Gracias all');
    // Under it, the same translated back into English, to check it; one figure for both.
    await untilInPageUiShows(context, page, emulator.url, 'Back in English, it says:');
    const asked = await translations(emulator.url);
    const spanish = asked[0]!;
    expect(asked.map((r) => [r.textLength, r.language])).toEqual([[written.length, 'Spanish'], [expect.any(Number), 'English']]);
    expect(asked[1]!.textStart).toMatch(/^\[ES\] Gracias all/);
    const backCost = Math.ceil(asked[1]!.textLength! / 10);
    expect(await bubbleText(context, page)).toContain(`Cost: ${6 + backCost} credits`);
    expect(spanish.textStart).toBe(written);

    await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Replace'));
    await expect(reply).toHaveValue(/^\[ES\] Gracias all, pruning/);
    const translated = await reply.inputValue();
    expect(await bubbleText(context, page)).toContain(translated);
    // The site's own code saw the edit: its counter and its Send button followed.
    await expect(page.locator('#count')).toHaveText(String(translated.length));
    await expect(page.getByRole('button', { name: 'Enviar' })).toBeEnabled();
    await reply.focus();
    await page.keyboard.press('Control+z');
    await expect(reply).toHaveValue(written);
    // Paid once each way, at its price; the language the user reads in is still theirs.
    expect((await ledger(emulator.url)).entries.map((e) => [e.path, e.credits])).toEqual([['/api/v1/translate', Math.ceil(written.length / 10)], ['/api/v1/translate', backCost]]);
    expect(await background.evaluate(async () => ((await chrome.storage.local.get('settings')).settings as { targetLanguage: string }).targetLanguage)).toBe('en');
  });

  test('what was written on several lines keeps its lines: the translation in the card and in its place, in a textarea and in a contenteditable, and one Ctrl+Z brings back each', async ({
    context, background, extensionId, emulator, pages,
  }) => {
    const given = { context, background, extensionId, emulator, pages };
    const page = await openWriting(given, 'write.html', { writeBack: false });
    const lines = ['Hello all,', 'the seed swap moves to Sunday.', 'See you there!'];
    for (const [box, read] of [
      [page.getByLabel('Tu respuesta'), () => page.getByLabel('Tu respuesta').inputValue()],
      [page.getByRole('textbox', { name: 'Firma' }), () => page.getByRole('textbox', { name: 'Firma' }).evaluate((e) => (e as HTMLElement).innerText.trim())],
    ] as const) {
      await box.click();
      for (const [i, line] of lines.entries()) {
        if (i > 0) await page.keyboard.press('Enter');
        await page.keyboard.type(line);
      }
      const written = await read();
      expect(written.split('\n')).toEqual(lines);
      await clickToolbarButton(context, page, extensionId);
      await box.focus();
      await pressShortcut(background, 'translate-selection', page);
      await untilInPageUiShows(context, page, emulator.url, '[ES] Hola all,');
      await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Replace'));
      // Three lines still, none empty between them, the first the translation's start (the emulator marks it and says Hola).
      await expect.poll(async () => (await read()).split('\n').map((line, i) => (i === 0 ? line : line.trim().length > 0))).toEqual(['[ES] Hola all,', true, true]);
      await page.keyboard.press('Escape');
      await box.focus();
      await page.keyboard.press('Control+z');
      await expect.poll(read).toBe(written);
    }
    // All its lines in one request, read alike from both boxes: the second comes from the cache, unpaid.
    expect((await ledger(emulator.url)).entries.map((e) => e.textStart)).toEqual([lines.join('\n')]);
  });

  test('above the threshold the question\'s figure covers the translation back at its longest, and agreeing pays both within it; turned off in the options, only the translation is asked about and paid', async ({
    context, background, extensionId, emulator, pages, openExtensionPage,
  }) => {
    const given = { context, background, extensionId, emulator, pages };
    const page = await openWriting(given, 'write.html', { confirmAboveCredits: 5 });
    const reply = page.getByLabel('Tu respuesta');
    const written = 'The seed swap is on Saturday at the library.';
    await writeAndAsk(given, page, reply, written);
    // 5 credits there, and the way back at most 1.6 times as long: 8 more.
    const figure = Math.ceil(written.length / 10) + Math.ceil((written.length * 1.6) / 10);
    await untilInPageUiShows(context, page, emulator.url, `Translating this and back into English costs up to ${figure} credits. Translate?`);
    expect(await translations(emulator.url)).toEqual([]);
    await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Translate'));
    await untilInPageUiShows(context, page, emulator.url, 'Back in English, it says:');
    const paid = (await ledger(emulator.url)).entries.map((e) => e.credits);
    expect(paid).toHaveLength(2);
    expect(paid[0]).toBe(Math.ceil(written.length / 10));
    expect(paid[0]! + paid[1]!).toBeLessThanOrEqual(figure);
    expect(await bubbleText(context, page)).toContain(`Cost: ${paid[0]! + paid[1]!} credits`);

    // Off in the options: the figure is the translation's, and nothing comes back.
    const options = await openExtensionPage('options.html');
    const checkBack = options.getByRole('checkbox', { name: 'Translate what I write back into my language, to check it' });
    await expect(checkBack).toBeChecked();
    await checkBack.click();
    await expect(checkBack).not.toBeChecked();
    await expect.poll(() => background.evaluate(async () => ((await chrome.storage.local.get('settings')).settings as { writeBack: boolean }).writeBack)).toBe(false);
    await page.bringToFront();
    await page.keyboard.press('Escape');
    const more = ' Bring labels for your jars.';
    await reply.focus();
    await page.keyboard.press('End');
    await page.keyboard.type(more);
    await pressShortcut(background, 'translate-selection', page);
    const alone = Math.ceil((written.length + more.length) / 10);
    await untilInPageUiShows(context, page, emulator.url, `This translation costs ${alone} credits. Translate?`);
    await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Translate'));
    await untilInPageUiShows(context, page, emulator.url, `Cost: ${alone} credits`);
    expect(await bubbleText(context, page)).not.toContain('Back in English');
    expect((await ledger(emulator.url)).entries.map((e) => e.credits)).toEqual([...paid, alone]);
  });

  test('"Translate what I wrote" in a contenteditable: the language chosen in the bubble replaces it, one Ctrl+Z undoes it, and the next time on this site that language comes first; the options clear it', async ({
    context, background, extensionId, emulator, pages, openExtensionPage,
  }) => {
    const page = await openWriting({ context, background, extensionId, emulator, pages }, 'write.html', { writeBack: false });
    const signature = page.getByRole('textbox', { name: 'Firma' });
    const written = 'Best regards from a small garden by the sea.';
    await signature.click();
    await page.keyboard.type(written);
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-translate-written', null);
    await untilInPageUiShows(context, page, emulator.url, '[ES] Best regards');
    const picker = await findAxNode(context, page, 'combobox', 'Translate to');
    await callOnAxNode(context, page, picker, 'function (v) { this.value = v; this.dispatchEvent(new Event("change", { bubbles: true })); }', 'de');
    await untilInPageUiShows(context, page, emulator.url, '[DE] Best regards');
    await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Replace'));
    await expect(signature).toHaveText(`[DE] ${written}`);
    await signature.focus();
    await page.keyboard.press('Control+z');
    await expect(signature).toHaveText(written);

    // Asked again on this site: German first (the translation is in the cache: nothing paid again).
    await page.keyboard.press('Escape');
    await signature.click();
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-translate-written', null);
    await untilInPageUiShows(context, page, emulator.url, '[DE] Best regards');
    expect((await translations(emulator.url)).map((r) => r.textLength)).toEqual([written.length, written.length]);

    // Kept as the site's name only, shown and cleared in the options' Stored data.
    expect(await background.evaluate(async () => (await chrome.storage.local.get('writeToBySite')).writeToBySite)).toEqual({ [new URL(pages.url).hostname]: 'de' });
    const options = await openExtensionPage('options.html');
    const kept = options.getByRole('group', { name: 'Languages you write to' });
    await expect(kept).toContainText('Sites: 1');
    await kept.getByRole('button', { name: 'Clear languages' }).click();
    await kept.getByRole('button', { name: 'Yes, clear' }).click();
    await expect(kept.getByRole('status')).toHaveText('Languages you write to cleared.');
    await expect(kept).toContainText('Empty');
    expect(await background.evaluate(async () => (await chrome.storage.local.get('writeToBySite')).writeToBySite)).toBeUndefined();
  });

  test('the typed trigger, off by default: on, three spaces after what was written open its card (a contenteditable\'s, replaced as the shortcut\'s); never while an input method composes; off again, its script is gone', async ({
    context, background, emulator, pages, openExtensionPage,
  }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'en', writeBack: false });
    const registered = () => background.evaluate(async () => (await chrome.scripting.getRegisteredContentScripts()).map((s) => s.id));
    const options = await openExtensionPage('options.html');
    await expect(options.getByRole('checkbox', { name: 'Translate what I wrote when I type three spaces after it' })).not.toBeChecked();
    expect(await registered()).toEqual([]);
    // On (the test build's access to 127.0.0.1 stands in for every site, asked for when turned on).
    await setSettings(background, { writeTrigger: true });
    await expect.poll(registered).toEqual(['voxlate-typed-trigger']);
    const page = await context.newPage();
    await page.goto(`${pages.url.replace('localhost', '127.0.0.1')}/fixtures/write.html`);

    // A Japanese input method composing: its spaces choose characters, and ask for nothing.
    const reply = page.getByLabel('Tu respuesta');
    await reply.click();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Input.imeSetComposition', { text: 'ありがとう   ', selectionStart: 8, selectionEnd: 8 });
    await expect(reply).toHaveValue('ありがとう   ');
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: ' ', code: 'Space', windowsVirtualKeyCode: 32 });
    await cdp.send('Input.insertText', { text: 'ありがとう' });
    await expect(reply).toHaveValue('ありがとう');

    // Typed in the signature: three spaces ask, with nothing else pressed.
    const signature = page.getByRole('textbox', { name: 'Firma' });
    const written = 'Best regards from the allotment.';
    await signature.click();
    await page.keyboard.type(`${written}   `);
    await untilInPageUiShows(context, page, emulator.url, `[ES] ${written.slice(0, 12)}`);
    // Only what was written there was sent: nothing of the composition, nor the spaces.
    expect((await translations(emulator.url)).map((r) => r.textStart)).toEqual([written]);
    await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Replace'));
    await expect(signature).toHaveText(/^\[ES\] Best regards/);
    await signature.focus();
    await page.keyboard.press('Control+z');
    await expect(signature).toHaveText(new RegExp(`^${written}\\s{3}$`));

    await setSettings(background, { writeTrigger: false });
    await expect.poll(registered).toEqual([]);
  });

  test('with "Put the translation of a short text I wrote in its place at once" on, it is put there without a click, the focus stays in the field and one Ctrl+Z brings back what was written; one that asks first waits for Replace', async ({
    context, background, extensionId, emulator, pages,
  }) => {
    const given = { context, background, extensionId, emulator, pages };
    const page = await openWriting(given, 'write.html', { writeBack: false, writeReplaceAtOnce: true });
    const reply = page.getByLabel('Tu respuesta');
    const written = 'Thanks, see you on Sunday.';
    await writeAndAsk(given, page, reply, written);
    await expect(reply).toHaveValue(/^\[ES\] /);
    await untilInPageUiShows(context, page, emulator.url, 'Put in place of what you wrote. Ctrl+Z there brings it back.');
    expect(await bubbleText(context, page)).not.toContain('Replace');
    await expect(page.locator('#count')).toHaveText(String((await reply.inputValue()).length));
    // No click: the focus never left the field, and the page's undo takes the edit back.
    await page.keyboard.press('Control+z');
    await expect(reply).toHaveValue(written);

    // Above the threshold the question comes first: then the translation waits for Replace.
    await setSettings(background, { confirmAboveCredits: 2 });
    await page.keyboard.press('Escape');
    await reply.fill('');
    const longer = 'The plums are ripe, come and pick some.';
    await reply.focus();
    await page.keyboard.type(longer);
    await pressShortcut(background, 'translate-selection', page);
    await untilInPageUiShows(context, page, emulator.url, 'This translation costs 4 credits. Translate?');
    await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Translate'));
    await untilInPageUiShows(context, page, emulator.url, 'Replace');
    await expect(reply).toHaveValue(longer);
  });

  test('a password or a card number is never read or sent, by the shortcut or the menu, and the user is told why', async ({ context, background, extensionId, emulator, pages }) => {
    const page = await openWriting({ context, background, extensionId, emulator, pages }, 'write.html', { writeBack: false }, { grant: true });
    for (const [label, value] of [['Contraseña', 'my secret words'], ['Número de tarjeta', '4111 1111 1111 1111']] as const) {
      const field = page.getByLabel(label);
      await field.click();
      await page.keyboard.type(value);
      await pressShortcut(background, 'translate-selection', page);
      await expect.poll(() => inPageUiText(context, page)).toContain('Voxlate never reads passwords, card details or fields the page marks as private');
      await page.evaluate(() => document.querySelectorAll('voxlate-notice, voxlate-bubble').forEach((e) => e.remove()));
      await field.focus();
      await chooseMenuEntry(context, background, extensionId, page, 'voxlate-translate-written', null);
      await expect.poll(() => inPageUiText(context, page)).toContain('Voxlate never reads passwords, card details or fields the page marks as private');
    }
    expect(await translations(emulator.url)).toEqual([]);
  });
});

test.describe('translating what I wrote, in apps', () => {
  /** Types `written` into `field`, asks with the shortcut, and replaces it with the Spanish shown. */
  async function translateAndReplace(f: { context: Parameters<typeof inPageUiText>[0]; background: Parameters<typeof pressShortcut>[0]; emulatorUrl: string }, page: Page, field: ReturnType<Page['locator']>, written: string): Promise<string> {
    await field.click();
    await page.keyboard.type(written);
    await pressShortcut(f.background, 'translate-selection', page);
    // (The emulator's Spanish translates a few words and marks the rest.)
    await untilInPageUiShows(f.context, page, f.emulatorUrl, '[ES] ');
    await clickAxNode(f.context, page, await findAxNode(f.context, page, 'button', 'Replace'));
    await expect(field).toHaveValue(/^\[ES\] /);
    const translated = await field.inputValue();
    await page.keyboard.press('Escape');
    await field.focus();
    return translated;
  }

  test('a React-controlled textarea (its state follows Replace and one Ctrl+Z), a web component\'s textarea in its shadow root, and a textarea in a frame', async ({
    context, background, extensionId, emulator, pages,
  }) => {
    const page = await openWriting({ context, background, extensionId, emulator, pages }, 'write-apps.html', { writeBack: false }, { grant: true });
    const f = { context, background, emulatorUrl: emulator.url };

    // React: the component's state, not only the DOM, holds the translation, then the original.
    const react = page.getByLabel('Respuesta (React)');
    const reactWritten = 'Please send me the pattern for the blue scarf.';
    const reactTranslated = await translateAndReplace(f, page, react, reactWritten);
    const send = page.getByRole('button', { name: 'Enviar (React)' });
    await expect(send).toHaveAttribute('data-state', reactTranslated);
    await expect(page.getByLabel('Caracteres en el estado de React')).toHaveText(String(reactTranslated.length));
    await page.keyboard.press('Control+z');
    await expect(react).toHaveValue(reactWritten);
    await expect(send).toHaveAttribute('data-state', reactWritten);

    // A web component's textarea, inside its open shadow root.
    const component = page.locator('shadow-reply textarea');
    const componentWritten = 'Happy to help with the next meeting.';
    await translateAndReplace(f, page, component, componentWritten);
    await page.keyboard.press('Control+z');
    await expect(component).toHaveValue(componentWritten);

    // A textarea in a frame of the page (same origin): the bubble opens in that frame.
    const framed = page.frameLocator('#frame').getByLabel('Respuesta (marco)');
    const frameWritten = 'See you at the garden market on Sunday.';
    await translateAndReplace(f, page, framed, frameWritten);
    await page.keyboard.press('Control+z');
    await expect(framed).toHaveValue(frameWritten);

    // Each paid once.
    const paid = (await ledger(emulator.url)).entries.map((e) => e.textLength).sort((a, b) => a - b);
    expect(paid).toEqual([reactWritten.length, componentWritten.length, frameWritten.length].sort((a, b) => a - b));
  });

  test('a frame of another site: without access, the shortcut says whose box it is and how to let Voxlate in; let in from the menu there, its box is translated and put in place, and one Ctrl+Z brings it back', async ({
    context, background, extensionId, emulator, pages,
  }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'en', writeBack: false, writeReplaceAtOnce: true });
    const other = (url: string) => url.replace('localhost', '127.0.0.1');
    // The page on 127.0.0.1 (the test build's access), its reply box in a frame on localhost: no access there.
    const page = await context.newPage();
    await page.goto(`${other(pages.url)}/fixtures/write-cross.html`);
    const framed = page.frameLocator('#frame').getByLabel('Respuesta (marco)');
    await framed.click();
    await page.keyboard.type('See you at the market.');
    await pressShortcut(background, 'translate-selection', page);
    await expect.poll(() => inPageUiText(context, page)).toContain(`This box belongs to another site (${new URL(pages.url).host}), which Voxlate may not read yet.`);
    expect(await translations(emulator.url)).toEqual([]);

    // The other way round: the page on localhost (opened to us by the click), its box on 127.0.0.1,
    // where the user let Voxlate in (the test build's access stands for their yes).
    await page.goto(`${pages.url}/fixtures/write-cross.html`);
    const box = page.frameLocator('#frame').getByLabel('Respuesta (marco)');
    const written = 'The jam is ready, come by tomorrow.';
    await box.click();
    await page.keyboard.type(written);
    await clickToolbarButton(context, page, extensionId);
    await box.focus();
    const tabId = await background.evaluate(async (url) => (await chrome.tabs.query({ url: `${url}/*` }))[0]!.id!, pages.url);
    const frames = await background.evaluate(
      async (tab) => (await chrome.scripting.executeScript({ target: { tabId: tab, allFrames: true }, func: () => location.href })).map((r) => [r.frameId, r.result as string] as const),
      tabId,
    );
    const [frameId, frameUrl] = frames.find(([, url]) => url.includes('127.0.0.1'))!;
    await background.evaluate(
      async ([tab, frame, frameAddress, menuItemId]) => {
        const hooks = (globalThis as never as { voxlateTestHooks: { onMenuClick: (i: unknown, t: unknown) => boolean } }).voxlateTestHooks;
        const t = await chrome.tabs.get(tab);
        hooks.onMenuClick({ menuItemId, frameId: frame, editable: true, pageUrl: t.url, frameUrl: frameAddress }, t);
      },
      [tabId, frameId, frameUrl, 'voxlate-translate-written'] as const,
    );
    await expect(box).toHaveValue(/^\[ES\] /);
    expect((await translations(emulator.url)).map((r) => r.textStart)).toEqual([written]);
    await box.focus();
    await page.keyboard.press('Control+z');
    await expect(box).toHaveValue(written);
  });
});

test.describe('translating what I wrote, in rich editors', () => {
  // Each editor from npm with its own undo history; Draft.js and Slate (React) on a page of their own.
  const editors = [
    ['prosemirror', 'Mensaje (ProseMirror)', 'write-rich.html'],
    ['lexical', 'Mensaje (Lexical)', 'write-rich.html'],
    ['quill', 'Mensaje (Quill)', 'write-rich.html'],
    ['codemirror', 'Mensaje (CodeMirror)', 'write-rich.html'],
    ['draft', 'Mensaje (Draft.js)', 'write-rich-react.html'],
    ['slate', 'Mensaje (Slate)', 'write-rich-react.html'],
  ] as const;
  for (const [editor, label, fixture] of editors) {
    test(`${editor}: Replace puts the translation in the editor's own state, once, and one Ctrl+Z brings back what was written`, async ({ context, background, extensionId, emulator, pages }) => {
      // The way back is tested on a textarea above; here only the translation is asked for and paid.
      const page = await openWriting({ context, background, extensionId, emulator, pages }, fixture, { writeBack: false }, { grant: true });
      const state = () => page.evaluate((name) => (window as unknown as { voxlateEditors: Record<string, () => string> }).voxlateEditors[name]!(), editor);
      const box = page.getByRole('textbox', { name: label });
      const written = 'Thank you for the seeds, they came up in a week.';
      const translation = '[ES] Gracias for the seeds, they came up in a week.';
      await box.click();
      await page.keyboard.type(written);
      // The editor's own state holds what was typed before the shortcut is pressed.
      await expect.poll(state).toBe(written);
      await pressShortcut(background, 'translate-selection', page);
      await untilInPageUiShows(context, page, emulator.url, translation);
      await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Replace'));
      // The editor's document holds exactly the translation: there once, nothing of what was written left.
      await expect.poll(state).toBe(translation);
      await expect(box).toHaveText(translation);
      await page.keyboard.press('Escape');
      await box.focus();
      await page.keyboard.press('Control+z');
      await expect.poll(state).toBe(written);
      await expect(box).toHaveText(written);
      expect((await ledger(emulator.url)).entries.map((e) => e.textLength)).toEqual([written.length]);
    });
  }

  test('quill, with "put in place at once" on: the edit waits out Quill\'s folding of what was just typed into one undo step, so one Ctrl+Z still brings back exactly what was written', async ({ context, background, extensionId, emulator, pages }) => {
    const page = await openWriting({ context, background, extensionId, emulator, pages }, 'write-rich.html', { writeBack: false, writeReplaceAtOnce: true }, { grant: true });
    const state = () => page.evaluate(() => (window as unknown as { voxlateEditors: Record<string, () => string> }).voxlateEditors.quill!());
    const box = page.getByRole('textbox', { name: 'Mensaje (Quill)' });
    const written = 'Thank you for the seeds, they came up in a week.';
    await box.click();
    // In one piece (as an input method or dictation gives it): Quill's undo step starts there.
    await page.keyboard.insertText(written);
    await expect.poll(state).toBe(written);
    // At once, the translation comes within a second of that: Quill would fold an edit made then
    // into the step of what was written, and one Ctrl+Z would take both away.
    await pressShortcut(background, 'translate-selection', page);
    await expect.poll(state).toBe('[ES] Gracias for the seeds, they came up in a week.');
    await untilInPageUiShows(context, page, emulator.url, 'Put in place of what you wrote.');
    await page.keyboard.press('Control+z');
    await expect.poll(state).toBe(written);
    await expect(box).toHaveText(written);
  });
});
