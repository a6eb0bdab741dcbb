/**
 * Firefox end to end: our own pages, driven by role and accessible name. The welcome page opens
 * after install, connects the service and translates its sample. The options connect
 * the service (and say so when the key is refused); the popup reads typed text aloud and
 * translates typed text, each charged exactly what the service's prices say.
 * Prints "N passed, N failed" like every suite here.
 */
import { FIREFOX_TEST_BUILD } from '../support/build-dir';
import type { Page } from 'puppeteer-core';
import { startEmulator } from '../../emulator/server';
import { byLabel, byRole, checks, fill, launchFirefox, ledger, openExtensionPage, runSuite, stopAndSettle, until, untilPlaying, welcomePage } from './support';

const EXTENSION = FIREFOX_TEST_BUILD;
const SENTENCES = ['The morning was cool and bright.', 'Birds sang in the branches above him.'];
const TRANSLATE = 'Good morning, my friend. How are you today?';
const SAMPLE = 'Voxlate reads any text aloud in a natural voice. Select a few words on a page, and it translates them too.';

/** The text of the first element with `role` whose text contains `wanted` (polled). */
async function roleText(page: Page, role: string, wanted: string, timeoutMs = 10_000): Promise<string> {
  return until(`${role} saying "${wanted}"`, async () => {
    for (const handle of await page.$$(`::-p-aria([role=${JSON.stringify(role)}])`)) {
      const text = await handle.evaluate((e) => e.textContent ?? '');
      if (text.includes(wanted)) return text;
    }
    return null;
  }, timeoutMs);
}

function expectIn(text: string, ...parts: string[]): void {
  for (const part of parts) if (!text.includes(part)) throw new Error(`"${part}" not in: ${text}`);
}

async function main(): Promise<number> {
  const emulator = await startEmulator({ port: 0 });
  // Not named `browser`: that is the WebExtension global the evaluated functions below use.
  // The welcome page the install opens is kept for the first check (and closed after it).
  const firefox = await launchFirefox({ keepWelcome: true });
  const { check, report } = checks();
  const reset = () => fetch(`${emulator.url}/__emulator/reset`, { method: 'POST' });
  try {
    await firefox.installExtension(EXTENSION);
    const welcome = await welcomePage(firefox);
    const ext = await openExtensionPage(firefox);
    const stored = () => ext.evaluate(() => browser.storage.local.get(['apiKey', 'settings'])) as Promise<{ apiKey?: string; settings?: { serviceUrl?: string } }>;

    await check('Firefox: welcome: opened after install, it connects the service and translates its sample', async () => {
      await until('the welcome page shown', () => welcome.evaluate(() => document.querySelector('h1')?.textContent === 'Welcome to Voxlate'));
      await fill(await byLabel(welcome, 'Service address'), emulator.url);
      await fill(await byLabel(welcome, 'API key'), 'demo-pro');
      await (await byRole(welcome, 'button', 'Save and test')).click();
      expectIn(await roleText(welcome, 'status', 'Connected'), 'pro@demo.test', '100,000');
      const { apiKey, settings } = await stored();
      if (apiKey !== 'demo-pro' || settings?.serviceUrl !== emulator.url) throw new Error(`stored: ${apiKey === undefined ? 'no key' : 'a key'}, ${settings?.serviceUrl}`);
      await until('Translate it enabled', async () => !(await (await byRole(welcome, 'button', 'Translate it')).evaluate((b) => (b as HTMLButtonElement).disabled)));
      await (await byRole(welcome, 'button', 'Translate it')).click();
      const cost = Math.ceil(SAMPLE.length / 10);
      expectIn(await roleText(welcome, 'region', `Cost: ${cost} credits`), '[ES] Voxlate reads');
      const charged = JSON.stringify((await ledger(emulator.url)).entries.map((e) => [e.path, e.textLength, e.credits]));
      if (charged !== JSON.stringify([['/api/v1/translate', SAMPLE.length, cost]])) throw new Error(`ledger: ${charged}`);
    });
    await welcome.close();
    // The next checks start from an extension that is not set up.
    await ext.evaluate(() => browser.storage.local.remove(['apiKey', 'settings']));

    await check('Firefox: options: a rejected key says so, without showing the key', async () => {
      const options = await openExtensionPage(firefox, 'options.html');
      await fill(await byLabel(options, 'Service address'), emulator.url);
      await fill(await byLabel(options, 'API key'), 'not-a-real-key');
      await (await byRole(options, 'button', 'Save and test')).click();
      const alert = await roleText(options, 'alert', 'rejected your API key');
      if (alert.includes('not-a-real-key')) throw new Error(`the key is shown: ${alert}`);
      await options.close();
    });

    await check('Firefox: options: "Save and test" stores the address and key, and shows the account', async () => {
      await reset();
      const options = await openExtensionPage(firefox, 'options.html');
      await fill(await byLabel(options, 'Service address'), emulator.url);
      // Pasted from a web page: a "Bearer " prefix and spaces are dropped.
      await fill(await byLabel(options, 'API key'), '  Bearer demo-pro ');
      await (await byRole(options, 'button', 'Save and test')).click();
      expectIn(await roleText(options, 'status', 'Connected'), 'pro@demo.test', 'pro', '100,000');
      const { apiKey, settings } = await stored();
      if (apiKey !== 'demo-pro' || settings?.serviceUrl !== emulator.url) throw new Error(`stored: ${apiKey === undefined ? 'no key' : 'a key'}, ${settings?.serviceUrl}`);
      // The key field is emptied; opened again, the page keeps the connection and says a key is saved.
      const key = await byLabel(options, 'API key');
      if ((await key.evaluate((e) => (e as HTMLInputElement).value)) !== '') throw new Error('the key stays in the field');
      await options.close();
      const again = await openExtensionPage(firefox, 'options.html');
      const address = await until('address shown', async () => {
        const value = await (await byLabel(again, 'Service address')).evaluate((e) => (e as HTMLInputElement).value);
        return value || null;
      });
      if (address !== emulator.url) throw new Error(`address shown: ${address}`);
      const placeholder = await (await byLabel(again, 'API key')).evaluate((e) => (e as HTMLInputElement).placeholder);
      expectIn(placeholder, 'A key is saved');
      expectIn(await roleText(again, 'status', 'Connected'), 'pro@demo.test');
      await again.close();
    });

    await check('Firefox: options: the languages read are kept (their codes only) and forgotten from Stored data', async () => {
      const first = await openExtensionPage(firefox, 'options.html');
      await first.evaluate(() => browser.storage.local.set({ languagesMet: ['fr', 'ja'] }));
      await first.close();
      const options = await openExtensionPage(firefox, 'options.html');
      const group = await byRole(options, 'group', 'Languages you read');
      await until('the languages counted', async () => (await group.evaluate((e) => e.textContent ?? '')).includes('Languages: 2'));
      await (await byRole(options, 'button', 'Clear languages read')).click();
      await (await byRole(options, 'button', 'Yes, clear')).click();
      await roleText(options, 'status', 'Languages you read cleared.');
      const left = await options.evaluate(async () => (await browser.storage.local.get('languagesMet')).languagesMet);
      if (left !== undefined) throw new Error(`still kept: ${JSON.stringify(left)}`);
      await options.close();
    });

    await check('Firefox: popup: typed text played from the Speak panel starts a reading, each sentence charged ceil(chars/100) once', async () => {
      await reset();
      await ext.evaluate(async (url) => browser.storage.local.set({ apiKey: 'demo-pro', settings: { serviceUrl: url } }), emulator.url);
      const popup = await openExtensionPage(firefox, 'popup.html');
      await fill(await byLabel(popup, 'Text to read'), SENTENCES.join(' '));
      await (await byRole(popup, 'button', 'Play')).click();
      await untilPlaying(popup);
      // Each sentence is asked for (and paid) once, at the speech price, while the reading plays.
      const expected = JSON.stringify(SENTENCES.map((t) => ['/api/v1/tts', t, Math.max(1, Math.ceil(t.length / 100))]).sort());
      const charged = () => ledger(emulator.url).then(({ entries }) => JSON.stringify(entries.map((e) => [e.path, e.textStart, e.credits]).sort()));
      await until('every sentence charged', async () => (await charged()) === expected).catch(async () => {
        throw new Error(`ledger: ${await charged()}`);
      });
      await new Promise((r) => setTimeout(r, 1000));
      if ((await charged()) !== expected) throw new Error(`charged again: ${await charged()}`);
      await (await byRole(popup, 'button', 'Stop')).click();
      await popup.close();
    });

    await check('Firefox: popup: typed text translated from the Translate panel is shown, charged ceil(chars/10) once', async () => {
      await reset();
      const popup = await openExtensionPage(firefox, 'popup.html');
      await (await byRole(popup, 'tab', 'Translate')).click();
      await fill(await byLabel(popup, 'Text to translate'), TRANSLATE);
      await (await byLabel(popup, 'To')).select('fr');
      await (await byRole(popup, 'button', 'Translate')).click();
      const cost = Math.ceil(TRANSLATE.length / 10);
      const result = await roleText(popup, 'region', 'Detected: English');
      const translation = await popup.$eval('p[lang="fr"]', (p) => p.textContent ?? '');
      if (!translation.startsWith('[FR] ') || !result.includes(translation)) throw new Error(`shown: ${result}`);
      expectIn(result, `Cost: ${cost} credits`, `Balance: ${(100_000 - cost).toLocaleString('en')} credits`);
      const { entries } = await ledger(emulator.url);
      const charged = JSON.stringify(entries.map((e) => [e.path, e.textLength, e.credits]));
      if (charged !== JSON.stringify([['/api/v1/translate', TRANSLATE.length, cost]])) throw new Error(`ledger: ${charged}`);
      await popup.close();
    });

    await check('Firefox: popup: a reading\'s figure counts its text as said: a pronunciation that makes it longer takes it past the threshold, and the popup asks before anything is sent', async () => {
      await reset();
      const pairs = [{ write: 'AI', say: 'artificial intelligence', language: null, site: null }];
      // The price of speech learned already (the emulator's: a credit per 100 characters).
      const price = { serviceUrl: emulator.url, byFormat: { mp3: { credits: 100, chars: 10_000, requests: 10 } } };
      await ext.evaluate(
        async (url, more, learned) => browser.storage.local.set({ apiKey: 'demo-pro', settings: { serviceUrl: url, confirmAboveCredits: 10, pronunciations: more }, speechPrice: learned }),
        emulator.url,
        pairs,
        price,
      );
      // About 7 credits as written, about 16 as said.
      const text = Array.from({ length: 20 }, (_, i) => `Note ${i + 1}: AI reads, AI writes.`).join(' ');
      const popup = await openExtensionPage(firefox, 'popup.html');
      // (It opens where it was left: on the Translate panel.)
      await (await byRole(popup, 'tab', 'Speak')).click();
      await fill(await byLabel(popup, 'Text to read'), text);
      await (await byRole(popup, 'button', 'Play')).click();
      const question = await roleText(popup, 'group', 'more than the 10 credits you asked to confirm');
      const figure = Number(/about ([\d,]+) credits/.exec(question)![1]!.replace(/,/g, ''));
      if (figure < Math.ceil(text.replaceAll('AI', 'artificial intelligence').length / 100)) throw new Error(`asked: ${question}`);
      if ((await ledger(emulator.url)).entries.length) throw new Error('sent before the answer');
      await (await byRole(popup, 'button', `Play (about ${figure} credits)`)).click();
      await untilPlaying(popup);
      await stopAndSettle(ext);
      const charged = (await ledger(emulator.url)).entries.reduce((sum, e) => sum + e.credits, 0);
      if (!(charged > 0 && charged <= figure)) throw new Error(`charged ${charged} of ${figure}`);
      await popup.close();
    });

    await check('Firefox: popup: a pronunciation that makes the text longer keeps every request of a download within the service\'s limit: the file is saved, each part paid once', async () => {
      await reset();
      // "AI" said in full doubles the text: parts planned on the written text went past 5,000 characters.
      const pairs = [{ write: 'AI', say: 'artificial intelligence', language: null, site: null }];
      await ext.evaluate(
        async (url, more) => {
          await browser.downloads.erase({});
          await browser.storage.local.set({ apiKey: 'demo-pro', settings: { serviceUrl: url, format: 'wav', confirmAboveCredits: 1_000_000, pronunciations: more } });
        },
        emulator.url,
        pairs,
      );
      const text = Array.from({ length: 180 }, (_, i) => `Note ${i + 1}: AI reads, AI writes.`).join(' ');
      const said = text.replaceAll('AI', 'artificial intelligence');
      const popup = await openExtensionPage(firefox, 'popup.html');
      await (await byRole(popup, 'tab', 'Speak')).click();
      await fill(await byLabel(popup, 'Text to read'), text);
      await (await byRole(popup, 'button', 'Download')).click();
      await until('the file saved', async () => (await ext.evaluate(async () => (await browser.downloads.search({ state: 'complete' })).map((d) => d.filename))).find((f) => f.endsWith('.wav')), 120_000);
      await popup.close();
      const { requests } = (await (await fetch(`${emulator.url}/__emulator/log`)).json()) as { requests: { id: number; path: string; status: number; textLength: number; textStart: string }[] };
      const tts = requests.filter((r) => r.path === '/api/v1/tts');
      const lengths = tts.map((r) => r.textLength);
      // Each part as said: every one answered, within the limit, all of it said once.
      if (tts.some((r) => r.status !== 200) || Math.max(...lengths) > 5000 || lengths.reduce((sum, n) => sum + n, 0) !== said.length - (tts.length - 1)) {
        throw new Error(`requests: ${JSON.stringify(tts.map((r) => [r.status, r.textLength]))} for ${said.length} characters said`);
      }
      const charged = (await ledger(emulator.url)).entries;
      if (JSON.stringify(charged.map((e) => e.id).sort()) !== JSON.stringify(tts.map((r) => r.id).sort())) throw new Error(`charged: ${JSON.stringify(charged)}`);
    });

    // Last: the plan's minute it uses up stays used up in this browser.
    await check('Firefox: popup: the plan’s minute used up, a download says when it continues by itself, not that the service is slow; Cancel sends nothing', async () => {
      await reset();
      await ext.evaluate(async (url) => {
        await browser.storage.local.set({ apiKey: 'demo-free', settings: { serviceUrl: url, format: 'mp3', confirmAboveCredits: 1_000_000 } });
      }, emulator.url);
      const popup = await openExtensionPage(firefox, 'popup.html');
      // The account read first (the plan known), as the popup does on opening; then its minute is used up.
      await until('the free account read', () => popup.evaluate(() => document.body.textContent?.includes('2,000 credits') ?? false));
      await ext.evaluate(async () => {
        const background = (await browser.runtime.getBackgroundPage()) as unknown as { voxlateTestHooks: { seedRateHistory(starts: number[]): void } };
        background.voxlateTestHooks.seedRateHistory(Array.from({ length: 10 }, () => Date.now()));
      });
      await (await byRole(popup, 'tab', 'Speak')).click();
      await fill(await byLabel(popup, 'Text to read'), Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of the walk along the river.`).join(' '));
      await (await byRole(popup, 'button', 'Download')).click();
      await roleText(popup, 'status', 'Your plan allows 10 requests a minute; continuing by itself in about', 30_000);
      await (await byRole(popup, 'button', 'Cancel download')).click();
      await until('the download cancelled', () => popup.evaluate(() => document.body.textContent?.includes('Download cancelled.') ?? false));
      await popup.close();
      const { requests } = (await (await fetch(`${emulator.url}/__emulator/log`)).json()) as { requests: { path: string }[] };
      if (requests.some((r) => r.path === '/api/v1/tts') || (await ledger(emulator.url)).entries.length) throw new Error(`sent or charged: ${JSON.stringify(requests)}`);
    });
  } finally {
    await firefox.close();
    await emulator.close();
  }
  return report();
}

runSuite(main);
