import type { BrowserContext, Page, Worker } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { connectService, expect, setSettings, test } from './fixtures';
import { completedDownload } from '../support/downloads';
import { chooseMenuEntry, clickAxNode, clickMenu, emulatorLog, findAxNode, inPageUiText, ledger, selectSnippet, selectText, spokenTexts, stopReadingAndSettle, untilInPageUiShows } from '../support/extension';
import { bridge, MARKER, RIVER } from '../support/glossary-entries';
import { openVideoPage, playVideoUntil } from '../support/video-page';

// The glossary in the bubble (issue 40): terms exact against a translator that changes every word
// it is sent (the emulator's realistic mode), the figure asked about what is charged, nothing paid twice.
const KEEP = { term: 'Voxlate', translate: { mode: 'keep' }, say: null, language: null, site: null, case: 'auto' };
const BOARD = { term: 'harbour board', translate: { mode: 'fixed', text: null, byTarget: { es: 'junta del puerto' } }, say: null, language: null, site: null, case: 'auto' };
const TEXT = 'Voxlate reads the harbour board notices aloud every morning, and the fishermen listen.';

const bubbleText = (context: BrowserContext, page: Page) => inPageUiText(context, page, 'voxlate-bubble');
const translateCharges = async (url: string) => (await ledger(url)).entries.filter((e) => e.path === '/api/v1/translate').map((e) => e.credits);

/** The translator made realistic, the service connected, `settings` set; then a new tab at `path` of the test pages. */
async function startWith(
  { context, background, emulator, pages }: { context: BrowserContext; background: Worker; emulator: { url: string }; pages: { url: string } },
  settings: Record<string, unknown>,
  path: string,
): Promise<Page> {
  await fetch(`${emulator.url}/__emulator/translator`, { method: 'POST', body: JSON.stringify({ mode: 'realistic' }) });
  await connectService(background, emulator.url, 'demo-pro');
  await setSettings(background, settings);
  const page = await context.newPage();
  await page.goto(`${pages.url}${path}`);
  return page;
}

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
  const page = await startWith({ context, background, emulator, pages }, { targetLanguage: 'es', confirmAboveCredits: 0, glossary: [KEEP, BOARD] }, '/fixtures/article.html');
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
  expect(shown).not.toMatch(MARKER);
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

// Page translation (and the PDF reader's, the same path): a term for this site only, and one for another site that must not apply.
const HERE = { term: 'fishermen', translate: { mode: 'fixed', text: 'pescadores del muelle', byTarget: {} }, say: null, language: null, site: 'localhost', case: 'auto' };
const THERE = { term: 'boats', translate: { mode: 'fixed', text: 'barcas del muelle', byTarget: {} }, say: null, language: null, site: 'other.test', case: 'auto' };
const pageTranslations = (context: BrowserContext, page: Page) => inPageUiText(context, page, 'voxlate-translation');

test('whole-page translation shows the glossary terms exactly (one kept for this site), no marker; the ledger is the figure shown; an unrelated entry changed, translating again costs nothing', async ({
  context, background, extensionId, emulator, pages,
}) => {
  const page = await startWith({ context, background, emulator, pages }, { targetLanguage: 'es', confirmPageTranslation: true, glossary: [KEEP, BOARD, HERE, THERE] }, '/fixtures/glossary-page.html');
  await chooseMenuEntry(context, background, extensionId, page, 'translate-page', null);
  await findAxNode(context, page, 'dialog', 'Translate this page');
  // Only the words around the terms are sent, each piece a paragraph of one request: this text's figure is exact.
  const figure = Number(/Whole page: up to ([\d,]+) credits/.exec(await inPageUiText(context, page, 'voxlate-page-translate'))![1]);
  expect(await translateCharges(emulator.url)).toEqual([]);
  await clickAxNode(context, page, await findAxNode(context, page, 'button', /^Translate the whole page \(/));
  await expect.poll(() => pageTranslations(context, page)).toContain('junta del puerto');
  const shown = await pageTranslations(context, page);
  expect(shown).toMatch(/^Voxlate /u);
  expect(shown).toContain('pescadores del muelle');
  expect(shown).not.toMatch(/harbour|fishermen|barcas/u);
  expect(shown).not.toMatch(MARKER);
  expect(await translateCharges(emulator.url)).toEqual([figure]);

  await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Show original'));
  await expect.poll(() => pageTranslations(context, page)).toBe('');
  await setSettings(background, { glossary: [KEEP, BOARD, HERE, THERE, { ...KEEP, term: 'Firefox' }] });
  await clickMenu(background, page, 'translate-page', undefined, null);
  await expect.poll(() => pageTranslations(context, page)).toContain('junta del puerto');
  expect(await pageTranslations(context, page)).toBe(shown);
  expect(await translateCharges(emulator.url)).toEqual([figure]);
});

test('a PDF translated in the reader shows the glossary terms exactly (one kept for the PDF\'s site), no marker; each request charged at its price, within the figure shown', async ({
  context, background, extensionId, emulator, pages,
}) => {
  await fetch(`${emulator.url}/__emulator/translator`, { method: 'POST', body: JSON.stringify({ mode: 'realistic' }) });
  await connectService(background, emulator.url, 'demo-pro');
  const entries = [
    { ...KEEP, term: 'Papers' },
    { ...BOARD, term: 'running headers', translate: { mode: 'fixed', text: null, byTarget: { es: 'cabeceras corridas' } } },
    { ...HERE, term: 'footnote markers', translate: { mode: 'fixed', text: 'llamadas de nota', byTarget: {} } },
  ];
  await setSettings(background, { targetLanguage: 'es', confirmPageTranslation: true, glossary: entries });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1000, height: 700 });
  await page.goto(`${pages.url}/doc/paper`);
  await chooseMenuEntry(context, background, extensionId, page, 'translate-page', null);
  await page.waitForURL(/reader\.html\?file=/);
  await findAxNode(context, page, 'dialog', 'Translate this page');
  const screen = Number(/On screen now: up to ([\d,]+) credits/.exec(await inPageUiText(context, page, 'voxlate-page-translate'))![1]!.replace(/,/g, ''));
  await clickAxNode(context, page, await findAxNode(context, page, 'button', /^Only what is on screen \(/));
  const boxes = () => page.evaluate(() => [...document.querySelectorAll('.voxlate-translation-box.translated p')].map((p) => p.firstChild?.textContent ?? '').join(' '));
  await expect.poll(boxes).toContain('llamadas de nota');
  const shown = await boxes();
  expect(shown).toContain('Papers');
  expect(shown).toContain('cabeceras corridas');
  expect(shown).not.toMatch(/running headers|footnote markers/u);
  expect(shown).not.toMatch(MARKER);
  await expect.poll(async () => (await inPageUiText(context, page, 'voxlate-page-translate')).includes('Translating…')).toBe(false);
  const requests = (await emulatorLog(emulator.url)).filter((r) => r.path === '/api/v1/translate' && r.status === 200);
  const charged = await translateCharges(emulator.url);
  expect(charged).toEqual(requests.map((r) => Math.ceil(r.textLength! / 10)));
  expect(charged.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(screen);
});

test('a reading sends (and pays for) a glossary term as its "say as" says, the page showing it as written', async ({ context, background, extensionId, emulator, pages }) => {
  await connectService(background, emulator.url, 'demo-pro');
  await setSettings(background, { glossary: [{ ...KEEP, say: 'Vox late' }, BOARD] });
  const page = await context.newPage();
  await page.goto(`${pages.url}/fixtures/article.html`);
  await page.evaluate((text) => {
    const p = document.createElement('p');
    p.id = 'glossary';
    p.textContent = text;
    document.body.prepend(p);
  }, TEXT);
  await selectText(page, '#glossary');
  await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-selection');
  await expect.poll(() => spokenTexts(emulator.url)).toContainEqual(expect.stringMatching(/^Vox late reads the harbour board notices/u));
  await stopReadingAndSettle(background);
  expect(await page.locator('#glossary').textContent()).toBe(TEXT);
});

test('"Read aloud in Spanish" on a selection with glossary terms: what is heard has them exactly as the glossary says, the text around them translated, paid at its price', async ({ context, background, extensionId, emulator, pages }) => {
  const page = await startWith({ context, background, emulator, pages }, { targetLanguage: 'es', confirmAboveCredits: 1000, glossary: [KEEP, BOARD] }, '/fixtures/article.html');
  await page.evaluate((text) => {
    const p = document.createElement('p');
    p.id = 'glossary';
    p.textContent = text;
    document.body.prepend(p);
  }, TEXT);
  await selectText(page, '#glossary');
  await chooseMenuEntry(context, background, extensionId, page, 'read-translated');
  const said = async () => (await spokenTexts(emulator.url)).join(' ');
  await expect.poll(said).toMatch(/^Voxlate .*junta del puerto/u);
  await stopReadingAndSettle(background);
  expect(await said()).not.toMatch(/harbour/u);
  expect(await said()).not.toMatch(MARKER);
  // One translation, of the text around the terms (they are not sent), charged at its price.
  const translated = (await ledger(emulator.url)).entries.filter((e) => e.path === '/api/v1/translate');
  expect(translated.map((e) => [e.textStart.slice(0, 9), e.credits])).toEqual([['reads the', Math.ceil(translated[0]!.textLength / 10)]]);
});

test('a term added where the user meets it (the bubble\'s "Add to glossary…", the menu\'s form) is used by the next translation of the text: one new request', async ({
  context, background, extensionId, emulator, pages,
}) => {
  const page = await startWith({ context, background, emulator, pages }, { targetLanguage: 'es', confirmAboveCredits: 1000, glossary: [] }, '/fixtures/article.html');
  await page.evaluate((text) => {
    const p = document.createElement('p');
    p.id = 'glossary';
    p.textContent = text;
    document.body.prepend(p);
  }, TEXT);
  const glossary = () => background.evaluate(async () => ((await chrome.storage.local.get('settings')) as { settings: { glossary: unknown[] } }).settings.glossary);
  const formText = () => inPageUiText(context, page, 'voxlate-glossary');
  const addedNote = () => expect.poll(() => inPageUiText(context, page, 'voxlate-notice')).toContain('is in your glossary');
  await selectText(page, '#glossary');
  await chooseMenuEntry(context, background, extensionId, page, 'voxlate-translate-selection');
  await untilInPageUiShows(context, page, emulator.url, 'Cost:');
  expect(await bubbleText(context, page)).not.toContain('junta del puerto');

  // The bubble offers a short selection it translated to the glossary, "translate as" filled in with its translation.
  await page.keyboard.press('Escape');
  await selectSnippet(page, 'harbour board');
  await clickMenu(background, page, 'voxlate-translate-selection');
  await untilInPageUiShows(context, page, emulator.url, 'Cost:');
  await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Add to glossary…'));
  await expect.poll(formText).toContain('Add “harbour board” to the glossary');
  // The focus is in the translation, filled in: the user writes their own.
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('junta del puerto');
  await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Add to glossary'));
  await addedNote();
  expect(await formText()).toBe('');

  // Right-click a selected word → "Add “…” to the glossary": the form, "keep it as is" chosen.
  await selectSnippet(page, 'Voxlate');
  await clickMenu(background, page, 'voxlate-glossary-add');
  await expect.poll(formText).toContain('Add “Voxlate” to the glossary');
  await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Add to glossary'));
  await expect.poll(glossary).toEqual([
    { ...BOARD, translate: { mode: 'fixed', text: null, byTarget: { es: 'junta del puerto' } } },
    KEEP,
  ]);

  // The same text again uses both entries: sent once more (its cache key holds the terms that matched), one request.
  const before = (await translateCharges(emulator.url)).length;
  await again(context, background, page);
  await untilInPageUiShows(context, page, emulator.url, 'Cost:');
  const shown = await bubbleText(context, page);
  expect(shown).toContain('Voxlate');
  expect(shown).toContain('junta del puerto');
  expect(await translateCharges(emulator.url)).toHaveLength(before + 1);
});

test('options: the glossary listed with how it matches; a term added there, exported as a CSV file, and a CSV file imported', async ({ openExtensionPage, background }) => {
  const options = await openExtensionPage('options.html#glossary');
  const section = options.locator('#glossary');
  await expect(section.getByText('matches whole words only')).toBeVisible();
  await section.getByLabel('Term', { exact: true }).fill('Voxlate');
  await section.getByRole('button', { name: 'Add term' }).click();
  await expect(section.getByRole('list', { name: 'Glossary terms' })).toContainText('Voxlate kept as is');

  await section.getByRole('button', { name: 'Export CSV' }).click();
  const { filename } = await completedDownload(background);
  expect(filename).toMatch(/voxlate-glossary\.csv$/u);
  expect(readFileSync(filename, 'utf8')).toBe('\uFEFFterm,translate,translation,say,language,site,case\r\nVoxlate,keep,,,,,auto\r\n');

  await section.getByLabel('Import CSV').setInputFiles({ name: 'terms.csv', mimeType: 'text/csv', buffer: Buffer.from('term,translation:es,say\nharbour board,junta del puerto,\nnginx,,engine x\n,nothing,\n') });
  await expect(section.getByRole('status')).toContainText('Terms imported: 2. Lines not taken (check them in the file, then import it again): 4.');
  await expect(section.getByRole('list', { name: 'Glossary terms' })).toContainText('harbour board → junta del puerto (Spanish)');
  const stored = await background.evaluate(async () => ((await chrome.storage.local.get('settings')) as { settings: { glossary: { term: string }[] } }).settings.glossary.map((e) => e.term));
  expect(stored).toEqual(['Voxlate', 'harbour board', 'nginx']);
  // It fits the sync quota: a copy follows the browser's account.
  await expect(section.getByText('the glossary goes with it')).toBeVisible();
  await expect.poll(() => background.evaluate(async () => JSON.stringify(await chrome.storage.sync.get(null)))).toContain('harbour board');

  // Deleted from the list: gone from the glossary.
  await section.getByRole('button', { name: 'Delete nginx' }).click();
  await expect(section.getByRole('list', { name: 'Glossary terms' })).not.toContainText('nginx');
});

test('options: a glossary copy arriving from the browser\'s account after the install (the local glossary empty) is taken and listed', async ({ openExtensionPage, background }) => {
  await setSettings(background, { glossary: [] });
  const options = await openExtensionPage('options.html#glossary');
  const section = options.locator('#glossary');
  await expect(section.getByText('No terms yet.')).toBeVisible();
  // As the browser's sync writes it, later: the copy another browser of the account keeps (its count, its pieces).
  await background.evaluate((text) => chrome.storage.sync.set({ glossary: 1, 'glossary.0': text }), JSON.stringify([BOARD]));
  await expect(section.getByRole('list', { name: 'Glossary terms' })).toContainText('harbour board → junta del puerto (Spanish)');
});

test('a long text with a glossary term whose requests together cost more than the balance says so before anything is paid', async ({ context, background, extensionId, emulator, pages }) => {
  await connectService(background, emulator.url, 'demo-pro');
  await setSettings(background, { targetLanguage: 'es', confirmAboveCredits: 100_000, glossary: [BOARD] });
  // Two requests of about 400 credits each (the text around the term, past one request's length): the balance pays for one.
  await fetch(`${emulator.url}/__emulator/accounts`, { method: 'POST', body: JSON.stringify({ key: 'demo-pro', credits: 600 }) });
  const page = await context.newPage();
  await page.goto(`${pages.url}/fixtures/article.html`);
  await page.evaluate((text) => {
    const p = document.createElement('p');
    p.id = 'glossary';
    p.textContent = text;
    document.body.prepend(p);
  }, `${'The tide came in. '.repeat(220)}The harbour board met. ${'The boats went out. '.repeat(200)}`);
  await selectText(page, '#glossary');
  await chooseMenuEntry(context, background, extensionId, page, 'voxlate-translate-selection');
  await untilInPageUiShows(context, page, emulator.url, "You don't have enough credits");
  expect(await bubbleText(context, page)).toContain('your balance is 600');
  expect(await translateCharges(emulator.url)).toEqual([]);
});

test('options: the pronunciation editor keeps a glossary of more pairs than its old cap of 500 whole', async ({ openExtensionPage, background }) => {
  const pairs = Array.from({ length: 600 }, (_, i) => ({ term: `word${i}`, translate: { mode: 'free' }, say: `said ${i}`, language: null, site: null, case: 'auto' }));
  // Stored at the current version (as the extension writes them): no migration runs over them.
  await background.evaluate((glossary) => chrome.storage.local.set({ settings: { glossary }, settings$: { v: 3 } }), pairs);
  const options = await openExtensionPage('options.html#pronunciation');
  const section = options.locator('#pronunciation');
  await section.getByLabel('Written as').fill('Zed');
  await section.getByLabel('Say it as').fill('zee');
  await section.getByRole('button', { name: 'Add' }).click();
  await expect(section.getByRole('status')).toContainText('Added');
  const stored = await background.evaluate(async () => ((await chrome.storage.local.get('settings')) as { settings: { glossary: { term: string }[] } }).settings.glossary.map((e) => e.term));
  expect(stored).toEqual([...pairs.map((p) => p.term), 'Zed']);
});

// Captions (issue 39) with the glossary: a term kept (and said as its "say as") and one translated as the entry says, on this site.
const BRIDGE = bridge('localhost');

test('captions translated with glossary terms show them exactly (one kept for this site), no marker; heard, a term is said as its "say as"; the ledger is the words around the terms, within the figures agreed to', async ({
  context, background, extensionId, emulator, pages,
}) => {
  await fetch(`${emulator.url}/__emulator/translator`, { method: 'POST', body: JSON.stringify({ mode: 'realistic' }) });
  await connectService(background, emulator.url, 'demo-pro');
  await setSettings(background, { targetLanguage: 'es', glossary: [RIVER, BRIDGE] });
  const page = await openVideoPage(context, pages.url, 'captions-track.html');
  await chooseMenuEntry(context, background, extensionId, page, 'voxlate-translate-captions', null);
  const captions = () => inPageUiText(context, page, 'voxlate-captions');
  const upTo = async (question: string) => {
    await expect.poll(captions).toMatch(new RegExp(`${question}.*up to [\\d,]+ for the whole video`, 'su'));
    return Number(/up to ([\d,]+) for the whole video/u.exec(await captions())![1]!.replace(/,/gu, ''));
  };
  // Up to each caption's pieces around its terms, each with its separator: 3 + 2 + 3 + 4 (14 for the captions as they are).
  const translating = await upTo('Translate this video');
  expect(translating).toBe(12);
  await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Translate'));
  await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Listen in Spanish'));
  const hearing = await upTo('Hear this video');
  await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Listen'));

  // Agreed while paused: the first two captions go at once, as the words around their terms.
  await playVideoUntil(page, 2.4);
  await expect.poll(captions).toMatch(/Boats wait by the old bridge\.\s*\S.* Puente Viejo\./u);
  expect(await captions()).not.toMatch(MARKER);
  const said = () => spokenTexts(emulator.url);
  // The first caption's translation kept "river" exactly; its speech says it as the glossary says.
  await expect.poll(said).toContainEqual(expect.stringMatching(/^\S.* rivver \S/u));
  expect((await said()).join(' ')).not.toMatch(/\briver\b/u);
  const entries = (await ledger(emulator.url)).entries;
  expect(entries.filter((e) => e.path === '/api/v1/translate').map((e) => [e.textStart, e.credits])).toEqual([['The\n\nrises at dawn.\n\nBoats wait by the', 4]]);
  expect(entries.reduce((sum, e) => sum + e.credits, 0)).toBeLessThanOrEqual(hearing);
});
