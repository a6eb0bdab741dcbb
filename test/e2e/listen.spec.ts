import { TRIPLE_ARTICLE } from '../support/pages';
import type { Worker } from '@playwright/test';
import { connectService, expect, setSettings, test } from './fixtures';
import { callOnAxNode, chooseMenuEntry, requestsUnderWay, stopReadingAndSettle, untilEveryPartBought, untilNothingUnderWay, clickAxNode, clickMenu, emulatorLog, findAxNode, inPageUiText, ledger, readingSession, selectText, speechRequests, waitForStatus, watchHighlights } from '../support/extension';

/** The emulator's prices: speech ceil(characters / 100), at least 1; translation ceil(characters / 10). */
const speechCost = (length: number) => Math.max(1, Math.ceil(length / 100));
const translationCost = (length: number) => Math.ceil(length / 10);

function since(emulatorUrl: string, t0: number) {
  return {
    t0,
    speech: async () => (await speechRequests(emulatorUrl)).filter((r) => Date.parse(r.time) >= t0),
    translations: async () => (await emulatorLog(emulatorUrl)).filter((r) => r.path === '/api/v1/translate' && Date.parse(r.time) >= t0),
    charges: async () => (await ledger(emulatorUrl)).entries.filter((e) => Date.parse(e.time) >= t0),
  };
}

/** The reading's plan as heard: each chunk "<sentence><o: as written | t: translated><s: slower repeat>". */
async function heardLayout(background: Worker): Promise<string[] | null> {
  return background.evaluate(async () => {
    const { reading } = (await chrome.storage.session.get('reading')) as { reading?: { plan: { chunks: { firstSentence: number; original?: object; slower?: number }[] } } | null };
    return reading ? reading.plan.chunks.map((c) => `${c.firstSentence}${c.original ? 'o' : 't'}${c.slower ? 's' : ''}`) : null;
  });
}

/**
 * Which chunks of the reading under way these translation requests were for (each request is one
 * paragraph of a chunk, known by its length and first 80 characters), the chunk being heard, and
 * the requests for no chunk at or after it plus one (`beyond`: none when translation keeps one
 * request ahead). The requests are read before the position, so a reading that moved on meanwhile
 * only widens what is allowed.
 */
async function translatedChunks(background: Worker, requests: { textLength: number | null; textStart: string | null }[]): Promise<{ heard: number; chunks: number[]; beyond: string[] }> {
  const reading = await background.evaluate(async () => {
    const { reading } = (await chrome.storage.session.get('reading')) as { reading?: { plan: { chunks: { text: string }[] }; position: { chunk: number } | null } | null };
    return reading ? { chunks: reading.plan.chunks.map((c) => c.text), heard: reading.position?.chunk ?? 0 } : null;
  });
  expect(reading).not.toBeNull();
  const { chunks, heard } = reading!;
  const paragraphs = chunks.map((text) => text.split('\n').map((p) => p.trim()).filter(Boolean));
  const chunkOf = (r: { textLength: number | null; textStart: string | null }) =>
    paragraphs.findIndex((ps) => ps.some((p) => p.length === r.textLength && p.slice(0, 80) === r.textStart));
  const found = requests.map(chunkOf);
  expect(found).not.toContain(-1);
  return { heard, chunks: [...new Set(found)].sort((a, b) => a - b), beyond: requests.filter((_, i) => found[i]! > heard + 1).map((r) => r.textStart ?? '') };
}

const MODES = [
  { mode: 'original-first', layout: ['0o', '0t', '1o', '1t', '2o', '2t'], languages: ['es', 'en'] },
  { mode: 'translation-first', layout: ['0t', '0o', '1t', '1o', '2t', '2o'], languages: ['en', 'es'] },
  { mode: 'learner', layout: ['0t', '0ts', '1t', '1ts', '2t', '2ts'], languages: ['en'] },
] as const;

test.describe('listen in my language', () => {
  for (const { mode, layout, languages } of MODES) {
    test(`"${mode}": a Spanish selection heard sentence by sentence in that order, each sentence translated once and each request spoken once, the ledger exact; again, free`, async ({ context, background, extensionId, emulator, pages }) => {
      const mine = since(emulator.url, Date.now());
      await connectService(background, emulator.url, 'demo-pro');
      // At 2×, with the learner's pause after each sentence short (still there): heard to its end twice, as fast as it goes.
      await setSettings(background, { targetLanguage: 'en', confirmAboveCredits: 1000, speed: 2, listen: { mode, pauseSec: 0.2, repeatSlower: true } });
      const page = await context.newPage();
      await page.goto(`${pages.url}/fixtures/spanish.html`);
      await selectText(page, '#greeting');
      const sentences = ['Hola, amigo.', 'Buenos días desde la costa.', 'El perro y el gato duermen al sol, y el libro espera en la mesa.'];
      const highlights = await watchHighlights(page);

      await chooseMenuEntry(context, background, extensionId, page, 'read-translated');
      await waitForStatus(background, 'playing');
      expect(await heardLayout(background)).toEqual(layout);
      // The Spanish sentence being heard is lit on the page, in either language.
      await expect.poll(async () => (await highlights())[0]).toBe(sentences[0]);
      await expect.poll(() => readingSession(background), { timeout: 90_000 }).toBeNull();
      expect(await highlights()).toEqual(sentences);

      // Each sentence translated once; each different piece of audio asked for once, in the mode's languages.
      const translations = (await mine.translations()).filter((r) => r.status === 200);
      expect(translations.map((r) => r.textLength).sort()).toEqual(sentences.map((s) => s.length).sort());
      const speech = (await mine.speech()).filter((r) => r.status === 200);
      expect(speech).toHaveLength(sentences.length * languages.length);
      // The first request is the first sentence, in the language heard first.
      expect(speech[0]!.language).toBe(languages[0]);
      for (const language of languages) {
        const heard = speech.filter((r) => r.language === language);
        expect(heard).toHaveLength(sentences.length);
        for (const r of heard) expect(r.voiceId).toMatch(new RegExp(`^${language}`));
        if (language === 'es') expect(heard.map((r) => r.textStart).sort()).toEqual([...sentences].sort());
        else for (const r of heard) expect(r.textStart).toMatch(/^\[EN\] /);
      }
      // The ledger: each translation and each speech request at its price, nothing else.
      const charges = await mine.charges();
      expect(charges.filter((c) => c.path === '/api/v1/translate').map((c) => c.credits).sort()).toEqual(sentences.map((s) => translationCost(s.length)).sort());
      const spoken = charges.filter((c) => c.path === '/api/v1/tts');
      expect(spoken).toHaveLength(speech.length);
      for (const charge of spoken) expect(charge.credits).toBe(speechCost(charge.textLength));

      // Heard again: every translation and every piece of audio comes from the caches.
      await selectText(page, '#greeting');
      await clickMenu(background, page, 'read-translated');
      await waitForStatus(background, 'playing');
      await expect.poll(() => readingSession(background), { timeout: 90_000 }).toBeNull();
      expect(await mine.charges()).toHaveLength(charges.length);
    });
  }

  test('"Read aloud in English" on a Spanish selection: the translation is shown and spoken with an English voice, paid once exactly; again, it costs nothing', async ({ context, background, extensionId, emulator, pages }) => {
    const mine = since(emulator.url, Date.now());
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'en', confirmAboveCredits: 1000 });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/spanish.html`);
    const text = (await selectText(page, '#greeting')).trim();

    await chooseMenuEntry(context, background, extensionId, page, 'read-translated');
    // Read along: the translation is on the page as soon as it is known (looked for at once: on a
    // busy machine a note that the service is slow may take its place later).
    await expect.poll(() => inPageUiText(context, page), { intervals: [50] }).toContain('In English: [EN]');
    await waitForStatus(background, 'playing');
    const [translation] = await mine.translations();
    expect(translation).toMatchObject({ status: 200, textLength: text.length });
    // What is spoken is the translation, in English, with an English voice.
    await expect.poll(() => readingSession(background), { timeout: 60_000 }).toBeNull();
    const speech = (await mine.speech()).filter((r) => r.status === 200);
    expect(speech.length).toBeGreaterThan(0);
    for (const request of speech) {
      expect(request.language).toBe('en');
      expect(request.voiceId).toMatch(/^en/);
    }
    expect(speech[0]!.textStart).toMatch(/^\[EN\] /);
    // The ledger: the translation at its price, each speech request at its price, nothing else.
    const charges = await mine.charges();
    expect(charges.filter((c) => c.path === '/api/v1/translate').map((c) => c.credits)).toEqual([translationCost(text.length)]);
    const spoken = charges.filter((c) => c.path === '/api/v1/tts');
    expect(spoken.map((c) => c.textStart).sort()).toEqual(speech.map((r) => r.textStart).sort());
    for (const charge of spoken) expect(charge.credits).toBe(speechCost(charge.textLength));

    // Again: the translation and its audio come from the caches.
    await selectText(page, '#greeting');
    await clickMenu(background, page, 'read-translated');
    await waitForStatus(background, 'playing');
    await expect.poll(() => readingSession(background), { timeout: 60_000 }).toBeNull();
    expect(await mine.charges()).toHaveLength(charges.length);
    expect(await mine.translations()).toHaveLength(1);
  });

  test('above the threshold, one figure covers the translation and the speech; nothing is sent until the user agrees on the page, then it is read', async ({ context, background, extensionId, emulator, pages }) => {
    const mine = since(emulator.url, Date.now());
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'en', confirmAboveCredits: 5 });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/spanish.html`);
    const text = (await selectText(page, '#longer')).trim();

    await chooseMenuEntry(context, background, extensionId, page, 'read-translated');
    const agree = await findAxNode(context, page, 'button', /^Read aloud in English \((about|up to) [\d,]+ credits\)$/);
    expect(await inPageUiText(context, page)).toMatch(/Translating this into English and reading it aloud will cost (about|up to) [\d,]+ credits: more than the 5 credits/);
    const figure = Number(/([\d,]+) credits\)$/.exec(agree.name)![1]!.replace(/,/g, ''));
    // The figure includes the translation's exact price.
    expect(figure).toBeGreaterThan(translationCost(text.length));
    expect(await mine.translations()).toEqual([]);
    expect(await mine.speech()).toEqual([]);

    await clickAxNode(context, page, agree);
    await waitForStatus(background, 'playing');
    const [translation] = await mine.translations();
    expect(translation).toMatchObject({ status: 200, textLength: text.length });
    expect((await mine.speech())[0]).toMatchObject({ language: 'en' });
  });

  test('a Japanese selection heard in English: the figure prices the speech of the longer English, so the page asks first; a translation that comes back longer still is asked about again before it is heard', async ({ context, background, extensionId, emulator, pages }) => {
    const mine = since(emulator.url, Date.now());
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'en', confirmAboveCredits: 21, listen: { mode: 'translation', pauseSec: 1, repeatSlower: true } });
    // The price of speech learned already (the emulator's: a credit per 100 characters).
    await background.evaluate((serviceUrl) => chrome.storage.local.set({ speechPrice: { serviceUrl, byFormat: { mp3: { credits: 100, chars: 10_000, requests: 10 } } } }), emulator.url);
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/japanese.html`);

    // 180 characters: 18 credits to translate, and their English (about 2.2 times longer) to hear.
    // Priced at the Japanese's length the whole came under the 21 credits and nobody was asked.
    const pets = (await selectText(page, '#pets')).trim();
    await chooseMenuEntry(context, background, extensionId, page, 'read-translated');
    const agree = await findAxNode(context, page, 'button', /^Read aloud in English \(about [\d,]+ credits\)$/);
    const figure = Number(/([\d,]+) credits\)$/.exec(agree.name)![1]!.replace(/,/g, ''));
    expect(await mine.translations()).toEqual([]);
    await clickAxNode(context, page, agree);
    await waitForStatus(background, 'playing');
    // Every part of it bought (not heard to its end: that takes a minute), then stopped.
    const planned = await background.evaluate(async () => {
      const { reading } = (await chrome.storage.session.get('reading')) as { reading?: { plan: { chunks: { text: string }[] } } };
      return reading!.plan.chunks.reduce((sum, c) => sum + c.text.length, 0);
    });
    const boughtChars = async () => (await mine.speech()).filter((r) => r.status === 200).reduce((sum, r) => sum + (r.textLength ?? 0), 0);
    await expect.poll(boughtChars, { timeout: 60_000 }).toBe(planned);
    await stopReadingAndSettle(background);
    const [translation] = await mine.translations();
    expect(translation).toMatchObject({ status: 200, textLength: pets.length });
    expect(await boughtChars()).toBeGreaterThan(2 * pets.length);
    const charged = (await mine.charges()).reduce((sum, c) => sum + c.credits, 0);
    expect(charged).toBeGreaterThan(21);
    expect(charged).toBeLessThanOrEqual(figure);

    // 240 characters whose English runs 4.5 times longer: past what the figure allowed for its speech.
    const before = (await mine.charges()).length;
    await selectText(page, '#books');
    await clickMenu(background, page, 'read-translated');
    const first = await findAxNode(context, page, 'button', /^Read aloud in English \(about [\d,]+ credits\)$/);
    const firstFigure = Number(/([\d,]+) credits\)$/.exec(first.name)![1]!.replace(/,/g, ''));
    await clickAxNode(context, page, first);
    // The translation is paid; its speech is asked about again, with what is left of the figure.
    const again = await findAxNode(context, page, 'button', /^Read aloud \(about [\d,]+ credits\)$/, 30_000);
    const left = firstFigure - translationCost(240);
    expect(await inPageUiText(context, page)).toContain(`more than the ${left} credits left of what you agreed to`);
    const secondFigure = Number(/([\d,]+) credits\)$/.exec(again.name)![1]!.replace(/,/g, ''));
    expect(secondFigure).toBeGreaterThan(left);
    expect((await mine.charges()).slice(before).map((c) => c.path)).toEqual(['/api/v1/translate']);
    expect((await mine.speech()).filter((r) => r.textStart?.includes('The book'))).toEqual([]);
    await clickAxNode(context, page, again);
    await waitForStatus(background, 'playing');
    await stopReadingAndSettle(background);
    const spoken = (await mine.charges()).slice(before).filter((c) => c.path === '/api/v1/tts');
    expect(spoken.length).toBeGreaterThan(0);
    expect(spoken.reduce((sum, c) => sum + c.credits, 0)).toBeLessThanOrEqual(secondFigure);
  });

  test('a selection heard in another language whose translation waits behind a rate limit: Stop, or closing the tab, withdraws it, and it is never sent', async ({ context, background, extensionId, emulator, pages }) => {
    const mine = since(emulator.url, Date.now());
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'en', confirmAboveCredits: 1000, listen: { mode: 'translation', pauseSec: 1, repeatSlower: true } });
    const busy = () => fetch(`${emulator.url}/__emulator/faults`, { method: 'POST', body: JSON.stringify({ type: 'rate-limit', path: '/api/v1/translate', times: 1, retryAfter: 60 }) });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/spanish.html`);

    await busy();
    await selectText(page, '#greeting');
    await chooseMenuEntry(context, background, extensionId, page, 'read-translated');
    // Refused once (429, not charged); the retry waits its minute.
    await expect.poll(async () => (await mine.translations()).map((r) => r.status)).toEqual([429]);
    await expect.poll(() => requestsUnderWay(background)).toMatchObject({ waiting: 1 });
    await background.evaluate(() => (globalThis as unknown as { voxlateTestHooks: { onCommand(c: string): boolean } }).voxlateTestHooks.onCommand('stop-reading'));
    await untilNothingUnderWay(background);

    await busy();
    await selectText(page, '#longer');
    await clickMenu(background, page, 'read-translated');
    await expect.poll(async () => (await mine.translations()).map((r) => r.status)).toEqual([429, 429]);
    await expect.poll(() => requestsUnderWay(background)).toMatchObject({ waiting: 1 });
    await page.close();
    await untilNothingUnderWay(background);

    // Nothing was translated, spoken or charged.
    expect((await mine.translations()).map((r) => r.status)).toEqual([429, 429]);
    expect(await mine.speech()).toEqual([]);
    expect(await mine.charges()).toEqual([]);
    expect(await readingSession(background)).toBeNull();
  });

  test('a selection already in the target language is read as it is: no translation is paid', async ({ context, background, extensionId, emulator, pages }) => {
    const mine = since(emulator.url, Date.now());
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'es', confirmAboveCredits: 1000 });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/spanish.html`);
    const text = (await selectText(page, '#longer')).trim();
    await chooseMenuEntry(context, background, extensionId, page, 'read-translated');
    await waitForStatus(background, 'playing');
    expect(await mine.translations()).toEqual([]);
    const [first] = await mine.speech();
    expect(first).toMatchObject({ language: 'es' });
    expect(text.startsWith(first!.textStart!.slice(0, 20))).toBe(true);
  });

  test('a Spanish page with nothing selected is heard in English: the Spanish sentence being heard is lit on the page, each part translated before its speech, each request paid once at its price', async ({ context, background, extensionId, emulator, pages }) => {
    const mine = since(emulator.url, Date.now());
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'en', confirmAboveCredits: 1000 });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/spanish.html`);
    const highlights = await watchHighlights(page);
    await chooseMenuEntry(context, background, extensionId, page, 'read-translated', null);
    await waitForStatus(background, 'playing');
    // The page's own sentence is lit while its translation is heard.
    await expect.poll(async () => (await highlights())[0]).toMatch(/^Una carta de la costa|^Hola, amigo/);
    const speech = (await mine.speech()).filter((r) => r.status === 200);
    expect(speech[0]).toMatchObject({ language: 'en' });
    expect(speech[0]!.textStart).toMatch(/^\[EN\] /);
    expect(speech[0]!.voiceId).toMatch(/^en/);
    await untilEveryPartBought(background, emulator.url, mine.t0);
    const translations = (await mine.translations()).filter((r) => r.status === 200);
    const charges = await mine.charges();
    expect(charges.filter((c) => c.path === '/api/v1/translate').map((c) => c.credits).sort()).toEqual(translations.map((r) => translationCost(r.textLength!)).sort());
    const spoken = charges.filter((c) => c.path === '/api/v1/tts');
    expect(spoken.map((c) => c.textStart).sort()).toEqual((await mine.speech()).filter((r) => r.status === 200).map((r) => r.textStart).sort());
    for (const charge of spoken) expect(charge.credits).toBe(speechCost(charge.textLength));
  });

  test('what a page heard in English bought is reused by the page translation: its paragraphs heard whole are not translated again', async ({ context, background, extensionId, emulator, pages }) => {
    const mine = since(emulator.url, Date.now());
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'en', confirmAboveCredits: 1000, confirmPageTranslation: false, listen: { mode: 'translation', pauseSec: 2, repeatSlower: true } });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/spanish.html`);
    await chooseMenuEntry(context, background, extensionId, page, 'read-translated', null);
    await waitForStatus(background, 'playing');
    await untilEveryPartBought(background, emulator.url, mine.t0);
    const heard = (await mine.translations()).filter((r) => r.status === 200);
    // The title and the greeting were each a paragraph translated on its own.
    const greeting = (await page.locator('#greeting').innerText()).trim();
    expect(heard.map((r) => r.textStart)).toEqual(expect.arrayContaining(['Una carta de la costa', greeting.slice(0, 80)]));

    const before = heard.length;
    await chooseMenuEntry(context, background, extensionId, page, 'translate-page', null);
    await expect.poll(() => page.evaluate(() => document.querySelectorAll('voxlate-translation').length), { timeout: 30_000 }).toBe(3);
    const sent = (await mine.translations()).slice(before).map((r) => r.textStart ?? '');
    // Only the paragraph that was never translated whole (heard in two parts) is sent.
    expect(sent.some((t) => t.startsWith('Una carta') || t.startsWith('Hola, amigo'))).toBe(false);
    expect(sent.every((t) => t.startsWith('Por favor'))).toBe(true);
  });

  test('the in-page player\'s "Hear" control: a page heard in English goes on as a learner from the sentence heard; the way is kept; nothing is paid twice', async ({ context, background, extensionId, emulator, pages }) => {
    const mine = since(emulator.url, Date.now());
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'en', confirmAboveCredits: 1000, listen: { mode: 'translation', pauseSec: 0, repeatSlower: true } });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/spanish.html`);
    await chooseMenuEntry(context, background, extensionId, page, 'read-translated', null);
    const hear = await findAxNode(context, page, 'combobox', 'Hear');
    expect(await callOnAxNode<string>(context, page, hear, 'function () { return this.value; }')).toBe('translation');
    await waitForStatus(background, 'playing');
    const before = await heardLayout(background);
    expect(before!.every((c) => c.endsWith('t'))).toBe(true);

    await callOnAxNode(context, page, hear, "function () { this.value = 'learner'; this.dispatchEvent(new Event('change', { bubbles: true })); }");
    // The way is kept for next time, and the reading goes on that way: each sentence, then again slower.
    await expect.poll(() => background.evaluate(async () => ((await chrome.storage.local.get('settings')).settings as { listen?: { mode: string } }).listen?.mode)).toBe('learner');
    await expect.poll(async () => (await heardLayout(background))?.some((c) => c.endsWith('ts')) ?? false).toBe(true);
    const layout = (await heardLayout(background))!;
    expect(layout.filter((_, i) => i % 2 === 1).every((c) => c.endsWith('ts'))).toBe(true);
    // Heard that way a while (a slower repeat played), then stopped: nothing is left on the wire.
    await expect.poll(async () => (await readingSession(background))?.sentence ?? 0, { timeout: 60_000 }).toBeGreaterThan(before!.length > 2 ? 2 : 1);
    await stopReadingAndSettle(background);

    // Every request answered is charged once at its price; no piece of audio or translation is bought twice.
    const translations = (await mine.translations()).filter((r) => r.status === 200);
    const charges = await mine.charges();
    expect(charges.filter((c) => c.path === '/api/v1/translate').map((c) => c.credits).sort()).toEqual(translations.map((r) => translationCost(r.textLength!)).sort());
    const spoken = charges.filter((c) => c.path === '/api/v1/tts');
    expect(spoken).toHaveLength((await mine.speech()).filter((r) => r.status === 200).length);
    for (const charge of spoken) expect(charge.credits).toBe(speechCost(charge.textLength));
    // (A text is known by its length and start: the log keeps 80 characters of it.)
    const twice = (texts: { textLength: number | null; textStart: string | null }[]) => {
      const known = texts.map((r) => `${r.textLength}:${r.textStart}`).sort();
      return known.filter((x, i) => x === known[i - 1]);
    };
    expect(twice(spoken)).toEqual([]);
    expect(twice(translations)).toEqual([]);
  });

  test('a long page heard in Spanish: translation stays one request ahead of what is heard, at the start and after a jump far down; after Stop nothing more is translated or spoken', async ({ context, background, extensionId, emulator, pages }) => {
    const mine = since(emulator.url, Date.now());
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'es', confirmAboveCredits: 100_000 });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/long-read.html`);
    const pageLength = (await page.locator('article').innerText()).length;
    await chooseMenuEntry(context, background, extensionId, page, 'read-translated', null);
    await waitForStatus(background, 'playing');
    // Paused where it is heard, and what it asked for answered: the translations bought cover the
    // chunk heard and the next one, nothing further.
    const pause = () => background.evaluate(() => (globalThis as unknown as { voxlateTestHooks: { onCommand(c: string): boolean } }).voxlateTestHooks.onCommand('pause-resume'));
    await pause();
    await expect.poll(async () => (await readingSession(background))?.status).toBe('paused');
    await untilNothingUnderWay(background);
    const atStart = await translatedChunks(background, await mine.translations());
    expect(atStart.beyond).toEqual([]);
    expect(atStart.chunks).toContain(atStart.heard);
    expect(Math.max(...atStart.chunks)).toBe(atStart.heard + 1);

    // Far down the page, from its in-page "Read from here": the same from there.
    const before = (await mine.translations()).length;
    const far = page.locator('article p').nth(30);
    await expect(async () => {
      await page.mouse.move(10, 10);
      await far.hover();
      await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Read from here', 5000));
    }).toPass();
    await expect.poll(async () => { const r = await readingSession(background); return r?.status === 'playing' && r.sentence > 0; }).toBe(true);
    await pause();
    await expect.poll(async () => (await readingSession(background))?.status).toBe('paused');
    await untilNothingUnderWay(background);
    const afterJump = await translatedChunks(background, (await mine.translations()).slice(before));
    expect(afterJump.heard).toBeGreaterThan(atStart.heard + 2);
    expect(afterJump.beyond).toEqual([]);
    expect(afterJump.chunks).toContain(afterJump.heard);
    expect(Math.max(...afterJump.chunks)).toBe(afterJump.heard + 1);

    await stopReadingAndSettle(background);
    const translated = (await mine.translations()).reduce((sum, r) => sum + (r.textLength ?? 0), 0);
    expect(translated).toBeLessThan(pageLength / 2);
    for (const request of await mine.speech()) expect(request.language).toBe('es');
    // Every translation sent is charged once at its price.
    const answered = (await mine.translations()).filter((r) => r.status === 200);
    expect((await mine.charges()).filter((c) => c.path === '/api/v1/translate').map((c) => c.credits).sort()).toEqual(answered.map((r) => translationCost(r.textLength!)).sort());
  });

  test('a 40,000-character page heard in German from a service whose German runs 30 % longer: every request fits the service\'s limit and is paid once, from its start to its end', async ({ context, background, extensionId, emulator, pages }) => {
    const mine = since(emulator.url, Date.now());
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'de', confirmAboveCredits: 1_000_000, speed: 2 });
    await fetch(`${emulator.url}/__emulator/faults`, { method: 'POST', body: JSON.stringify({ type: 'longer-translation', path: '/api/v1/translate', times: 10_000 }) });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/long-read.html`);
    // The article three times over: about 40,000 characters.
    await page.evaluate(TRIPLE_ARTICLE);
    const pageLength = (await page.locator('article').innerText()).length;
    expect(pageLength).toBeGreaterThan(40_000);
    await chooseMenuEntry(context, background, extensionId, page, 'read-translated', null);
    await waitForStatus(background, 'playing');
    // Listened to here and there, to its last paragraph (minutes of listening at 2× would take
    // minutes here too): each place heard, its request and the next bought.
    const paragraphs = page.locator('article p');
    const count = await paragraphs.count();
    for (const at of [0.3, 0.6, 0.97]) {
      const before = await readingSession(background);
      const target = paragraphs.nth(Math.floor(count * at));
      await expect(async () => {
        await page.mouse.move(10, 10);
        await target.scrollIntoViewIfNeeded();
        await target.hover();
        await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Read from here', 5000));
      }).toPass();
      await expect.poll(async () => { const r = await readingSession(background); return r?.status === 'playing' && r.sentence > before!.sentence; }, { timeout: 30_000 }).toBe(true);
      await untilNothingUnderWay(background);
      expect(await inPageUiText(context, page)).not.toMatch(/too long|didn’t|could not|failed/i);
    }
    await stopReadingAndSettle(background);

    // Every speech request was of German that had come back longer, and fitted the limit.
    const speech = await mine.speech();
    expect(speech.length).toBeGreaterThanOrEqual(6);
    expect(speech.map((r) => r.status)).toEqual(speech.map(() => 200));
    for (const r of speech) {
      expect(r.language).toBe('de');
      expect(r.textLength!).toBeLessThanOrEqual(5000);
    }
    // Each translation and each speech request charged once, at its price.
    const translations = (await mine.translations()).filter((r) => r.status === 200);
    const charges = await mine.charges();
    expect(charges.filter((c) => c.path === '/api/v1/translate').map((c) => c.credits).sort()).toEqual(translations.map((r) => translationCost(r.textLength!)).sort());
    const spoken = charges.filter((c) => c.path === '/api/v1/tts');
    expect(spoken).toHaveLength(speech.length);
    for (const charge of spoken) expect(charge.credits).toBe(speechCost(charge.textLength));
  });

  test('a long page heard in Spanish above the threshold: the question names the first screen\'s figure and the whole page\'s; nothing is sent before the user agrees; what is charged stays within the figure agreed', async ({ context, background, extensionId, emulator, pages }) => {
    const mine = since(emulator.url, Date.now());
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'es', confirmAboveCredits: 20, listen: { mode: 'translation', pauseSec: 2, repeatSlower: true } });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/long-read.html`);
    await chooseMenuEntry(context, background, extensionId, page, 'read-translated', null);
    const agree = await findAxNode(context, page, 'button', /^Read aloud in Spanish \(up to [\d,]+ credits\)$/);
    const said = await inPageUiText(context, page);
    const [, first, whole] = /Hearing this page in Spanish costs (?:about|up to) ([\d,]+) credits? for the first screen and up to ([\d,]+) credits for the whole page, translation and speech together: more than the 20 credits/.exec(said)!;
    const figure = Number(whole!.replace(/,/g, ''));
    expect(Number(first!.replace(/,/g, ''))).toBeLessThan(figure);
    expect(agree.name).toContain(`(up to ${whole} credits)`);
    expect(await mine.translations()).toEqual([]);
    expect(await mine.speech()).toEqual([]);

    await clickAxNode(context, page, agree);
    await waitForStatus(background, 'playing');
    await stopReadingAndSettle(background);
    const charged = (await mine.charges()).reduce((sum, c) => sum + c.credits, 0);
    expect(charged).toBeGreaterThan(0);
    expect(charged).toBeLessThanOrEqual(figure);
  });

  test('the service charging for a translation and then failing: the page says so and offers Retry with a figure that counts the translations; nothing is sent again until pressed, then no more than that is charged', async ({ context, background, extensionId, emulator, pages }) => {
    const mine = since(emulator.url, Date.now());
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'en', confirmAboveCredits: 1000 });
    await fetch(`${emulator.url}/__emulator/faults`, { method: 'POST', body: JSON.stringify({ type: 'charged-error', path: '/api/v1/translate', times: 1 }) });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/spanish.html`);
    await chooseMenuEntry(context, background, extensionId, page, 'read-translated', null);
    const retry = await findAxNode(context, page, 'button', /^Retry from here \((about|up to) [\d,]+ credits?\)$/, 30_000).catch(async (error: unknown) => {
      throw new Error(`${String(error)}; the page said: ${await inPageUiText(context, page)}; ledger: ${JSON.stringify(await mine.charges())}`);
    });
    const figure = Number(/([\d,]+) credit/.exec(retry.name)![1]!.replaceAll(',', ''));
    expect(await inPageUiText(context, page)).toContain('may already be paid for');
    // The failed translation was charged once; nothing went again by itself, and nothing was spoken.
    const before = await mine.charges();
    expect(before.map((c) => c.path)).toEqual(['/api/v1/translate']);
    expect(await mine.translations()).toHaveLength(1);
    expect(await mine.speech()).toEqual([]);
    // The figure counts the translations of what is left, not the speech alone.
    expect(figure).toBeGreaterThan(translationCost('Una carta de la costa'.length));

    await clickAxNode(context, page, retry);
    await waitForStatus(background, 'playing', 30_000);
    await untilEveryPartBought(background, emulator.url, mine.t0);
    const after = (await mine.charges()).slice(before.length);
    expect(after.some((c) => c.path === '/api/v1/translate')).toBe(true);
    expect(after.reduce((sum, c) => sum + c.credits, 0)).toBeLessThanOrEqual(figure);
  });

  test('closing the tab while its page is heard in another language stops the translation and the speech: nothing is sent afterwards', async ({ context, background, extensionId, emulator, pages }) => {
    const mine = since(emulator.url, Date.now());
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'es', confirmAboveCredits: 100_000 });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/long-read.html`);
    await chooseMenuEntry(context, background, extensionId, page, 'read-translated', null);
    await waitForStatus(background, 'playing');
    await page.close();
    await expect.poll(() => readingSession(background)).toBeNull();
    await untilNothingUnderWay(background);
    const sent = (await emulatorLog(emulator.url)).length;
    const charged = (await mine.charges()).length;
    // Another reading's worth of time later, still nothing more: the next part is never asked for.
    const other = await context.newPage();
    await other.goto(`${pages.url}/fixtures/spanish.html`);
    await selectText(other, '#greeting');
    await chooseMenuEntry(context, background, extensionId, other, 'voxlate-read-selection');
    await waitForStatus(background, 'playing');
    const later = (await emulatorLog(emulator.url)).slice(sent);
    expect(later.every((r) => r.path !== '/api/v1/translate')).toBe(true);
    expect(later.filter((r) => r.path === '/api/v1/tts').every((r) => r.language === 'es' && !r.textStart?.startsWith('[ES]'))).toBe(true);
    expect((await mine.charges()).slice(charged).every((c) => c.path === '/api/v1/tts' && !c.textStart.startsWith('[ES]'))).toBe(true);
  });

  test('the popup\'s "Listen in English": any text translated and read aloud, one figure for both above the threshold, nothing sent before Play', async ({ context, background, extensionId, emulator }) => {
    const mine = since(emulator.url, Date.now());
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { confirmAboveCredits: 1 });
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    await popup.getByRole('tab', { name: 'Translate' }).click();
    const text = 'Hola, amigo. Buenos días desde la costa.';
    await popup.getByLabel('Text to translate').fill(text);
    await popup.getByLabel('To', { exact: true }).selectOption('en');
    await popup.getByRole('button', { name: 'Listen in English' }).click();
    const play = popup.getByRole('button', { name: /^Play \((about|up to) [\d,]+ credits?\)$/ });
    await expect(play).toBeVisible();
    const figure = Number(/([\d,]+) credits?\)$/.exec((await play.textContent())!)![1]!.replace(/,/g, ''));
    expect(figure).toBeGreaterThanOrEqual(translationCost(text.length) + 1);
    expect(await mine.translations()).toEqual([]);
    expect(await mine.speech()).toEqual([]);

    await play.click();
    await waitForStatus(background, 'playing');
    const [translation] = await mine.translations();
    expect(translation).toMatchObject({ status: 200, textLength: text.length });
    await expect.poll(() => readingSession(background), { timeout: 60_000 }).toBeNull();
    const speech = (await mine.speech()).filter((r) => r.status === 200);
    expect(speech[0]).toMatchObject({ language: 'en' });
    expect(speech[0]!.textStart).toMatch(/^\[EN\] /);
    const charges = await mine.charges();
    const total = charges.reduce((sum, c) => sum + c.credits, 0);
    expect(total).toBe(translationCost(text.length) + speech.reduce((sum, r) => sum + speechCost(r.textLength!), 0));
    expect(total).toBeLessThanOrEqual(figure);
  });
});
