/**
 * Firefox end to end: the popup's first screen is painted from what it kept from the last opening
 * (account and voices from the cache) before its app's script runs, and React takes those very
 * elements over (e2e popup-paint.spec.ts is the Chrome side, watching from document start; Firefox
 * runs no preload script in an add-on's page, so here the test build's main.tsx lists the elements
 * that were on the page before the app ran); the app's module is the one the page preloads, run by
 * popup-paint.js after that paint. Prints "N passed, N failed".
 */
import { FIREFOX_TEST_BUILD } from '../support/build-dir';
import { startEmulator } from '../../emulator/server';
import { checks, launchFirefox, openExtensionPage, runSuite, until } from './support';

const EXTENSION = FIREFOX_TEST_BUILD;
const EMAIL = 'voices@demo.test';

async function main(): Promise<number> {
  const emulator = await startEmulator({ port: 0 });
  const firefox = await launchFirefox();
  const { check, report } = checks();
  try {
    await firefox.installExtension(EXTENSION);
    const ext = await openExtensionPage(firefox, 'options.html');

    await check('Firefox: popup: the first paint already shows the cached account and voices, and React takes the same elements over', async () => {
      await ext.evaluate(async (url) => browser.storage.local.set({ apiKey: 'demo-voices', settings: { serviceUrl: url } }), emulator.url);
      // The first opening fills the caches of account and voices; the next one keeps its first screen.
      for (let i = 0; i < 2; i++) {
        const popup = await openExtensionPage(firefox);
        await until('the voices listed', () => popup.evaluate(() => (document.body.textContent ?? '').includes('Showing 100 of 1,000 voices') && window.__voxlateFirstRender !== undefined));
        await popup.close();
      }

      const popup = await openExtensionPage(firefox);
      await until('React rendered', () => popup.evaluate(() => window.__voxlateFirstRender !== undefined));
      const seen = await popup.evaluate((email) => {
        const before = window.__voxlateBeforeApp ?? [];
        const emailNow = [...document.querySelectorAll('[aria-label="Account"] span')].find((s) => s.textContent === email);
        const voicesNow = [...document.querySelectorAll('[role="radiogroup"] input[type="radio"][value]')];
        return {
          // On the page before the app's script ran: the account's email and the cached voices.
          emailBefore: before.some((e) => e.textContent === email && e.closest('[aria-label="Account"]')),
          voicesBefore: before.filter((e) => e.matches('[role="radiogroup"] input[type="radio"][value]')).length,
          // After React's first render, those very elements (not copies put in their place).
          sameEmail: emailNow !== undefined && before.includes(emailNow),
          sameVoices: voicesNow.length > 0 && voicesNow.every((v) => before.includes(v)),
          // The app's module, preloaded by the page as it was parsed, is the one that runs, once.
          appRunsPreloaded: JSON.stringify([...document.querySelectorAll('script[type="module"]')].map((s) => (s as HTMLScriptElement).src)) ===
            JSON.stringify([(document.getElementById('voxlate-app') as HTMLLinkElement | null)?.href]),
          paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
          script: performance.getEntriesByName('voxlate:script')[0]?.startTime ?? null,
        };
      }, EMAIL);
      const { paint, script, ...elements } = seen;
      if (JSON.stringify(elements) !== JSON.stringify({ emailBefore: true, voicesBefore: 100, sameEmail: true, sameVoices: true, appRunsPreloaded: true })) throw new Error(`elements: ${JSON.stringify(elements)}`);
      // Painted before the app's script ran (the root has nothing else to paint).
      if (paint === null || script === null || !(paint < script)) throw new Error(`first contentful paint at ${paint} ms, the app's script at ${script} ms`);
      await popup.close();
    });
  } finally {
    await firefox.close();
    await emulator.close();
  }
  return report();
}

runSuite(main);
