import { connectService, expect, setSettings, test } from './fixtures';
import { chooseMenuEntry, ledger, speechRequests, stopReadingAndSettle, untilEveryPartBought, waitForStatus } from '../support/extension';

test.describe('a page in two languages', () => {
  test('an English page with a Spanish paragraph is read with two voices: the Spanish paragraph alone, sent as Spanish with a Spanish voice; each request charged once', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { confirmAboveCredits: 100_000 });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/mixed-languages.html`);
    const spanish = (await page.locator('#spanish').innerText()).trim();

    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-page');
    await waitForStatus(background, 'playing');
    await untilEveryPartBought(background, emulator.url);
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

  test('a long French quotation in an English paragraph is sent alone, as French with a French voice, the English around it as English; each request charged once', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { confirmAboveCredits: 100_000 });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/mixed-languages.html`);
    const paragraph = (await page.locator('#quote').innerText()).trim();
    const closing = (await page.locator('#closing').innerText()).trim();
    // The English sentence introducing the quotation, the quotation (whole sentences, marks and all), the sentence after it.
    const quotation = paragraph.slice(paragraph.indexOf('«'), paragraph.indexOf('»') + 1);
    const [before, after] = paragraph.split(quotation).map((s) => s.trim()) as [string, string];

    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-page');
    await waitForStatus(background, 'playing');
    await untilEveryPartBought(background, emulator.url);
    const sent = (await speechRequests(emulator.url)).filter((r) => r.status === 200);
    const inFrench = sent.filter((r) => r.language === 'fr');
    expect(inFrench).toHaveLength(1);
    expect(inFrench[0]).toMatchObject({ textLength: quotation.length, textStart: quotation.slice(0, 80) });
    expect(inFrench[0]!.voiceId).toMatch(/^fr/);
    const inEnglish = sent.filter((r) => r.language === 'en');
    for (const r of inEnglish) {
      expect(r.voiceId).toMatch(/^en/);
      expect(r.textStart).not.toContain('Le vent');
    }
    // Before the quotation, the English up to its introducing sentence (from the paragraph before on);
    // after it, the sentence that follows, in English too.
    expect(inEnglish).toContainEqual(expect.objectContaining({ textStart: closing.slice(0, 80), textLength: closing.length + 1 + before.length }));
    expect(inEnglish).toContainEqual(expect.objectContaining({ textStart: after.slice(0, 80), textLength: after.length }));
    const charged = (await ledger(emulator.url)).entries.filter((e) => e.path === '/api/v1/tts');
    expect(charged.map((e) => e.id).sort()).toEqual(sent.map((r) => r.id).sort());
  });

  test('a short paragraph the page declares Spanish (lang="es-ES") is read alone in a Spanish voice, sent as Spanish; a Spanish phrase inside an English sentence stays English; each request charged once', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { confirmAboveCredits: 100_000 });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/declared-languages.html`);
    // Too short for the detector to tell: only the page's own declaration says it is Spanish.
    const greeting = (await page.locator('#greeting').innerText()).trim();
    const dinner = (await page.locator('#dinner').innerText()).trim();

    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-page');
    await waitForStatus(background, 'playing');
    // The player buys ahead: the greeting and the paragraph after it are asked for while the first plays.
    const sent = async () => (await speechRequests(emulator.url)).filter((r) => r.status === 200);
    await expect.poll(async () => (await sent()).some((r) => r.textStart?.startsWith(dinner.slice(0, 40))), { timeout: 60_000 }).toBe(true);
    const requests = await sent();
    expect(requests.filter((r) => r.language === 'es')).toEqual([expect.objectContaining({ textStart: greeting, textLength: greeting.length, voiceId: expect.stringMatching(/^es/) })]);
    for (const r of requests.filter((r) => r.language !== 'es')) {
      expect(r).toMatchObject({ language: 'en', voiceId: expect.stringMatching(/^en/) });
      expect(r.textStart).not.toContain('Bienvenidos');
    }
    expect(requests).toContainEqual(expect.objectContaining({ language: 'en', textStart: dinner.slice(0, 80) }));

    await stopReadingAndSettle(background);
    const all = await sent();
    const charged = (await ledger(emulator.url)).entries.filter((e) => e.path === '/api/v1/tts');
    expect(charged.map((e) => e.id).sort()).toEqual(all.map((r) => r.id).sort());
  });
});
