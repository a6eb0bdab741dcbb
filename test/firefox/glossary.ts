/**
 * Firefox end to end: the glossary in the translation bubble (issue 40). Against a translator
 * that changes every word it is sent (the emulator's realistic mode), a selection with glossary
 * terms shows them exactly and no marker; the figure asked about is what the ledger charges; the
 * same text again costs nothing. Prints "N passed, N failed" like every suite here.
 */
import { FIREFOX_TEST_BUILD } from '../support/build-dir';
import { startEmulator } from '../../emulator/server';
import { startPageServer } from '../support/page-server';
import { checks, clickInPageUi, clickMenu, inPageUiText, launchFirefox, ledger, openExtensionPage, runSuite, selectElement, until } from './support';

const MENU = 'voxlate-translate-selection';
const KEEP = { term: 'Voxlate', translate: { mode: 'keep' }, say: null, language: null, site: null, case: 'auto' };
const BOARD = { term: 'harbour board', translate: { mode: 'fixed', text: null, byTarget: { es: 'junta del puerto' } }, say: null, language: null, site: null, case: 'auto' };
const TEXT = 'Voxlate reads the harbour board notices aloud every morning, and the fishermen listen.';

async function main(): Promise<number> {
  const emulator = await startEmulator({ port: 0 });
  const pages = await startPageServer();
  // The test build may reach 127.0.0.1 without a click on the toolbar (see read-aloud.ts).
  const pagesUrl = pages.url.replace('localhost', '127.0.0.1');
  const firefox = await launchFirefox();
  const { check, report } = checks();
  try {
    await firefox.installExtension(FIREFOX_TEST_BUILD);
    const ext = await openExtensionPage(firefox);
    const page = await firefox.newPage();
    const bubble = () => inPageUiText(ext, 'voxlate-bubble');
    const translateCharges = async () => (await ledger(emulator.url)).entries.filter((e) => e.path === '/api/v1/translate').map((e) => e.credits);
    const selectTheText = async () => {
      await page.goto(`${pagesUrl}/fixtures/article.html`);
      await page.evaluate((text) => {
        const p = document.createElement('p');
        p.id = 'glossary';
        p.textContent = text;
        document.body.prepend(p);
      }, TEXT);
      await selectElement(page, '#glossary');
    };

    await check('Firefox: glossary terms shown exactly in the bubble, no marker; the figure asked is the charge; again it is free', async () => {
      await fetch(`${emulator.url}/__emulator/reset`, { method: 'POST' });
      await fetch(`${emulator.url}/__emulator/translator`, { method: 'POST', body: JSON.stringify({ mode: 'realistic' }) });
      await ext.evaluate(
        async (url, glossary) => {
          await browser.storage.local.set({ apiKey: 'demo-pro', settings: { serviceUrl: url, targetLanguage: 'es', confirmAboveCredits: 0, glossary } });
        },
        emulator.url,
        [KEEP, BOARD],
      );
      await selectTheText();
      await clickMenu(ext, MENU);
      const figure = Number(await until('the figure asked about', async () => /This translation costs (\d+) credits?/.exec(await bubble())?.[1]));
      await clickInPageUi(ext, page, 'button', 'Translate', 'voxlate-bubble');
      const shown = await until('the translation in the bubble', async () => ((await bubble()).includes('Cost:') ? bubble() : null));
      for (const part of ['Voxlate', 'junta del puerto', `Cost: ${figure} credits`]) if (!shown.includes(part)) throw new Error(`"${part}" not in: ${shown}`);
      if (shown.includes('harbour board') || /[⟦⟧§]|__|<\/?x|\{\d|\[\d/u.test(shown)) throw new Error(`a term translated or a marker shown: ${shown}`);
      if (JSON.stringify(await translateCharges()) !== JSON.stringify([figure])) throw new Error(`charged ${JSON.stringify(await translateCharges())}, asked ${figure}`);

      await page.keyboard.press('Escape');
      await until('the bubble closed', async () => (await bubble()) === '');
      await selectTheText();
      await clickMenu(ext, MENU);
      const again = await until('the translation from the cache', async () => ((await bubble()).includes('From cache') ? bubble() : null));
      if (!again.includes('junta del puerto')) throw new Error(`not the glossary's: ${again}`);
      if (JSON.stringify(await translateCharges()) !== JSON.stringify([figure])) throw new Error(`charged again: ${JSON.stringify(await translateCharges())}`);
    });
  } finally {
    await firefox.close();
    await pages.close();
    await emulator.close();
  }
  return report();
}

runSuite(main);
