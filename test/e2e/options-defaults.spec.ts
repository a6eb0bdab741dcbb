import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { putRecord, storedRecords } from '../support/database';
import {
  chooseMenuEntry,
  clickMenu,
  emulatorLog,
  inPageUiText,
  pressShortcut,
  selectText,
  speechRequests,
  waitForStatus,
} from '../support/extension';

const FIRST = 'The morning was cool and bright.';

/** A tts line of the emulator log, with the speed and format the extension sent. */
interface TtsLine {
  textStart: string | null;
  voiceId: string | null;
  language: string | null;
  speed: number | null;
  format: string | null;
}

/** Connects the service through the options page, as a user does, and waits for the voices. */
async function connectInOptions(page: Page, serviceUrl: string): Promise<void> {
  await page.getByLabel('Service address').fill(serviceUrl);
  await page.getByLabel('API key', { exact: true }).fill('demo-pro');
  await page.getByRole('button', { name: 'Save and test' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toContainText('pro@demo.test');
  await expect(page.getByText(/\d+ voices in \d+ languages/)).toBeVisible();
}

test.describe('options: defaults', () => {
  test('voice per language, speed, format and target chosen here are used by right-click reading and translation', async ({
    context, background, extensionId, emulator, pages, openExtensionPage,
  }) => {
    const options = await openExtensionPage('options.html');
    await connectInOptions(options, emulator.url);

    const english = options.getByRole('group', { name: 'Voice for each language' }).getByLabel('English', { exact: true });
    await english.selectOption({ label: 'Oliver (male)' });
    const speed = options.getByRole('slider', { name: /Speed/ });
    await speed.focus();
    for (let i = 0; i < 10; i++) await options.keyboard.press('ArrowRight');
    await expect(options.getByText('Speed: 1.50×')).toBeVisible();
    await options.getByLabel('Audio format').selectOption('wav');
    await options.getByLabel('Translate into').selectOption({ label: 'Deutsch (German)' });
    await expect
      .poll(() => background.evaluate(async () => (await chrome.storage.local.get('settings')).settings))
      .toMatchObject({ voices: { byLanguage: { en: 'en-oliver' } }, speed: 1.5, format: 'wav', targetLanguage: 'de' });

    // A reading started from the page's context menu speaks with those choices.
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/article.html`);
    await selectText(page, '#first');
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-selection');
    await waitForStatus(background, 'playing');
    const requests = (await speechRequests(emulator.url)) as unknown as TtsLine[];
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) expect(request).toMatchObject({ voiceId: 'en-oliver', language: 'en', speed: 1.5, format: 'wav' });
    await pressShortcut(background, 'stop-reading');

    // A translation goes into the chosen target.
    await selectText(page, '#second');
    await clickMenu(background, page, 'voxlate-translate-selection');
    await expect.poll(() => inPageUiText(context, page, 'voxlate-bubble')).toContain('[DE]');
    const translations = (await emulatorLog(emulator.url)).filter((r) => r.path === '/api/v1/translate');
    expect(translations.map((r) => r.language)).toEqual(['German']);

    // "Automatic" removes the language's own voice; "Browser language" follows the browser again.
    await options.bringToFront();
    await english.selectOption({ label: 'Automatic' });
    await options.getByLabel('Translate into').selectOption({ label: 'Browser language (English)' });
    await expect
      .poll(() => background.evaluate(async () => (await chrome.storage.local.get('settings')).settings))
      .toMatchObject({ voices: { byLanguage: {} }, targetLanguage: null });
  });

  test('the keyboard shortcuts are listed with their keys and how to change them', async ({ context, background, openExtensionPage }) => {
    const options = await openExtensionPage('options.html');
    const table = options.getByRole('table');
    // Whatever the browser has assigned (a headless profile may leave the suggested keys unset).
    const commands = await background.evaluate(() => chrome.commands.getAll());
    const shortcutOf = (name: string) => commands.find((c) => c.name === name)?.shortcut || 'Not set';
    for (const [name, description] of [
      ['read-aloud', 'Read the selection, or the page, aloud'],
      ['pause-resume', 'Pause or resume reading'],
      ['stop-reading', 'Stop reading'],
      ['translate-selection', 'Translate the selection'],
    ] as const) {
      const row = table.getByRole('row', { name: new RegExp(description) });
      await expect(row.getByRole('cell').nth(1)).toHaveText(shortcutOf(name));
    }
    await expect(options.getByText(/chrome:\/\/extensions\/shortcuts/)).toBeVisible();
    const opened = context.waitForEvent('page');
    await options.getByRole('button', { name: 'Change shortcuts' }).click();
    await expect.poll(async () => (await opened).url()).toBe('chrome://extensions/shortcuts');
  });

  test('the permissions are listed with the reason for each', async ({ openExtensionPage, emulator }) => {
    const options = await openExtensionPage('options.html');
    await connectInOptions(options, emulator.url);
    const list = options.getByRole('region', { name: 'Permissions' });
    for (const [name, why] of [
      ['activeTab', 'and no other tab'],
      ['scripting', 'nothing runs on pages before you do'],
      ['contextMenus', 'Read aloud'],
      ['storage', 'Keep your settings'],
      ['downloads', 'Save the audio files'],
      ['offscreen', 'Keep audio playing'],
    ]) {
      await expect(list.getByRole('term').filter({ hasText: name })).toBeVisible();
      await expect(list.getByRole('definition').filter({ hasText: why })).toBeVisible();
    }
    // The test build is granted loopback at install; it is the service's address here.
    await expect(list.getByRole('term').filter({ hasText: 'http://127.0.0.1/*' })).toBeVisible();
    await expect(list.getByRole('definition').filter({ hasText: "Your service's address" })).toBeVisible();
  });
});

test.describe('options: stored data', () => {
  test('clearing cached audio (after confirming) makes the next reading ask the service again', async ({
    context, background, extensionId, emulator, pages, openExtensionPage,
  }) => {
    const options = await openExtensionPage('options.html');
    await connectInOptions(options, emulator.url);
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/article.html`);
    const readFirst = async () => {
      await page.bringToFront();
      await selectText(page, '#first');
      await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-selection');
      await waitForStatus(background, 'playing');
      await pressShortcut(background, 'stop-reading');
    };
    const firstSentenceRequests = async () => (await speechRequests(emulator.url)).filter((r) => r.textStart === FIRST).length;
    await readFirst();
    await readFirst();
    expect(await firstSentenceRequests()).toBe(1);

    await options.bringToFront();
    await options.reload();
    const audio = options.getByRole('group', { name: 'Cached audio' });
    await expect(audio).toContainText(/Entries: [1-9]\d* · [\d.]+ kB/);
    await audio.getByRole('button', { name: 'Clear cached audio' }).click();
    const question = audio.getByRole('alertdialog');
    await expect(question).toContainText('will use credits again');
    // Cancel keeps everything; confirming clears it and says so.
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(audio).toContainText(/Entries: [1-9]/);
    await expect(audio.getByRole('button', { name: 'Clear cached audio' })).toBeFocused();
    await audio.getByRole('button', { name: 'Clear cached audio' }).click();
    await audio.getByRole('button', { name: 'Yes, clear' }).click();
    await expect(audio.getByRole('status')).toHaveText('Cached audio cleared.');
    await expect(audio).toContainText('Empty');

    await readFirst();
    expect(await firstSentenceRequests()).toBe(2);
  });

  test('cached translations and the translation history can be cleared', async ({
    context, background, extensionId, emulator, pages, openExtensionPage,
  }) => {
    const options = await openExtensionPage('options.html');
    await connectInOptions(options, emulator.url);
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/article.html`);
    await selectText(page, '#second');
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-translate-selection');
    await expect.poll(() => inPageUiText(context, page, 'voxlate-bubble')).toContain('Balance');
    const earlier = { id: '1', sourceText: 'Hello', translation: '[ES] Hello', sourceLanguage: 'en', targetLanguage: 'es', cost: 1, at: Date.now() - 60_000 };
    await putRecord(background, 'history', earlier);

    await options.bringToFront();
    await options.reload();
    const translations = options.getByRole('group', { name: 'Cached translations' });
    const history = options.getByRole('group', { name: 'Translation history' });
    await expect(translations).toContainText('Entries: 1 ·');
    // The one seeded and the one just made.
    await expect(history).toContainText('Translations: 2');
    await translations.getByRole('button', { name: 'Clear cached translations' }).click();
    await translations.getByRole('button', { name: 'Yes, clear' }).click();
    await expect(translations.getByRole('status')).toHaveText('Cached translations cleared.');
    await expect(translations).toContainText('Empty');
    await history.getByRole('button', { name: 'Clear history' }).click();
    await history.getByRole('button', { name: 'Yes, clear' }).click();
    await expect(history.getByRole('status')).toHaveText('Translation history cleared.');
    await expect(history).toContainText('Empty');
    expect(await storedRecords(background, 'history')).toEqual([]);
    expect(await storedRecords(background, 'translations')).toEqual([]);
    expect(await storedRecords(background, 'translationMeta')).toEqual([]);
    expect(await background.evaluate(async () => Object.keys(await chrome.storage.local.get(null)).filter((k) => k.startsWith('translation')))).toEqual([]);
  });
});
