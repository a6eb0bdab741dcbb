import type { BrowserContext, Page, Worker } from '@playwright/test';
import { connectService, expect, setSettings, test } from './fixtures';
import { chooseMenuEntry, clickAxNode, clickMenu, findAxNode, inPageUiText, ledger, selectText, untilInPageUiShows } from '../support/extension';

// The glossary in the bubble (issue 40): terms exact against a translator that changes every word
// it is sent (the emulator's realistic mode), the figure asked about what is charged, nothing paid twice.
const KEEP = { term: 'Voxlate', translate: { mode: 'keep' }, say: null, language: null, site: null, case: 'auto' };
const BOARD = { term: 'harbour board', translate: { mode: 'fixed', text: null, byTarget: { es: 'junta del puerto' } }, say: null, language: null, site: null, case: 'auto' };
const TEXT = 'Voxlate reads the harbour board notices aloud every morning, and the fishermen listen.';

const bubbleText = (context: BrowserContext, page: Page) => inPageUiText(context, page, 'voxlate-bubble');
const translateCharges = async (url: string) => (await ledger(url)).entries.filter((e) => e.path === '/api/v1/translate').map((e) => e.credits);

/** Translates the selection again from the menu, after closing the bubble. */
async function again(context: BrowserContext, background: Worker, page: Page) {
  await page.keyboard.press('Escape');
  await expect.poll(() => bubbleText(context, page)).toBe('');
  await selectText(page, '#glossary');
  await clickMenu(background, page, 'voxlate-translate-selection');
}

/** The figure the bubble asks about; agrees to it and waits for the translation. */
async function agree(context: BrowserContext, page: Page, emulatorUrl: string): Promise<number> {
  let figure = 0;
  await expect.poll(async () => (figure = Number(/This translation costs (\d+) credits?/.exec(await bubbleText(context, page))?.[1] ?? 0))).toBeGreaterThan(0);
  await clickAxNode(context, page, await findAxNode(context, page, 'button', /Translate/));
  await untilInPageUiShows(context, page, emulatorUrl, 'Cost:');
  return figure;
}

test('a selection translated with glossary terms shows them exactly, no marker; the figure is the charge; again, or an unrelated entry changed, costs nothing; a matched entry changed re-translates', async ({
  context, background, extensionId, emulator, pages,
}) => {
  await fetch(`${emulator.url}/__emulator/translator`, { method: 'POST', body: JSON.stringify({ mode: 'realistic' }) });
  await connectService(background, emulator.url, 'demo-pro');
  await setSettings(background, { targetLanguage: 'es', confirmAboveCredits: 0, glossary: [KEEP, BOARD] });
  const page = await context.newPage();
  await page.goto(`${pages.url}/fixtures/article.html`);
  await page.evaluate((text) => {
    const p = document.createElement('p');
    p.id = 'glossary';
    p.textContent = text;
    document.body.prepend(p);
  }, TEXT);
  await selectText(page, '#glossary');
  await chooseMenuEntry(context, background, extensionId, page, 'voxlate-translate-selection');

  const figure = await agree(context, page, emulator.url);
  const shown = await bubbleText(context, page);
  expect(shown).toContain('Voxlate');
  expect(shown).toContain('junta del puerto');
  expect(shown).not.toContain('harbour board');
  expect(shown).not.toMatch(/[⟦⟧§]|__|<\/?x|\{\d|\[\d/u);
  expect(shown).toContain(`Cost: ${figure} credits`);
  // One request, the text around the terms, charged exactly the figure asked about.
  expect(await translateCharges(emulator.url)).toEqual([figure]);

  await again(context, background, page);
  await expect.poll(() => bubbleText(context, page)).toContain('From cache: no credits used');
  expect(await bubbleText(context, page)).toContain('junta del puerto');

  await setSettings(background, { glossary: [KEEP, BOARD, { ...KEEP, term: 'Firefox' }] });
  await again(context, background, page);
  await expect.poll(() => bubbleText(context, page)).toContain('From cache: no credits used');
  expect(await translateCharges(emulator.url)).toEqual([figure]);

  // "harbour board" now kept only in German: translated freely in Spanish, so that text is sent, at its figure.
  await setSettings(background, { glossary: [KEEP, { ...BOARD, translate: { mode: 'fixed', text: null, byTarget: { de: 'Hafenbehörde' } } }] });
  await again(context, background, page);
  const second = await agree(context, page, emulator.url);
  const retranslated = await bubbleText(context, page);
  expect(retranslated).toContain('Voxlate');
  expect(retranslated).not.toContain('junta del puerto');
  expect(await translateCharges(emulator.url)).toEqual([figure, second]);
});
