import { connectService, expect, setSettings, test } from './fixtures';
import { chooseMenuEntry, emulatorLog, inPageUiText, ledger, selectText } from '../support/extension';

/**
 * A service that bills and then fails: the answer is cut off after the 200 headers, or a 500 comes
 * back after the charge. Paid once, never re-sent by itself, and the user is told it may be paid.
 */
test.describe('credits when the service charges and then fails', () => {
  for (const fault of ['charged-cut', 'charged-error'] as const) {
    test(`a translation whose answer is lost after billing (${fault}) is charged once and says so in the bubble`, async ({ context, background, extensionId, emulator, pages }) => {
      await connectService(background, emulator.url, 'demo-pro');
      await setSettings(background, { targetLanguage: 'es' });
      await fetch(`${emulator.url}/__emulator/faults`, { method: 'POST', body: JSON.stringify({ type: fault, path: '/api/v1/translate' }) });
      const page = await context.newPage();
      await page.goto(`${pages.url}/fixtures/article.html`);
      const text = await selectText(page, '#second');
      await chooseMenuEntry(context, background, extensionId, page, 'voxlate-translate-selection');
      const said = fault === 'charged-cut' ? /cut short.*may already be paid for/ : /service had a problem \(HTTP 500\)/;
      await expect.poll(() => inPageUiText(context, page, 'voxlate-bubble'), { timeout: 15_000 }).toMatch(said);
      await page.waitForTimeout(1500);
      const sent = (await emulatorLog(emulator.url)).filter((r) => r.path === '/api/v1/translate');
      expect(sent).toHaveLength(1);
      const { entries, total } = await ledger(emulator.url);
      expect(entries.map((e) => [e.path, e.credits])).toEqual([['/api/v1/translate', Math.ceil(text.trim().length / 10)]]);
      expect(total).toEqual({ 'pro@demo.test': Math.ceil(text.trim().length / 10) });
    });
  }
});
