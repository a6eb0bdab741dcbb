import { connectService, expect, readArticleSelection, setSettings, test } from './fixtures';
import { completedDownload, decodedSeconds } from '../support/downloads';
import {
  chooseMenuEntry,
  clickAxNode,
  clickMenu,
  findAxNode,
  inPageUiText,
  ledger,
  readingSession,
  requestsUnderWay,
  selectText,
  speechRequests,
  untilEveryPartBought,
  waitForStatus,
} from '../support/extension';
import type { Worker } from '@playwright/test';

/** The emulator's speech price: ceil(characters / 100), at least 1 credit a request. */
const speechCost = (length: number) => Math.max(1, Math.ceil(length / 100));

/** A cloud-like service, so that requests are still on the wire while the user acts. */
async function slowService(emulatorUrl: string): Promise<void> {
  await fetch(`${emulatorUrl}/__emulator/config`, { method: 'PATCH', body: JSON.stringify({ latencyMs: 600, msPerChar: 2 }) });
}

/**
 * Requests and charges of this test only: a reading cut off by the end of the previous test (its
 * browser closed) may still be answered and logged after the emulator was reset.
 */
function since(emulatorUrl: string, t0: number) {
  return {
    requests: async () => (await speechRequests(emulatorUrl)).filter((r) => Date.parse(r.time) >= t0),
    charges: async () => (await ledger(emulatorUrl)).entries.filter((e) => Date.parse(e.time) >= t0),
  };
}

/** The texts of the reading's planned requests, or null when nothing is reading. */
const plannedTexts = (background: Worker) =>
  background.evaluate(async () => {
    const { reading } = await chrome.storage.session.get('reading');
    return reading ? (reading as { plan: { chunks: { text: string }[] } }).plan.chunks.map((c) => c.text) : null;
  });

test.afterEach(async ({ emulator }) => {
  await fetch(`${emulator.url}/__emulator/config`, { method: 'PATCH', body: JSON.stringify({ latencyMs: 0, msPerChar: 0 }) });
});

test.describe('credits: reading aloud spends only what the user agreed to, once', () => {
  test('a page reading above the threshold sends only its first sentence (below it, to learn the price) until confirmed on the page; Cancel sends nothing more', async ({ context, background, extensionId, emulator, pages }) => {
    const mine = since(emulator.url, Date.now());
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { confirmAboveCredits: 20 });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/river.html`);

    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-page');
    const cancel = await findAxNode(context, page, 'button', 'Cancel');
    expect(await inPageUiText(context, page)).toMatch(/Reading the rest aloud will cost up to [\d,]+ credits: more than the 20 credits you asked to confirm/);
    // The price is not known yet: the reading's first request (below the threshold) was bought to learn it.
    const first = await mine.charges();
    expect(first.length).toBeGreaterThan(0);
    expect(first.reduce((sum, e) => sum + e.credits, 0)).toBeLessThanOrEqual(20);
    await clickAxNode(context, page, cancel);
    await page.waitForTimeout(1000);
    expect(await mine.requests()).toHaveLength(first.length);
    expect(await readingSession(background)).toBeNull();

    // Asked again, with the price learned: nothing is sent until the user agrees.
    await clickMenu(background, page, 'voxlate-read-page');
    const agree = await findAxNode(context, page, 'button', /^Read aloud \(about [\d,]+ credits\)$/);
    expect(await mine.requests()).toHaveLength(first.length);
    await clickAxNode(context, page, agree);
    await waitForStatus(background, 'playing');
    await expect.poll(async () => (await mine.charges()).length).toBeGreaterThan(first.length);
    // Every charge is a request the reading made, each paid once (the first ones too).
    const entries = await mine.charges();
    for (const entry of entries) expect(entry.credits).toBe(speechCost(entry.textLength));
    expect(new Set(entries.map((e) => e.textStart)).size).toBe(entries.length);
  });

  test('the first question is not ten times too high: its first requests tell the price, and a reading within the threshold at it just starts', async ({ context, background, extensionId, emulator, pages }) => {
    const mine = since(emulator.url, Date.now());
    await connectService(background, emulator.url, 'demo-pro');
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/river.html`);
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-page');
    // At the cautious price (1 credit per 10 characters) the page is above the 200-credit threshold (checked below)…
    // The figure is said as the reading starts, for a few seconds: looked for from the click on.
    let said = '';
    await expect.poll(async () => (said = await inPageUiText(context, page)), { intervals: [100] }).toMatch(/Reading aloud: up to [\d,]+ credits\./);
    await waitForStatus(background, 'playing');
    const text = (await plannedTexts(background))!;
    expect(text.reduce((sum, t) => sum + Math.ceil(t.length / 10), 0)).toBeGreaterThan(200);
    // …at the price the service charged for its first requests it is not: it started without a question, with its figure.
    const shown = Number(/Reading aloud: up to ([\d,]+) credits/.exec(said)![1]!.replace(/,/g, ''));
    expect(shown).toBeLessThanOrEqual(200);
    expect(await inPageUiText(context, page)).not.toContain('Cancel');
    // What the rest of the reading will be charged (the emulator's price, each chunk once) is within the figure shown.
    const firstPaid = (await mine.charges()).slice(0, 2).map((e) => e.textStart);
    expect(firstPaid).toContain(text[0]!.slice(0, 80));
    const rest = text.filter((t) => !firstPaid.includes(t.slice(0, 80)));
    expect(rest.reduce((sum, t) => sum + speechCost(t.length), 0)).toBeLessThanOrEqual(shown);
  });

  test('a later reading one credit above the threshold asks first: the price learned from a first request is never below what the service charges', async ({ context, background, extensionId, emulator, pages }) => {
    const mine = since(emulator.url, Date.now());
    const threshold = 17;
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { confirmAboveCredits: threshold, speed: 2 });
    const page = await context.newPage();
    // Sentences of 99 characters: one alone is billed one credit, a little below what its length is
    // worth, and half a credit off it (the price as once learned) makes speech half what it costs.
    await page.goto(`${pages.url}/fixtures/river-reaches.html`);
    await selectText(page, '#reaches');
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-selection');
    await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Cancel'));
    // Its first sentence was bought to learn the price, and nothing else.
    const probe = await mine.charges();
    expect(probe.map((e) => [e.textLength, e.credits])).toEqual([[99, 1]]);
    await expect.poll(() => readingSession(background)).toBeNull();

    // The next reading's price is known: no request leaves before the question.
    await selectText(page, '#bends');
    await clickMenu(background, page, 'voxlate-read-selection');
    const agree = await findAxNode(context, page, 'button', /^Read aloud \((about|up to) [\d,]+ credits\)$/);
    expect(await inPageUiText(context, page)).toMatch(/will cost (about|up to) [\d,]+ credits: more than the 17 credits/);
    expect(await mine.charges()).toHaveLength(1);
    const shown = Number(/([\d,]+) credits/.exec(agree.name)![1]!.replace(/,/g, ''));

    await clickAxNode(context, page, agree);
    await waitForStatus(background, 'playing');
    const chunks = (await plannedTexts(background))!;
    await untilEveryPartBought(background, emulator.url, Date.parse(probe[0]!.time) + 1);
    // What it was charged: one credit above the threshold, within the figure. At the price once
    // learned (each request's credits less half a credit) it came to 11 credits and was never asked.
    const paid = (await mine.charges()).slice(1);
    expect(paid.map((e) => e.textStart).sort()).toEqual(chunks.map((t) => t.slice(0, 80)).sort());
    const charged = paid.reduce((sum, e) => sum + e.credits, 0);
    expect(charged).toBe(threshold + 1);
    expect(chunks.reduce((sum, t) => sum + Math.max(1, Math.ceil((t.length * 0.5) / 99)), 0)).toBeLessThanOrEqual(threshold);
    expect(shown).toBeGreaterThanOrEqual(charged);
  });

  test('below the threshold a page reading starts at once and says what it will cost', async ({ context, background, extensionId, emulator, pages }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { confirmAboveCredits: 5000 });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/river.html`);
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-page');
    // Said as the reading starts, for a few seconds: looked for from the click on, not after the
    // first audio (a busy machine can take longer than the notice stays).
    await expect.poll(() => inPageUiText(context, page), { intervals: [100] }).toMatch(/Reading aloud: up to [\d,]+ credits\./);
    await waitForStatus(background, 'playing');
  });

  test('restarting the same text at once joins the request on the wire: the first sentence is paid once', async ({ context, background, extensionId, emulator, pages }) => {
    const mine = since(emulator.url, Date.now());
    await connectService(background, emulator.url, 'demo-pro');
    // The first sentence takes 3 s to come back: the restart happens while it is on the wire.
    await fetch(`${emulator.url}/__emulator/faults`, { method: 'POST', body: JSON.stringify({ type: 'slow', path: '/api/v1/tts', delayMs: 3000 }) });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/article.html`);
    await selectText(page, '#first');
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-selection');
    const first = 'The morning was cool and bright.';
    await expect.poll(() => readingSession(background)).not.toBeNull();
    // On the wire (sent, not answered): the restart comes now.
    await expect.poll(async () => (await requestsUnderWay(background)).active).toBe(1);
    expect(await mine.requests()).toEqual([]);
    await clickMenu(background, page, 'voxlate-read-selection');
    // Over when the restarted reading has asked for its last sentence and ended: between the stop
    // and the restart there is a moment with no reading at all, which is not its end.
    await expect
      .poll(async () => (await readingSession(background)) === null && (await mine.requests()).some((r) => r.textStart?.startsWith('Dr. Smith')), { timeout: 30_000 })
      .toBe(true);

    const requests = await mine.requests();
    const texts = requests.map((r) => r.textStart);
    expect(texts.filter((t) => t === first), JSON.stringify(requests)).toHaveLength(1);
    expect(requests.every((r) => r.status === 200)).toBe(true);
    const entries = await mine.charges();
    expect(entries.map((e) => e.textStart).sort()).toEqual([...texts].sort());
    // The paragraph's sentences, each paid once: 1 credit a request.
    expect(entries.reduce((sum, e) => sum + e.credits, 0)).toBe(requests.length);
  });

  test('a restart that joined a request which then failed tries once more on its own and says so: the sentence is paid once, by the answer that came', async ({ context, background, extensionId, emulator, pages }) => {
    const mine = since(emulator.url, Date.now());
    await connectService(background, emulator.url, 'demo-pro');
    // Every answer takes 3 s; the first /tts then fails (a server error, not charged).
    await fetch(`${emulator.url}/__emulator/config`, { method: 'PATCH', body: JSON.stringify({ latencyMs: 3000 }) });
    await fetch(`${emulator.url}/__emulator/faults`, { method: 'POST', body: JSON.stringify({ type: 'server-error', path: '/api/v1/tts' }) });
    // What the readings say about their waits, as the popup and the page are told it.
    await background.evaluate(() => {
      const seen: string[] = [];
      (globalThis as unknown as { seenWaitNotes: string[] }).seenWaitNotes = seen;
      chrome.storage.session.onChanged.addListener((changes) => {
        if (changes.waitNotes) seen.push(...Object.values((changes.waitNotes.newValue ?? {}) as Record<string, string>));
      });
    });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/article.html`);
    await selectText(page, '#first');
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-selection');
    const first = 'The morning was cool and bright.';
    await expect.poll(async () => (await requestsUnderWay(background)).active).toBe(1);
    // The restart joins the first sentence's request on the wire; it fails, and the restarted
    // reading (which paid nothing for it) asks once more on its own.
    await clickMenu(background, page, 'voxlate-read-selection');
    await expect.poll(async () => (await mine.requests()).filter((r) => r.textStart === first).map((r) => r.status), { timeout: 30_000 }).toEqual([500, 200]);
    await fetch(`${emulator.url}/__emulator/config`, { method: 'PATCH', body: JSON.stringify({ latencyMs: 0 }) });
    expect(await background.evaluate(() => (globalThis as unknown as { seenWaitNotes: string[] }).seenWaitNotes)).toContainEqual(expect.stringMatching(/did not answer properly\. Reading continues by itself/));
    await expect.poll(async () => (await readingSession(background)) === null && (await mine.requests()).some((r) => r.textStart?.startsWith('Dr. Smith')), { timeout: 30_000 }).toBe(true);
    // Paid: each sentence once, the first by its answered request; the failed one cost nothing.
    const requests = await mine.requests();
    const answered = requests.filter((r) => r.status === 200).map((r) => r.textStart);
    const entries = await mine.charges();
    expect(entries.map((e) => e.textStart).sort()).toEqual([...answered].sort());
    expect(new Set(answered).size).toBe(answered.length);
    expect(entries.reduce((sum, e) => sum + e.credits, 0)).toBe(answered.length);
  });

  test('jumping back and forth across chunk boundaries pays for each part once', async ({ context, background, extensionId, emulator, pages }) => {
    const mine = since(emulator.url, Date.now());
    await slowService(emulator.url);
    await readArticleSelection({ context, background, extensionId, emulator, pages }, 'article');
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    for (const name of ['Next sentence', 'Next sentence', 'Next sentence', 'Previous sentence', 'Previous sentence', 'Next sentence', 'Next sentence', 'Next sentence', 'Previous sentence']) {
      await popup.getByRole('button', { name }).click();
      await popup.waitForTimeout(150);
    }
    await expect.poll(() => readingSession(background), { timeout: 60_000 }).toBeNull();

    const requests = await mine.requests();
    const texts = requests.map((r) => r.textStart);
    expect(new Set(texts).size).toBe(texts.length);
    expect(requests.filter((r) => r.status !== 200)).toEqual([]);
    const entries = await mine.charges();
    expect(entries).toHaveLength(requests.length);
    expect(entries.reduce((sum, e) => sum + e.credits, 0)).toBe(entries.reduce((sum, e) => sum + speechCost(e.textLength), 0));
  });

  test('speech cut short after the service billed it is not sent again; the page says it may be paid for', async ({ context, background, extensionId, emulator, pages }) => {
    const mine = since(emulator.url, Date.now());
    await connectService(background, emulator.url, 'demo-pro');
    await fetch(`${emulator.url}/__emulator/faults`, { method: 'POST', body: JSON.stringify({ type: 'charged-cut', path: '/api/v1/tts' }) });
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/article.html`);
    await selectText(page, '#first');
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-selection');
    await expect.poll(() => inPageUiText(context, page), { timeout: 20_000 }).toMatch(/cut short.*may already be paid for/);
    await page.waitForTimeout(1000);
    const first = (await mine.requests()).filter((r) => r.textStart === 'The morning was cool and bright.');
    expect(first).toHaveLength(1);
    const entries = await mine.charges();
    expect(entries.filter((e) => e.textStart === 'The morning was cool and bright.')).toHaveLength(1);
    expect(entries.reduce((sum, e) => sum + e.credits, 0)).toBe(entries.reduce((sum, e) => sum + speechCost(e.textLength), 0));
  });

  test('a download above the threshold waits for the user on the page, then each part is paid once', async ({ context, background, extensionId, emulator, pages }) => {
    const mine = since(emulator.url, Date.now());
    await connectService(background, emulator.url, 'demo-pro');
    const page = await context.newPage();
    await page.goto(`${pages.url}/fixtures/river.html`);
    await selectText(page, 'article');
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-download-selection');
    await findAxNode(context, page, 'button', /^Download audio \(up to [\d,]+ credits\)$/);
    expect(await inPageUiText(context, page)).toMatch(/Downloading this as audio will cost up to [\d,]+ credits/);
    await page.waitForTimeout(800);
    expect(await mine.requests()).toEqual([]);

    await clickAxNode(context, page, await findAxNode(context, page, 'button', /^Download audio \(/));
    const file = await completedDownload(background);
    expect(await decodedSeconds(file.filename)).toBeGreaterThan(100);
    const requests = await mine.requests();
    const entries = await mine.charges();
    expect(requests.length).toBeGreaterThan(1);
    expect(new Set(requests.map((r) => r.textStart)).size).toBe(requests.length);
    expect(entries).toHaveLength(requests.length);
    expect(entries.reduce((sum, e) => sum + e.credits, 0)).toBe(requests.reduce((sum, r) => sum + speechCost(r.textLength ?? 0), 0));
  });

  test('in the popup, a download above the threshold asks in a confirm row; Cancel sends nothing', async ({ background, openExtensionPage, emulator }) => {
    const mine = since(emulator.url, Date.now());
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { confirmAboveCredits: 20 });
    const popup = await openExtensionPage('popup.html');
    await popup.getByLabel('Text to read').fill('A quiet morning on the river. '.repeat(20));
    await popup.getByRole('button', { name: 'Download', exact: true }).click();
    const question = popup.getByRole('group', { name: /This costs up to [\d,]+ credits, more than the 20 credits you asked to confirm/ });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await popup.waitForTimeout(800);
    expect(await mine.requests()).toEqual([]);

    await popup.getByRole('button', { name: 'Download', exact: true }).click();
    await popup.getByRole('button', { name: /^Download \(up to [\d,]+ credits\)$/ }).click();
    await completedDownload(background);
    const requests = await mine.requests();
    expect(requests.length).toBeGreaterThan(0);
    expect((await mine.charges()).reduce((sum, e) => sum + e.credits, 0)).toBe(requests.reduce((sum, r) => sum + speechCost(r.textLength ?? 0), 0));
  });
});
