import { expect, test } from './fixtures';

test.describe('options: connecting the service', () => {
  test('the extension loads with least permissions and no content script on pages', async ({ background }) => {
    const manifest = await background.evaluate(() => chrome.runtime.getManifest());
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.content_scripts ?? []).toEqual([]);
    expect(manifest.host_permissions ?? []).not.toContain('<all_urls>');
    expect(manifest.permissions).toEqual(expect.arrayContaining(['storage', 'contextMenus', 'activeTab', 'scripting', 'offscreen']));
    // Where the key's protection depends on the browser, the add-on asks for a browser that has it.
    expect(manifest.minimum_chrome_version).toBe('140');
  });

  test('save and test shows the account of the emulator', async ({ openExtensionPage, emulator }) => {
    const page = await openExtensionPage('options.html');
    await page.getByLabel('Service address').fill(emulator.url);
    // Pasted from a web page: a "Bearer " prefix, spaces and a zero-width space.
    await page.getByLabel('API key', { exact: true }).fill('  Bearer demo-\u200Bpro \n');
    await page.getByRole('button', { name: 'Save and test' }).click();
    const status = page.getByRole('status').filter({ hasText: 'Connected' });
    await expect(status).toContainText('pro@demo.test');
    await expect(status).toContainText('pro');
    await expect(status).toContainText('100,000');
    // The key field is emptied and says a key is saved; reloading keeps the connection.
    await expect(page.getByLabel('API key', { exact: true })).toHaveValue('');
    await page.reload();
    await expect(page.getByLabel('Service address')).toHaveValue(emulator.url);
    await expect(page.getByLabel('API key', { exact: true })).toHaveAttribute('placeholder', /A key is saved/);
    await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toContainText('pro@demo.test');
  });

  test('a rejected key says so and what to do', async ({ openExtensionPage, emulator }) => {
    const page = await openExtensionPage('options.html');
    await page.getByLabel('Service address').fill(emulator.url);
    await page.getByLabel('API key', { exact: true }).fill('not-a-real-key');
    await page.getByRole('button', { name: 'Save and test' }).click();
    await expect(page.getByRole('alert')).toContainText('rejected your API key');
    await expect(page.getByRole('alert')).not.toContainText('not-a-real-key');
  });

  test('an unreachable address says it cannot reach it', async ({ openExtensionPage }) => {
    const page = await openExtensionPage('options.html');
    await page.getByLabel('Service address').fill('http://127.0.0.1:9');
    await page.getByLabel('API key', { exact: true }).fill('demo-pro');
    await page.getByRole('button', { name: 'Save and test' }).click();
    await expect(page.getByRole('alert')).toContainText("Can't reach the service at http://127.0.0.1:9");
  });

  test('a malformed or insecure address is refused before anything is sent', async ({ openExtensionPage, emulator }) => {
    const page = await openExtensionPage('options.html');
    await page.getByLabel('API key', { exact: true }).fill('demo-pro');
    await page.getByLabel('Service address').fill('api.example.com');
    await page.getByRole('button', { name: 'Save and test' }).click();
    await expect(page.getByRole('alert')).toContainText('is not a web address');
    await page.getByLabel('Service address').fill('http://api.example.com');
    await page.getByRole('button', { name: 'Save and test' }).click();
    await expect(page.getByRole('alert')).toContainText('must not travel unencrypted');
    const log = await (await fetch(`${emulator.url}/__emulator/log`)).json();
    expect(log.requests).toEqual([]);
  });

  test('a key with a character that cannot be sent says which one, instead of blaming the network', async ({ openExtensionPage, emulator }) => {
    const page = await openExtensionPage('options.html');
    await page.getByLabel('Service address').fill(emulator.url);
    await page.getByLabel('API key', { exact: true }).fill('demo-prö');
    await page.getByRole('button', { name: 'Save and test' }).click();
    await expect(page.getByRole('alert')).toContainText("can't be sent (character 8, U+00F6)");
    await expect(page.getByRole('alert')).not.toContainText("Can't reach");
    expect((await (await fetch(`${emulator.url}/__emulator/log`)).json()).requests).toEqual([]);
  });
});
