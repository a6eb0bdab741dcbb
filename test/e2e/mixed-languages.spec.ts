import { connectService, expect, setSettings, test } from './fixtures';
import { chooseMenuEntry, ledger, readingSession, speechRequests, waitForStatus } from '../support/extension';

test.describe('a page in two languages', () => {
  test('an English page with a Spanish paragraph is read with two voices: the Spanish paragraph alone, sent as Spanish with a Spanish voice; each request charged once', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { confirmAboveCredits: 100_000 });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/mixed-languages.html`);
    const spanish = (await page.locator('#spanish').innerText()).trim();

    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-page');
    await waitForStatus(background, 'playing');
    await expect.poll(() => readingSession(background), { timeout: 90_000 }).toBeNull();
    const sent = (await speechRequests(emulator.url)).filter((r) => r.status === 200);
    const inSpanish = sent.filter((r) => r.language === 'es');
    expect(inSpanish).toHaveLength(1);
    expect(inSpanish[0]).toMatchObject({ textLength: spanish.length, textStart: spanish.slice(0, 80) });
    expect(inSpanish[0]!.voiceId).toMatch(/^es/);
    const inEnglish = sent.filter((r) => r.language === 'en');
    expect(inEnglish.length).toBeGreaterThan(0);
    for (const r of inEnglish) {
      expect(r.voiceId).toMatch(/^en/);
      expect(r.textStart).not.toContain('Mi abuela');
    }
    const charged = (await ledger(emulator.url)).entries.filter((e) => e.path === '/api/v1/tts');
    expect(charged.map((e) => e.id).sort()).toEqual(sent.map((r) => r.id).sort());
  });
});
