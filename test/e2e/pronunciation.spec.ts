import { connectService, expect, setSettings, test } from './fixtures';
import { completedDownload } from '../support/downloads';
import { chooseMenuEntry, ledger, selectSnippet, selectText, speechRequests, stopReadingAndSettle, untilEveryPartBought, waitForStatus, watchHighlights } from '../support/extension';

// Issue 21, item 3: "write → say" pairs change what is sent to the speech service, never the page.
const FIRST = 'The morning was cool and bright.';
const SECOND = 'Dr. Smith walked to the old oak tree at 7.30 a.m. and sat down on the bench.';

test.describe('pronunciation', () => {
  test('a pair changes what is sent (and paid for), not what is highlighted; a pair for another site is left out', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, {
      pronunciations: [
        { write: 'Smith', say: 'Smythe', language: null, site: null },
        { write: 'oak', say: 'oke', language: null, site: 'example.com' },
        { write: 'bench', say: 'banch', language: 'fr', site: null },
      ],
    });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/article.html`);
    await selectText(page, '#first');
    const highlights = await watchHighlights(page);
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-selection');
    await waitForStatus(background, 'playing');
    // The page shows the sentence as written while it is read.
    await expect.poll(highlights, { timeout: 20_000 }).toEqual([FIRST, SECOND]);
    const second = (await speechRequests(emulator.url)).find((r) => r.textStart?.startsWith('Dr. '));
    expect(second?.textStart).toMatch(/^Dr\. Smythe walked to the old oak tree/);
    expect(second?.textLength).toBe(SECOND.length + 1);
    // What was charged is what was said.
    expect((await ledger(emulator.url)).entries.map((e) => e.textStart)).toContainEqual(expect.stringMatching(/^Dr\. Smythe walked/));
    await stopReadingAndSettle(background);
  });

  test('added in the options by its labelled fields, a pair is used from then on; audio it does not touch is not bought again', async ({ context, background, extensionId, emulator, pages, openExtensionPage }) => {
    await connectService(background, emulator.url, 'demo-pro');
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/article.html`);
    await selectText(page, '#first');
    const heard = await watchHighlights(page);
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-selection');
    await expect.poll(heard, { timeout: 20_000 }).toEqual([FIRST, SECOND]);
    await stopReadingAndSettle(background);
    const before = (await speechRequests(emulator.url)).length;

    const options = await openExtensionPage('options.html');
    const section = options.getByRole('region', { name: 'Pronunciation' });
    await section.getByLabel('Written as').fill('Smith');
    await section.getByLabel('Say it as').fill('Smythe');
    await section.getByRole('button', { name: 'Add' }).click();
    await expect(section.getByRole('status')).toHaveText('Added: “Smith” is said “Smythe”.');
    await expect(section.getByRole('list', { name: 'Your pronunciations' })).toContainText('Smith → Smythe');

    await page.bringToFront();
    await selectText(page, '#first');
    const again = await watchHighlights(page);
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-selection');
    await expect.poll(again, { timeout: 20_000 }).toEqual([FIRST, SECOND]);
    await stopReadingAndSettle(background);
    // Only the part with the word was asked for again, as said; the first sentence came from the cache.
    const after = (await speechRequests(emulator.url)).slice(before);
    expect(after.map((r) => r.textStart)).toEqual([expect.stringMatching(/^Dr\. Smythe walked/)]);

    // Removed, it is gone from the list (and from the settings).
    await options.bringToFront();
    await section.getByRole('button', { name: 'Remove “Smith”' }).click();
    await expect(section.getByRole('status')).toHaveText('Removed “Smith”.');
    await expect(section.getByRole('list', { name: 'Your pronunciations' })).toHaveCount(0);
  });

  test('"Fix pronunciation" on a selected word opens the options there, the word and the site filled in', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/article.html`);
    await selectSnippet(page, 'Smith');
    const opened = context.waitForEvent('page');
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-fix-pronunciation');
    const options = await opened;
    await options.waitForLoadState();
    // Neither the word nor the site is in the address (a private window's would go to the normal history).
    expect(options.url()).toBe(`chrome-extension://${extensionId}/options.html#pronunciation`);
    const section = options.getByRole('region', { name: 'Pronunciation' });
    await expect(section.getByLabel('Written as')).toHaveValue('Smith');
    await expect(section.getByLabel('Only on this site (optional)')).toHaveValue(new URL(pages.url).hostname);
    await expect(section.getByLabel('Say it as')).toBeFocused();
    await section.getByLabel('Say it as').fill('Smythe');
    await section.getByRole('button', { name: 'Add' }).click();
    await expect(section.getByRole('list', { name: 'Your pronunciations' })).toContainText('Smith → Smythe');
    const stored = await background.evaluate(async () => ((await chrome.storage.local.get('settings')).settings as { pronunciations: unknown[] }).pronunciations);
    expect(stored).toEqual([{ write: 'Smith', say: 'Smythe', language: null, site: new URL(pages.url).hostname }]);
    // Nothing was read or paid for.
    expect(await speechRequests(emulator.url)).toEqual([]);
  });

  test('a reading\'s figure counts its text as said: a pair that makes it longer can take it past the threshold, and the popup asks before anything is sent', async ({ background, emulator, openExtensionPage }) => {
    await connectService(background, emulator.url, 'demo-pro');
    // The price of speech learned already (the emulator's: a credit per 100 characters).
    await background.evaluate((serviceUrl) => chrome.storage.local.set({ speechPrice: { serviceUrl, byFormat: { mp3: { credits: 100, chars: 10_000, requests: 10 } } } }), emulator.url);
    await setSettings(background, { confirmAboveCredits: 10, pronunciations: [{ write: 'AI', say: 'artificial intelligence', language: null, site: null }] });
    // About 7 credits as written, about 16 as said.
    const text = Array.from({ length: 20 }, (_, i) => `Note ${i + 1}: AI reads, AI writes.`).join(' ');
    const popup = await openExtensionPage('popup.html');
    await popup.getByLabel('Text to read').fill(text);
    await popup.getByRole('button', { name: 'Play', exact: true }).click();
    const question = popup.getByRole('group', { name: /costs about [\d,]+ credits, more than the 10 credits you asked to confirm/ });
    await expect(question).toBeVisible();
    const figure = Number(/about ([\d,]+) credits/.exec((await question.getAttribute('aria-label')) ?? (await question.innerText()))![1]!.replace(/,/g, ''));
    expect(figure).toBeGreaterThanOrEqual(Math.ceil(text.replaceAll('AI', 'artificial intelligence').length / 100));
    expect(await speechRequests(emulator.url)).toEqual([]);

    await question.getByRole('button', { name: /^Play \(about [\d,]+ credits\)$/ }).click();
    await waitForStatus(background, 'playing');
    await untilEveryPartBought(background, emulator.url);
    const charged = (await ledger(emulator.url)).entries.reduce((sum, e) => sum + e.credits, 0);
    expect(charged).toBeGreaterThan(10);
    expect(charged).toBeLessThanOrEqual(figure);
  });

  test('a pair that makes the text longer keeps every request of a download within the service\'s limit: the file is saved, each part paid once', async ({ background, emulator, openExtensionPage }) => {
    await connectService(background, emulator.url, 'demo-pro');
    // "AI" said in full doubles the text: parts planned on the written text went past 5,000 characters.
    await setSettings(background, { format: 'wav', confirmAboveCredits: 1_000_000, pronunciations: [{ write: 'AI', say: 'artificial intelligence', language: null, site: null }] });
    const text = Array.from({ length: 180 }, (_, i) => `Note ${i + 1}: AI reads, AI writes.`).join(' ');
    const said = text.replaceAll('AI', 'artificial intelligence');
    expect(said.length).toBeGreaterThan(text.length * 1.9);
    const popup = await openExtensionPage('popup.html');
    await popup.getByLabel('Text to read').fill(text);
    await popup.getByRole('button', { name: 'Download', exact: true }).click();
    await completedDownload(background);
    const requests = await speechRequests(emulator.url);
    expect(requests.map((r) => r.status)).toEqual(requests.map(() => 200));
    // Each part as said: within the limit, the last ones near it; all of it said once.
    const lengths = requests.map((r) => r.textLength!);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(5000);
    expect(lengths.reduce((sum, n) => sum + n, 0)).toBe(said.length - (requests.length - 1));
    expect(requests.every((r) => r.textStart!.includes('artificial intelligence'))).toBe(true);
    const charged = (await ledger(emulator.url)).entries;
    expect(charged.map((e) => e.id).sort()).toEqual(requests.map((r) => r.id).sort());
    expect(charged.reduce((sum, e) => sum + e.credits, 0)).toBe(lengths.reduce((sum, n) => sum + Math.ceil(n / 100), 0));
  });
});
