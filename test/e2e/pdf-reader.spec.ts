import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { connectService, expect, setSettings, test } from './fixtures';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { completedDownload, decodedSeconds } from '../support/downloads';
import { chooseMenuEntry, clickAxNode, clickMenu, clickToolbarButton, confirmOnPage, emulatorLog, findAxNode, inPageUiText, ledger, readingSession, speechRequests, startsUnderWay, waitForStatus, watchHighlights } from '../support/extension';
import { PAPER } from '../fixtures/pdf/paper-text';
import { JAPANESE } from '../fixtures/pdf/cjk-text';
import { LOCKED } from '../fixtures/pdf/make';

/**
 * Opens one of our PDFs in the reader the way a user does from the page of links: the click grants
 * the page, then "Open in Voxlate reader" on the link (as the browser reports that menu click).
 */
async function openFromLink(f: { context: BrowserContext; background: Worker; extensionId: string; pages: { url: string } }, name: string): Promise<Page> {
  const page = await f.context.newPage();
  await page.goto(`${f.pages.url}/fixtures/pdf-links.html`);
  await clickToolbarButton(f.context, page, f.extensionId);
  const opened = f.context.waitForEvent('page');
  await f.background.evaluate(
    async ([url, linkUrl]) => {
      const [tab] = await chrome.tabs.query({ url });
      const hooks = (globalThis as never as { voxlateTestHooks: { onMenuClick: (i: unknown, t: unknown) => boolean } }).voxlateTestHooks;
      if (!hooks.onMenuClick({ menuItemId: 'voxlate-open-pdf-link', linkUrl, pageUrl: url, frameId: 0, editable: false }, tab)) throw new Error('not handled');
    },
    [page.url(), `${f.pages.url}/fixtures/pdf/${name}`] as const,
  );
  const reader = await opened;
  await reader.waitForURL(/reader\.html\?file=/);
  return reader;
}

/** The emulator's speech price: ceil(characters / 100), at least 1 credit a request. */
const speechCost = (length: number) => Math.max(1, Math.ceil(length / 100));

test.describe('PDFs: the Voxlate reader', () => {
  test('"Read this page aloud" on a PDF tab (at an address that does not say so) opens it in the reader and reads it in reading order, the sentence lit in its text layer; what is charged is what was sent', async ({ context, background, extensionId, emulator, pages }) => {
    const t0 = Date.now();
    await connectService(background, emulator.url, 'demo-pro');
    const page = await context.newPage();
    await page.goto(`${pages.url}/doc/paper`);
    const highlights = await watchHighlights(page, { fromNextPage: true });

    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-page');
    await page.waitForURL(`chrome-extension://${extensionId}/reader.html?file=${encodeURIComponent(`${pages.url}/doc/paper`)}`);
    await waitForStatus(background, 'playing');
    expect((await readingSession(background))?.title).toBe(PAPER.title);
    // The title is a request of its own (sound starts fast), and the highlight moves on with the audio.
    const sent = async () => (await speechRequests(emulator.url)).filter((r) => Date.parse(r.time) >= t0);
    expect((await sent()).find((r) => r.textStart === PAPER.title)).toMatchObject({ textLength: PAPER.title.length, language: 'en' });
    await expect.poll(async () => (await highlights()).slice(0, 2), { timeout: 30_000 }).toEqual([PAPER.title, PAPER.authors]);
    // The reader's page is shown as pdf.js draws it: pages with a text layer, and the toolbar.
    await expect(page.getByRole('toolbar', { name: 'PDF reader' })).toBeVisible();
    await expect(page.getByRole('spinbutton', { name: 'Page number' })).toHaveValue('1');
    expect(await page.locator('.page').count()).toBe(2);

    // The in-page player is on the reader's page, and works: Pause pauses.
    await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Pause'));
    await waitForStatus(background, 'paused');

    // Stopped: nothing more is sent, and the ledger holds exactly the requests sent, each at its price.
    await background.evaluate(() => (globalThis as unknown as { voxlateTestHooks: { onCommand(c: string, tab?: unknown): boolean } }).voxlateTestHooks.onCommand('stop-reading'));
    await expect.poll(async () => (await readingSession(background))?.status ?? 'stopped').not.toBe('playing');
    // What was on the wire at Stop finishes (into the cache) and is charged; nothing after it is sent.
    const underWay = () => background.evaluate(() => (globalThis as unknown as { voxlateTestHooks: { requestsUnderWay(): { active: number; waiting: number } } }).voxlateTestHooks.requestsUnderWay());
    await expect.poll(underWay).toEqual({ active: 0, waiting: 0 });
    const requests = (await sent()).filter((r) => r.status === 200);
    const charges = (await ledger(emulator.url)).entries.filter((e) => Date.parse(e.time) >= t0 && e.path === '/api/v1/tts');
    expect(charges.map((c) => c.textStart).sort()).toEqual(requests.map((r) => r.textStart).sort());
    for (const charge of charges) expect(charge.credits).toBe(speechCost(charge.textLength));
    // The first sentence (the title) is bought once, whoever asks for it first (issue 41: the worker
    // before the reader exists, then the reader taking the reading over), and so is every other.
    expect(charges.filter((c) => c.textStart === PAPER.title)).toHaveLength(1);
    expect(new Set(charges.map((c) => `${c.textStart} ${c.textLength}`)).size).toBe(charges.length);
  });

  test('"Open in Voxlate reader" on a link to a PDF opens it in the reader in a new tab beside the page; nothing is read or charged until asked, then Read aloud reads it', async ({ context, background, extensionId, emulator, pages }) => {
    const t0 = Date.now();
    await connectService(background, emulator.url, 'demo-pro');
    // Everything the reader shows comes with the extension (pdf.js, its worker, fonts, maps), or is the PDF itself.
    const fetched: string[] = [];
    context.on('request', (request) => fetched.push(request.url()));
    const reader = await openFromLink({ context, background, extensionId, pages }, 'report.pdf');
    await expect(reader.locator('.textLayer').first()).toContainText('Annual Report on Listening');
    const ours = (url: string) => [`chrome-extension://${extensionId}/`, `${pages.url}/`, `${emulator.url}/`, 'data:', 'blob:'].some((start) => url.startsWith(start));
    expect(fetched.filter((url) => !ours(url))).toEqual([]);
    expect(fetched).toContainEqual(expect.stringMatching(new RegExp(`^chrome-extension://${extensionId}/assets/pdf\\.worker`)));
    await expect(reader).toHaveTitle('Voxlate Annual Report');
    expect((await speechRequests(emulator.url)).filter((r) => Date.parse(r.time) >= t0)).toEqual([]);

    await reader.getByRole('button', { name: 'Read aloud' }).click();
    await waitForStatus(background, 'playing');
    const sent = (await speechRequests(emulator.url)).filter((r) => Date.parse(r.time) >= t0);
    expect(sent.map((r) => r.textStart)).toContain('Annual Report on Listening');
    // The running header and the "Page N of M" footers are not read.
    expect(sent.map((r) => r.textStart).join(' ')).not.toMatch(/Voxlate Annual Report 2026|Page \d of/);
  });

  test('in the reader, "Read aloud from here" after a click in the text starts at the clicked sentence (the second column too)', async ({ context, background, extensionId, emulator, pages }) => {
    const t0 = Date.now();
    await connectService(background, emulator.url, 'demo-pro');
    const reader = await openFromLink({ context, background, extensionId, pages }, 'paper.pdf');
    // A word in the right-hand column of page 1: "2 Method"'s first sentence.
    const word = reader.locator('.page[data-page-number="1"] .textLayer span', { hasText: 'We measured how long people needed' });
    await word.click({ position: { x: 30, y: 5 } });
    const highlights = await watchHighlights(reader);
    const words = await watchHighlights(reader, { name: 'voxlate-word' });
    await clickMenu(background, reader, 'read-from-here');
    await waitForStatus(background, 'playing');
    const sent = (await speechRequests(emulator.url)).filter((r) => Date.parse(r.time) >= t0);
    expect(sent.map((r) => r.textStart)).toContainEqual(expect.stringMatching(/^We measured how long people needed to find their place again/));
    // Nothing before the click is read (or paid for).
    expect(sent.map((r) => r.textStart)).not.toContainEqual(expect.stringMatching(/^(Listening to Papers|Scientific papers|A listener who)/));
    await expect.poll(async () => (await highlights())[0]).toMatch(/^We measured how long people needed/);
    // Word by word in the text layer too: its first words lit one after another (issue 21).
    const sentence = ['We', 'measured', 'how', 'long', 'people', 'needed', 'to', 'find'];
    // The words lit before the first one of another sentence.
    const litHere = async () => {
      const seen = await words();
      const other = seen.findIndex((w) => !sentence.includes(w));
      return other < 0 ? seen : seen.slice(0, other);
    };
    await expect.poll(async () => (await litHere()).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    const order = (await litHere()).map((w) => sentence.indexOf(w));
    expect(order, `words lit: ${(await words()).join(' | ')}`).toEqual([...order].sort((a, b) => a - b));
  });

  test('"Translate this page" on a PDF tab opens the reader, shows the cost first, translates the paragraphs on screen over the page, more on scrolling, each paid once at its price', async ({ context, background, extensionId, emulator, pages }) => {
    const t0 = Date.now();
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'es' });
    const page = await context.newPage();
    await page.setViewportSize({ width: 1000, height: 700 });
    await page.goto(`${pages.url}/doc/paper`);
    await chooseMenuEntry(context, background, extensionId, page, 'translate-page', null);
    await page.waitForURL(/reader\.html\?file=/);

    // The estimate, before anything is sent.
    await findAxNode(context, page, 'dialog', 'Translate this page');
    const panel = await inPageUiText(context, page, 'voxlate-page-translate');
    const screenCost = Number(/On screen now: up to ([\d,]+) credits/.exec(panel)![1]!.replace(/,/g, ''));
    const translations = async () => (await emulatorLog(emulator.url)).filter((r) => r.path === '/api/v1/translate' && Date.parse(r.time) >= t0);
    expect(await translations()).toEqual([]);

    await clickAxNode(context, page, await findAxNode(context, page, 'button', /^Only what is on screen \(/));
    const boxes = page.locator('.voxlate-translation-box.translated');
    await expect.poll(() => boxes.count()).toBeGreaterThan(2);
    await expect(boxes.first().locator('p')).toHaveAttribute('lang', 'es');
    // Each translation fits the place of its paragraph (its text made smaller where needed).
    await expect.poll(() => page.evaluate(() => [...document.querySelectorAll('.voxlate-translation-box.translated')].filter((b) => b.scrollHeight > b.clientHeight + 1).length)).toBe(0);
    // What is on page 2 is not sent before the reader gets there.
    const sentBefore = (await translations()).map((r) => r.textStart).join(' | ');
    expect(sentBefore).not.toContain('Reading order is the first thing a listener notices');
    const charged = (await ledger(emulator.url)).entries.filter((e) => Date.parse(e.time) >= t0);
    expect(charged.reduce((sum, e) => sum + e.credits, 0)).toBeLessThanOrEqual(screenCost);

    // Scrolled to the end: the rest is asked for (past the screen's figure it asks first) and the ledger holds each request once at its price.
    await page.locator('#viewerContainer').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(async () => (await inPageUiText(context, page, 'voxlate-page-translate')) + (await translations()).map((r) => r.textStart).join(' ')).toMatch(/Reading order is the first thing a listener notices|Resume/);
    const requests = await translations();
    const entries = (await ledger(emulator.url)).entries.filter((e) => Date.parse(e.time) >= t0);
    expect(entries.map((e) => e.credits)).toEqual(requests.filter((r) => r.status === 200).map((r) => Math.ceil(r.textLength! / 10)));
  });

  test('the reader’s notices sit below its toolbar: a question about the cost leaves every button of the toolbar in reach', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { confirmAboveCredits: 1 });
    const reader = await openFromLink({ context, background, extensionId, pages }, 'paper.pdf');
    await reader.getByRole('button', { name: 'Read aloud' }).click();
    // A question stays until answered (before, it sat over Read aloud and Download audio).
    await expect.poll(() => inPageUiText(context, reader, 'voxlate-notice')).toMatch(/credits/);
    const covered = await reader.evaluate(() =>
      [...document.querySelectorAll('.toolbar button')].flatMap((button) => {
        const box = button.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return top === button || button.contains(top) ? [] : [button.textContent];
      }),
    );
    expect(covered).toEqual([]);
    await confirmOnPage(context, reader);
    await waitForStatus(background, 'playing');
  });

  test('read again later, the document goes on from where the listener stopped (its place is kept per document)', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { speed: 2 });
    const reader = await openFromLink({ context, background, extensionId, pages }, 'paper.pdf');
    await reader.getByRole('button', { name: 'Read aloud' }).click();
    await waitForStatus(background, 'playing');
    await expect.poll(async () => (await readingSession(background))?.sentence ?? 0, { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
    await background.evaluate(() => (globalThis as unknown as { voxlateTestHooks: { onCommand(c: string): boolean } }).voxlateTestHooks.onCommand('stop-reading'));
    await expect.poll(() => readingSession(background)).toBeNull();
    const saved = await background.evaluate(async () => Object.values(((await chrome.storage.local.get('readingPositions')).readingPositions ?? {}) as Record<string, { url: string; sentence: number }>));
    // Kept by the document's own address: the same PDF opened again is the same document.
    const place = saved.find((p) => p.url === `${pages.url}/fixtures/pdf/paper.pdf`);
    expect(place!.sentence).toBeGreaterThanOrEqual(3);

    const t1 = Date.now();
    await reader.getByRole('button', { name: 'Read aloud' }).click();
    await waitForStatus(background, 'playing');
    expect((await readingSession(background))!.sentence).toBeGreaterThanOrEqual(place!.sentence);
    // Nothing before that place is asked for again.
    const again = (await speechRequests(emulator.url)).filter((r) => Date.parse(r.time) >= t1).map((r) => r.textStart);
    expect(again).not.toContain(PAPER.title);
  });

  test('"Download audio" saves the pages the user chose as one mp3: the cost is on the page before anything is sent, and exactly those pages are paid', async ({ context, background, extensionId, emulator, pages }) => {
    const t0 = Date.now();
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { confirmAboveCredits: 5 });
    const reader = await openFromLink({ context, background, extensionId, pages }, 'paper.pdf');
    await reader.getByRole('button', { name: 'Download audio', exact: true }).click();
    const dialog = reader.getByRole('dialog', { name: 'Download the audio of pages' });
    // The whole document by default; the user keeps only page 2.
    await expect(dialog.getByRole('spinbutton', { name: 'To page' })).toHaveValue('2');
    await dialog.getByRole('spinbutton', { name: 'From page' }).fill('2');
    await dialog.getByRole('button', { name: 'Download', exact: true }).click();
    await expect(dialog).toBeHidden();

    // Above the threshold: the figure and the button to agree are on the reader's page; nothing is sent meanwhile.
    const agree = await findAxNode(context, reader, 'button', /^Download audio \((about|up to) [\d,]+ credits?\)$/);
    expect(await inPageUiText(context, reader)).toMatch(/Downloading this as audio will cost (about|up to) [\d,]+ credits?: more than the 5 credits/);
    const figure = Number(/\((?:about|up to) ([\d,]+) credits?\)/.exec(agree.name)![1]!.replace(/,/g, ''));
    const sent = async () => (await speechRequests(emulator.url)).filter((r) => Date.parse(r.time) >= t0);
    expect(await sent()).toEqual([]);
    await clickAxNode(context, reader, agree);

    const file = await completedDownload(background);
    // Named after the document and the page (a colon is not allowed in a file name).
    expect(file.filename).toMatch(new RegExp(`${PAPER.title.replace(':', '')}, page 2( \\(\\d+\\))?\\.mp3$`));
    expect(await decodedSeconds(file.filename)).toBeGreaterThan(5);
    // Page 2's text (it starts with the footnote paragraph), without the running header seen on page 2 alone, and nothing of page 1.
    const requests = (await sent()).filter((r) => r.status === 200);
    const starts = requests.map((r) => r.textStart);
    expect(starts).toContainEqual(expect.stringMatching(/^Footnote markers are small raised numbers/));
    expect(starts.join(' | ')).not.toMatch(/Journal of Voxlate Studies|Listening to Papers|Scientific papers|A listener who|Running headers repeat|Long words are|We measured how long/);
    // Each request charged once at its price, within the figure agreed to.
    const charges = (await ledger(emulator.url)).entries.filter((e) => Date.parse(e.time) >= t0);
    expect(charges.map((c) => c.textStart).sort()).toEqual(requests.map((r) => r.textStart).sort());
    for (const charge of charges) expect(charge.credits).toBe(speechCost(charge.textLength));
    expect(charges.reduce((sum, c) => sum + c.credits, 0)).toBeLessThanOrEqual(figure);
  });

  test('"Open every PDF in the Voxlate reader" (off by default): on, a PDF a tab opens is shown in the reader with nothing read or paid, and Back returns to the browser\'s viewer for good', async ({ context, background, emulator, pages }) => {
    const t0 = Date.now();
    await connectService(background, emulator.url, 'demo-pro');
    // The test build has access to 127.0.0.1 as if the user had granted every site when turning the option on.
    const site = pages.url.replace('localhost', '127.0.0.1');
    // Off (the default): the browser's viewer shows the PDF. In a tab of its own, closed before the
    // option is turned on: the browser's word that it finished loading may reach the extension
    // after that, and must find no tab to act on.
    const before = await context.newPage();
    await before.goto(`${site}/doc/report`);
    await expect(before).toHaveURL(`${site}/doc/report`);
    await before.close();

    const page = await context.newPage();
    await setSettings(background, { openPdfsInReader: true });
    await page.goto(`${site}/doc/paper`);
    await page.waitForURL(/reader\.html\?file=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('file')!)).toBe(`${site}/doc/paper`);
    await expect(page.locator('.textLayer').first()).toContainText('Listening to Papers');
    await expect(page.getByRole('button', { name: 'Read aloud' })).toBeEnabled();
    // An ordinary page is left alone.
    await page.goto(`${site}/fixtures/article.html`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Back to the reader, Back again to the PDF as the browser shows it: the user went there on purpose.
    await page.goBack();
    await page.waitForURL(/reader\.html\?file=/);
    await page.goBack();
    await page.waitForURL(`${site}/doc/paper`);
    expect(await page.evaluate(() => document.contentType)).toBe('application/pdf');
    // The next PDF this tab opens goes to the reader, and it is that one (not the one left on purpose).
    await page.goto(`${site}/doc/report`);
    await page.waitForURL(/reader\.html\?file=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('file')!)).toBe(`${site}/doc/report`);
    await expect(page.locator('.textLayer').first()).toContainText('Annual Report on Listening');
    expect((await speechRequests(emulator.url)).filter((r) => Date.parse(r.time) >= t0)).toEqual([]);
  });

  test('the options\' PDFs section: "Open every PDF in the Voxlate reader" is off by default, and how to allow PDFs saved on this computer is said when they are not', async ({ openExtensionPage, background }) => {
    const options = await openExtensionPage('options.html');
    const section = options.getByRole('region', { name: 'PDFs' });
    await expect(section.getByRole('checkbox', { name: 'Open every PDF in the Voxlate reader' })).not.toBeChecked();
    const allowed = await background.evaluate(() => chrome.extension.isAllowedFileSchemeAccess());
    const hint = section.getByText('turn on “Allow access to file URLs” for Voxlate');
    if (allowed) await expect(hint).toHaveCount(0);
    else await expect(hint).toBeVisible();
  });

  test('a PDF saved on this computer (a file: address, where the browser allows the extension files) is read in the reader too', async ({ context, background, extensionId, emulator }) => {
    test.skip(!(await background.evaluate(() => chrome.extension.isAllowedFileSchemeAccess())), 'this browser gives the extension no file access');
    const t0 = Date.now();
    await connectService(background, emulator.url, 'demo-pro');
    const page = await context.newPage();
    const file = pathToFileURL(path.resolve(import.meta.dirname, '../fixtures/pdf/report.pdf')).href;
    await page.goto(file);
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-page');
    await page.waitForURL(/reader\.html\?file=file/);
    await waitForStatus(background, 'playing');
    const sent = (await speechRequests(emulator.url)).filter((r) => Date.parse(r.time) >= t0);
    expect(sent.map((r) => r.textStart)).toContain('Annual Report on Listening');
  });

  test('a password-protected PDF asks for its password, says when it is wrong, and opens and reads with the right one', async ({ context, background, extensionId, emulator, pages }) => {
    const t0 = Date.now();
    await connectService(background, emulator.url, 'demo-pro');
    const reader = await openFromLink({ context, background, extensionId, pages }, 'locked.pdf');
    await expect(reader.getByText('This PDF is protected by a password. Enter it to open the document.')).toBeVisible();
    const password = reader.getByLabel('Password');
    await expect(password).toBeFocused();
    await password.fill('not-the-password');
    await password.press('Enter');
    await expect(reader.getByText('That password is not right. Try again.')).toBeVisible();
    expect(await reader.locator('.textLayer').count()).toBe(0);
    await password.fill(LOCKED.userPassword);
    await reader.getByRole('button', { name: 'Open' }).click();
    await expect(reader.locator('.textLayer').first()).toContainText(LOCKED.title);
    await reader.getByRole('button', { name: 'Read aloud' }).click();
    await waitForStatus(background, 'playing');
    const sent = (await speechRequests(emulator.url)).filter((r) => Date.parse(r.time) >= t0);
    expect(sent.map((r) => r.textStart)).toContain(LOCKED.title);
  });

  test('"Read this page aloud" on a PDF left at its password form does not read the next PDF that tab opens: the action dies with its reader', async ({ context, background, extensionId, emulator, pages }) => {
    const t0 = Date.now();
    await connectService(background, emulator.url, 'demo-pro');
    const site = pages.url.replace('localhost', '127.0.0.1');
    const page = await context.newPage();
    await page.goto(`${site}/doc/locked`);
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-page');
    await page.waitForURL(/reader\.html\?file=/);
    // The reader waits for a password that never comes: it never gets to read.
    await expect(page.getByLabel('Password')).toBeFocused();
    // The same tab then opens another PDF, which "Open every PDF in the Voxlate reader" shows in a reader of its own.
    await setSettings(background, { openPdfsInReader: true });
    await page.goto(`${site}/doc/paper`);
    await page.waitForURL((url) => url.pathname.endsWith('/reader.html') && url.searchParams.get('file') === `${site}/doc/paper`);
    await expect(page.locator('.textLayer').first()).toContainText('Listening to Papers');
    await expect(page.getByRole('button', { name: 'Read aloud' })).toBeEnabled();
    // Ready: the worker has done what that reader was opened for (nothing).
    await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
    // Nothing read, nothing paid: the first reader's "read" went with it.
    expect(await startsUnderWay(background)).toBe(0);
    expect(await readingSession(background)).toBeNull();
    expect((await speechRequests(emulator.url)).filter((r) => Date.parse(r.time) >= t0)).toEqual([]);
  });

  test('a Japanese PDF is read in Japanese, its lines joined without spaces, its page number left out', async ({ context, background, extensionId, emulator, pages }) => {
    const t0 = Date.now();
    await connectService(background, emulator.url, 'demo-pro');
    const reader = await openFromLink({ context, background, extensionId, pages }, 'cjk.pdf');
    await expect(reader.locator('.textLayer').first()).toContainText(JAPANESE.title);
    await reader.getByRole('button', { name: 'Read aloud' }).click();
    await waitForStatus(background, 'playing');
    // The second request is asked for as the first plays: on a busy machine that can take a while.
    await expect.poll(async () => (await speechRequests(emulator.url)).filter((r) => Date.parse(r.time) >= t0).length, { timeout: 60_000 }).toBeGreaterThan(1);
    const sent = (await speechRequests(emulator.url)).filter((r) => Date.parse(r.time) >= t0);
    for (const request of sent) expect(request.language).toBe('ja');
    expect(sent.map((r) => r.textStart)).toContain(JAPANESE.title);
    // The first paragraph's first sentence, whole: no space where its lines were broken.
    const firstSentence = JAPANESE.paragraphs[0]!.slice(0, JAPANESE.paragraphs[0]!.indexOf('。') + 1);
    expect(sent.map((r) => r.textStart)).toContainEqual(expect.stringMatching(new RegExp(`^${firstSentence.slice(0, 40)}`)));
    expect(sent.map((r) => r.textStart)).not.toContain('1');
    expect(sent.map((r) => r.textStart).join('')).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff] [\u3040-\u30ff\u4e00-\u9fff]/);
  });

  test('a selection in the reader is translated in the bubble beside it, paid once at its price', async ({ context, background, extensionId, emulator, pages }) => {
    const t0 = Date.now();
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'es' });
    const reader = await openFromLink({ context, background, extensionId, pages }, 'paper.pdf');
    const span = reader.locator('.page[data-page-number="1"] .textLayer span', { hasText: 'We measured how long people needed' }).first();
    const text = await span.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const selection = getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      return selection.toString();
    });
    await clickMenu(background, reader, 'voxlate-translate-selection');
    await expect.poll(() => inPageUiText(context, reader, 'voxlate-bubble')).toContain('[ES]');
    expect(await inPageUiText(context, reader, 'voxlate-bubble')).toContain(`Cost: ${Math.ceil(text.trim().length / 10)} credits`);
    const charges = (await ledger(emulator.url)).entries.filter((e) => Date.parse(e.time) >= t0);
    expect(charges).toEqual([expect.objectContaining({ path: '/api/v1/translate', credits: Math.ceil(text.trim().length / 10) })]);
  });

  test('a scanned PDF says it has no text and nothing is sent', async ({ context, background, extensionId, emulator, pages }) => {
    const t0 = Date.now();
    await connectService(background, emulator.url, 'demo-pro');
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/pdf/scan.pdf`);
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-page');
    await page.waitForURL(/reader\.html/);
    await expect(page.getByRole('status').first()).toContainText('This PDF has no text, only pictures of text');
    await expect(page.getByRole('button', { name: 'Read aloud' })).toBeDisabled();
    expect((await speechRequests(emulator.url)).filter((r) => Date.parse(r.time) >= t0)).toEqual([]);
  });
});
