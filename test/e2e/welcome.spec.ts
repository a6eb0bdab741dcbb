import type { BrowserContext, Locator, Page, Worker } from '@playwright/test';
import { axeViolations } from '../support/axe';
import { launchWithExtension, serviceWorkerOf, welcomePage } from '../support/browser';
import { ledger, stopReadingAndSettle } from '../support/extension';
import { connectService, expect, setSettings, test } from './fixtures';

const SAMPLE = 'Voxlate reads any text aloud in a natural voice. Select a few words on a page, and it translates them too.';

/** Presses Tab until `target` has the focus (at most `max` times): it is reached by keyboard alone. */
async function tabTo(page: Page, target: Locator, max = 12): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((e) => e === document.activeElement)) return;
  }
  throw new Error(`${target} not reached with Tab`);
}

// One browser for the welcome's tests: it is the browser's first start that opens the page.
test.describe('welcome page', () => {
  test.describe.configure({ mode: 'serial' });
  let context: BrowserContext;
  let background: Worker;
  test.beforeAll(async () => {
    context = await launchWithExtension({ keepWelcome: true });
    background = await serviceWorkerOf(context);
  });
  test.afterAll(async () => context?.close());

  test('opens once after install; with the keyboard alone it connects, reads the sample aloud (the ledger holds the spend shown) and translates it', async ({ emulator }) => {
    test.setTimeout(60_000);
    await fetch(`${emulator.url}/__emulator/reset`, { method: 'POST' });
    // The sample heard at 2× (the one setting changed from a new install's): half the wait for its end.
    await setSettings(background, { speed: 2 });
    const welcome = await welcomePage(context);
    await expect(welcome.getByRole('heading', { level: 1, name: 'Welcome to Voxlate' })).toBeVisible();
    await expect(welcome).toHaveTitle('Welcome to Voxlate');
    expect(context.pages().filter((p) => p.url() === welcome.url())).toHaveLength(1);
    // Nothing to try before the service is connected.
    await expect(welcome.getByRole('button', { name: 'Read it aloud' })).toBeDisabled();
    expect(await axeViolations(welcome)).toEqual([]);

    // Connect: the options' own form, by keyboard.
    await tabTo(welcome, welcome.getByLabel('Service address'));
    await welcome.keyboard.type(emulator.url);
    await welcome.keyboard.press('Tab');
    await expect(welcome.getByLabel('API key')).toBeFocused();
    await welcome.keyboard.type('demo-pro');
    await welcome.keyboard.press('Enter');
    await expect(welcome.getByRole('status').filter({ hasText: 'Connected' })).toContainText('pro@demo.test');
    const balance = welcome.getByTestId('welcome-balance');
    await expect(balance).toHaveText('Balance: 100,000 credits');

    // Read the sample aloud: every part bought once, and the balance shown falls by exactly what the service charged.
    await tabTo(welcome, welcome.getByRole('button', { name: 'Read it aloud' }));
    await welcome.keyboard.press('Enter');
    const reading = welcome.getByRole('region', { name: 'Now reading' });
    await expect(reading).toBeVisible();
    // Heard to its end (a few seconds): a reading that ends has the balance read again.
    await expect(reading).toBeHidden({ timeout: 30_000 });
    const spoken = (await ledger(emulator.url)).entries;
    expect(spoken.every((e) => e.path === '/api/v1/tts')).toBe(true);
    // Each part said once: together, the sample (less the spaces between parts).
    expect(spoken.reduce((sum, e) => sum + e.textLength, 0)).toBe(SAMPLE.length - (spoken.length - 1));
    const spent = spoken.reduce((sum, e) => sum + e.credits, 0);
    expect(spent).toBeGreaterThan(0);
    await expect(balance).toHaveText(`Balance: ${(100_000 - spent).toLocaleString('en')} credits`);

    // Translate it (into Spanish: the sample is in English): the cost shown is the service's charge.
    await tabTo(welcome, welcome.getByRole('button', { name: 'Translate it' }));
    await welcome.keyboard.press('Enter');
    const result = welcome.getByRole('region', { name: 'Translation' });
    await expect(result.locator('p[lang="es"]')).toHaveText(/^\[ES\] Voxlate reads/);
    const cost = Math.ceil(SAMPLE.length / 10);
    await expect(result).toContainText(`Cost: ${cost} credits`);
    const translated = (await ledger(emulator.url)).entries.filter((e) => e.path === '/api/v1/translate');
    expect(translated.map((e) => [e.textLength, e.credits])).toEqual([[SAMPLE.length, cost]]);
    // Tried out only: the language the user's pages are translated into is still theirs.
    expect(await background.evaluate(async () => ((await chrome.storage.local.get('settings')).settings as { targetLanguage?: string } | undefined)?.targetLanguage ?? null)).not.toBe('es');
    expect(await axeViolations(welcome)).toEqual([]);
  });

  test('the popup leads to it while nothing is set up', async () => {
    const extensionId = new URL(background.url()).host;
    await background.evaluate(() => chrome.storage.local.remove('apiKey'));
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    await expect(popup.getByRole('heading', { name: 'Voxlate is not set up yet' })).toBeVisible();
    const opened = context.waitForEvent('page', (p) => p.url().endsWith('/welcome.html'));
    await popup.getByRole('button', { name: 'Get started' }).click();
    await expect((await opened).getByRole('heading', { level: 1, name: 'Welcome to Voxlate' })).toBeVisible();
  });
});

test('welcome page: in the browser’s language (Japanese), without axe violations', async () => {
  const context = await launchWithExtension({ locale: 'ja', keepWelcome: true });
  try {
    const welcome = await welcomePage(context);
    await expect(welcome.getByRole('heading', { level: 1 })).toHaveText('Voxlate へようこそ');
    await expect(welcome.getByRole('button', { name: '読み上げる' })).toBeDisabled();
    expect(await welcome.evaluate(() => document.documentElement.lang)).toBe('ja');
    expect(await axeViolations(welcome)).toEqual([]);
  } finally {
    await context.close();
  }
});

test.describe('options: side navigation, search and voices', () => {
  test('the search filters sections by their settings’ labels; a link moves the focus to its section; voices only for the languages read, Add a language, and forgetting them', async ({ background, openExtensionPage, emulator }) => {
    // Readings in French met so far (the worker records a reading's language as it starts).
    await background.evaluate(() => chrome.storage.local.set({ languagesMet: ['fr'] }));
    const options = await openExtensionPage('options.html');
    await options.getByLabel('Service address').fill(emulator.url);
    await options.getByLabel('API key', { exact: true }).fill('demo-pro');
    await options.getByRole('button', { name: 'Save and test' }).click();
    await expect(options.getByText(/\d+ voices in \d+ languages/)).toBeVisible();
    const nav = options.getByRole('navigation', { name: 'Settings sections' });
    await expect(nav.getByRole('link')).toHaveText([
      'Service', 'Reading', 'Voices', 'Translation', 'Listening', 'Cleanup & pronunciation', 'Credits', 'PDFs', 'Shortcuts', 'Data & privacy', 'Permissions',
    ]);

    // A link: its section in view, with the focus.
    await nav.getByRole('link', { name: 'Permissions' }).click();
    await expect(options.locator('#permissions')).toBeFocused();
    await expect(options.getByRole('region', { name: 'Permissions' })).toBeInViewport();
    expect(new URL(options.url()).hash).toBe('#permissions');

    // Voices: the UI language's and French, not all the service's languages; another one added.
    const voices = options.getByRole('group', { name: 'Voice for each language' });
    await expect(voices.getByRole('combobox')).toHaveCount(3);
    await expect(voices.getByLabel('English', { exact: true })).toBeVisible();
    await expect(voices.getByLabel('French', { exact: true })).toBeVisible();
    await voices.getByLabel('Add a language').selectOption({ label: 'German' });
    await voices.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(voices.getByLabel('German', { exact: true })).toBeFocused();
    expect(await background.evaluate(async () => (await chrome.storage.local.get('languagesMet')).languagesMet)).toEqual(['fr', 'de']);

    // Search: a label's words keep its section (and its link); sections with no match hide.
    const search = options.getByRole('searchbox', { name: 'Search settings' });
    await search.fill('audio format');
    await expect(nav.getByRole('link')).toHaveText(['Reading']);
    await expect(options.getByLabel('Audio format')).toBeVisible();
    await expect(options.getByLabel('Service address')).toBeHidden();
    await search.fill('voice for each');
    await expect(nav.getByRole('link')).toHaveText(['Voices']);
    await search.fill('zzz');
    await expect(nav.getByRole('link')).toHaveCount(0);
    await expect(options.getByRole('status').filter({ hasText: 'No setting matches “zzz”.' })).toBeVisible();
    await search.fill('');
    await expect(nav.getByRole('link')).toHaveCount(11);
    await expect(options.getByLabel('Service address')).toBeVisible();

    // Data & privacy: the languages read are kept (codes only) and can be forgotten; the voices
    // are then offered for the UI language alone.
    await options.reload();
    const languages = options.getByRole('group', { name: 'Languages you read' });
    await expect(languages).toContainText('Languages: 2');
    await languages.getByRole('button', { name: 'Clear languages read' }).click();
    await languages.getByRole('button', { name: 'Yes, clear' }).click();
    await expect(languages.getByRole('status')).toHaveText('Languages you read cleared.');
    await expect(languages).toContainText('Empty');
    expect(await background.evaluate(async () => (await chrome.storage.local.get('languagesMet')).languagesMet)).toBeUndefined();
    await expect(voices.getByLabel('French', { exact: true })).toBeHidden();
    await expect(voices.getByLabel('English', { exact: true })).toBeVisible();
  });

  test('a reading records the language it is read in', async ({ background, emulator, openExtensionPage }) => {
    await connectService(background, emulator.url, 'demo-pro');
    const popup = await openExtensionPage('popup.html');
    await popup.getByLabel('Text to read').fill('Der Morgen war kühl und hell. Die Vögel sangen in den Zweigen über ihm, und ein kleiner Hund lief vorbei.');
    await popup.getByRole('button', { name: 'Play' }).click();
    await expect.poll(() => background.evaluate(async () => (await chrome.storage.local.get('languagesMet')).languagesMet)).toEqual(['de']);
    await stopReadingAndSettle(background);
  });
});
