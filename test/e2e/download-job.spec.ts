import type { BrowserContext, Page, Worker } from '@playwright/test';
import { prepareSpeech } from '../../lib/speech/chunk';
import { axeViolations } from '../support/axe';
import { allowInIncognito } from '../support/browser';
import { completedDownload, decodedSeconds } from '../support/downloads';
import { badgeOf, clickToolbarButton, ledger, speechRequests, untilNothingUnderWay, type LoggedServiceRequest } from '../support/extension';
import { connectService, expect, setSettings, test } from './fixtures';

/** Distinct sentences (no two parts of a text may share audio), about `chars` characters. */
function story(chars: number): string {
  const sentences: string[] = [];
  for (let i = 1; sentences.join(' ').length < chars; i++) {
    sentences.push(`Sentence ${i} tells how the walker followed the river past the mill and the stone bridge.`);
  }
  return sentences.join(' ');
}

/** The request texts the extension plans for a text: its parts, in order. */
const partsOf = (text: string) => prepareSpeech(text, 'en').chunks.map((c) => c.text);
const creditsOf = (chars: number) => Math.ceil(chars / 100);

async function emulatorConfig(url: string, config: { latencyMs: number; msPerChar: number }): Promise<void> {
  await fetch(`${url}/__emulator/config`, { method: 'PATCH', body: JSON.stringify(config) });
}

async function queueFault(url: string, fault: Record<string, unknown>): Promise<void> {
  await fetch(`${url}/__emulator/faults`, { method: 'POST', body: JSON.stringify(fault) });
}

/**
 * The speech requests once every request sent before `since` has been answered: none takes longer
 * than `boundMs` under the latency set by the test, and the log only lists answered requests.
 */
async function speechAfter(url: string, since: number, boundMs: number): Promise<LoggedServiceRequest[]> {
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, since + boundMs - Date.now())));
  return speechRequests(url);
}

/** Which part each request asked for (by where it starts), in the order the parts come. */
function partIndexes(parts: string[], requests: { textStart: string | null }[]): number[] {
  return requests.map((r) => parts.findIndex((p) => p.slice(0, 80) === r.textStart)).sort((a, b) => a - b);
}

async function startFromPopup(page: Page, extensionId: string, text: string): Promise<Page> {
  await page.goto(`chrome-extension://${extensionId}/popup.html`);
  // The account is read, so the plan's limits are known (free: two requests at once).
  await expect(page.getByRole('region', { name: 'Account' })).toContainText('2,000 credits');
  await page.getByLabel('Text to read').fill(text);
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  return page;
}

async function prepare(background: Worker, emulatorUrl: string, format: 'mp3' | 'wav', key = 'demo-free'): Promise<void> {
  await connectService(background, emulatorUrl, key);
  // What is tested here is the job once it may send; the confirmation step is tested elsewhere.
  await setSettings(background, { format, confirmAboveCredits: 1_000_000 });
}

const FREE = 'free@demo.test';

/** axe (WCAG 2.1 A and AA) finds nothing wrong with what the popup shows now (in one pass in the page: see test/support/axe.ts). */
async function expectAccessible(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

test.describe('download as one cancellable job', () => {
  test.afterEach(async ({ emulator }) => {
    await emulatorConfig(emulator.url, { latencyMs: 0, msPerChar: 0 });
    await fetch(`${emulator.url}/__emulator/faults`, { method: 'DELETE' });
  });

  test('cancelled half way from the popup: exactly the parts sent before are charged, nothing is sent after', async ({ context, background, extensionId, emulator }) => {
    test.setTimeout(120_000);
    await prepare(background, emulator.url, 'wav');
    // Slow enough to cancel half way: 1.5 s + 1 ms per character for each part.
    await emulatorConfig(emulator.url, { latencyMs: 1500, msPerChar: 1 });
    const text = story(10_000);
    const parts = partsOf(text);
    expect(parts.length).toBe(6);

    const popup = await startFromPopup(await context.newPage(), extensionId, text);
    const region = popup.getByRole('region', { name: 'Audio download' });
    await expect(region.getByRole('status')).toHaveText(`Downloading: 2 of ${parts.length} parts`, { timeout: 30_000 });
    await expect.poll(async () => (await badgeOf(background)).text).toBe(`${Math.floor((2 * 100) / parts.length)}%`);
    await region.getByRole('button', { name: 'Cancel download' }).click();
    await expect(popup.getByText('Download cancelled.')).toBeVisible();
    const cancelledAt = Date.now();
    await expect(popup.getByRole('button', { name: 'Cancel download' })).toHaveCount(0);
    await expect.poll(async () => (await badgeOf(background)).text).toBe('');
    await expectAccessible(popup);

    // Parts already sent finish (they are paid anyway): once the worker has none on the wire,
    // each was answered (the emulator logs a request as it answers it); then nothing more arrives.
    await untilNothingUnderWay(background);
    const requests = await speechRequests(emulator.url);
    for (const request of requests) {
      expect(request.status).toBe(200);
      expect(Date.parse(request.time)).toBeLessThanOrEqual(cancelledAt);
    }
    // In order, two at a time: those received and those on the wire when Cancel came (two, or
    // one more when a part came back between the status read and the click on a busy machine);
    // the rest never sent.
    const sent = partIndexes(parts, requests);
    expect(sent).toEqual([...sent.keys()]);
    expect(sent.length).toBeGreaterThanOrEqual(4);
    expect(sent.length).toBeLessThan(parts.length);

    const charged = await ledger(emulator.url);
    const tts = charged.entries.filter((e) => e.path === '/api/v1/tts');
    expect(tts.map((e) => e.id).sort()).toEqual(requests.map((r) => r.id).sort());
    const expected = sent.reduce((sum, i) => sum + creditsOf(parts[i]!.length), 0);
    expect(tts.reduce((sum, e) => sum + e.credits, 0)).toBe(expected);
    expect(charged.total[FREE]).toBe(expected);

    await popup.waitForTimeout(3000);
    expect(await speechRequests(emulator.url)).toHaveLength(requests.length);
    const saved = await background.evaluate(() => chrome.downloads.search({}));
    expect(saved).toHaveLength(0);
  });

  test('the plan’s minute used up: the download says when it continues by itself, not that the service is slow; Cancel sends nothing', async ({ context, background, extensionId, emulator }) => {
    await prepare(background, emulator.url, 'mp3');
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    await expect(popup.getByRole('region', { name: 'Account' })).toContainText('2,000 credits');
    // The free plan's ten requests of the last minute, used a moment ago (as by a reading).
    await untilNothingUnderWay(background);
    await background.evaluate(() =>
      (globalThis as unknown as { voxlateTestHooks: { seedRateHistory(starts: number[]): void } }).voxlateTestHooks.seedRateHistory(Array.from({ length: 10 }, () => Date.now())),
    );
    await popup.getByLabel('Text to read').fill(story(3000));
    await popup.getByRole('button', { name: 'Download', exact: true }).click();
    const region = popup.getByRole('region', { name: 'Audio download' });
    await expect(region).toContainText(/Your plan allows 10 requests a minute; continuing by itself in about \d+ s\./);
    await region.getByRole('button', { name: 'Cancel download' }).click();
    await expect(popup.getByText('Download cancelled.')).toBeVisible();
    // (The balance read the job ends with waits its turn in the plan's minute: a free request.)
    await expect(region.getByRole('button', { name: 'Cancel download' })).toHaveCount(0);
    expect(await speechRequests(emulator.url)).toEqual([]);
    expect((await ledger(emulator.url)).entries).toEqual([]);
  });

  test('a part fails: the job stops with a message, then Retry pays only for the missing parts and saves one mp3', async ({ context, background, extensionId, emulator }) => {
    test.setTimeout(120_000);
    await prepare(background, emulator.url, 'mp3');
    const text = story(1_400);
    const parts = partsOf(text);
    expect(parts.length).toBe(4);
    // Every reply takes at least 500 ms, so both parts of the plan's two at a time are on the
    // wire when the first one fails (a paid 500 is not retried: it may have been billed); the
    // other is slow, so it is still running then and finishes (charged); parts 2 and 3 wait.
    await emulatorConfig(emulator.url, { latencyMs: 500, msPerChar: 0 });
    await queueFault(emulator.url, { type: 'server-error', path: '/api/v1/tts', times: 1 });
    await queueFault(emulator.url, { type: 'slow', path: '/api/v1/tts', times: 1, delayMs: 2500 });

    const popup = await startFromPopup(await context.newPage(), extensionId, text);
    const alert = popup.getByRole('alert').filter({ hasText: 'The service had a problem (HTTP 500)' });
    await expect(alert).toBeVisible({ timeout: 30_000 });
    const failedAt = Date.now();
    expect(await badgeOf(background)).toMatchObject({ text: '!', title: expect.stringContaining('The download stopped') });

    await expect.poll(async () => (await speechRequests(emulator.url)).length, { timeout: 30_000 }).toBe(2);
    const before = await speechAfter(emulator.url, Date.now(), 3000);
    expect(before.map((r) => r.status).sort()).toEqual([200, 500]);
    for (const request of before) expect(Date.parse(request.time)).toBeLessThanOrEqual(failedAt);
    expect(partIndexes(parts, before)).toEqual([0, 1]);
    const received = partIndexes(parts, before.filter((r) => r.status === 200));
    const chargedBefore = (await ledger(emulator.url)).entries.filter((e) => e.path === '/api/v1/tts');
    expect(partIndexes(parts, chargedBefore)).toEqual(received);
    await expect(alert).toContainText(`1 of ${parts.length} parts were received`);
    await expectAccessible(popup);

    await emulatorConfig(emulator.url, { latencyMs: 0, msPerChar: 0 });
    await alert.getByRole('button', { name: 'Retry' }).click();
    const file = await completedDownload(background);
    await expect(popup.getByText(/^Saved as .+\.mp3\.$/)).toBeVisible();

    const charged = await ledger(emulator.url);
    const tts = charged.entries.filter((e) => e.path === '/api/v1/tts');
    // Every part paid exactly once; the retry asked only for those not received before.
    expect(partIndexes(parts, tts)).toEqual([0, 1, 2, 3]);
    const retried = tts.filter((e) => !chargedBefore.some((b) => b.id === e.id));
    expect(partIndexes(parts, retried)).toEqual([0, 1, 2, 3].filter((i) => !received.includes(i)));
    const total = parts.reduce((sum, p) => sum + creditsOf(p.length), 0);
    expect(tts.reduce((sum, e) => sum + e.credits, 0)).toBe(total);
    expect(charged.total[FREE]).toBe(total);
    const answered = (await speechRequests(emulator.url)).filter((r) => r.status === 200);
    expect(answered).toHaveLength(parts.length);

    // One valid mp3 holding every part: as long as the parts' audio together.
    const partSeconds = await background.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('voxlate-audio');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const all = open.result.transaction('meta').objectStore('meta').getAll();
            all.onsuccess = () => resolve((all.result as { durationSec: number }[]).reduce((sum, m) => sum + m.durationSec, 0));
          };
        }),
    );
    expect(partSeconds).toBeGreaterThan(text.length / 20);
    expect(await decodedSeconds(file.filename)).toBeCloseTo(partSeconds, 0);
    expect(file.mime).toBe('audio/mpeg');
  });

  test('from a private (incognito) window: one mp3 of every part, each paid once, nothing of the window written to disk', async ({ context, emulator, pages }) => {
    test.setTimeout(120_000);
    // "Allow in Incognito" (it restarts the extension: its worker is a new one).
    const background = await allowInIncognito(context);
    await prepare(background, emulator.url, 'mp3');
    const text = story(1_400);
    const parts = partsOf(text);
    expect(parts.length).toBe(4);
    const address = `${pages.url}/fixtures/river.html`;
    const [tabId] = await privateWindow(context, background, [address]);
    await selectInTab(background, tabId!, text);
    const before = await keptOnDisk(background);

    await downloadFromMenu(background, tabId!, text);
    const file = await completedDownload(background);

    // One valid mp3 holding every part (about 15 characters a second), joined from the parts
    // the offscreen document took from the worker's memory.
    expect(file.mime).toBe('audio/mpeg');
    expect(await decodedSeconds(file.filename)).toBeGreaterThan(text.length / 20);
    const tts = (await ledger(emulator.url)).entries.filter((e) => e.path === '/api/v1/tts');
    expect(partIndexes(parts, tts)).toEqual([0, 1, 2, 3]);
    expect(tts.reduce((sum, e) => sum + e.credits, 0)).toBe(parts.reduce((sum, p) => sum + creditsOf(p.length), 0));

    // Nothing of it on disk: no audio in the database, nothing of the page in storage.local (where
    // the extension keeps what it learned meanwhile: the voices, the balance, the price).
    const after = await keptOnDisk(background);
    expect(after.audio).toEqual([]);
    for (const key of ['readingPositions', 'translationHistory', 'translationCacheIndex']) expect(after.local[key]).toEqual(before.local[key]);
    const written = JSON.stringify(after.local);
    for (const trace of [parts[0]!.slice(0, 40), 'A day on the river', pages.url]) expect(written).not.toContain(trace);
  });

  test('a private window\'s download that failed and is retried after its tab closed stays private: nothing on disk, nothing paid twice; closing the window forgets it', async ({ context, extensionId, emulator, pages }) => {
    test.setTimeout(120_000);
    const background = await allowInIncognito(context);
    // The pro plan: the free plan's requests a minute would make the second download wait its turn.
    await prepare(background, emulator.url, 'mp3', 'demo-pro');
    const text = story(1_400);
    const parts = partsOf(text);
    // Two private tabs in one window: closing the download's leaves the window open.
    const [tabId, otherTab] = await privateWindow(context, background, [`${pages.url}/fixtures/river.html`, `${pages.url}/fixtures/article.html`]);
    await selectInTab(background, tabId!, text);
    await queueFault(emulator.url, { type: 'server-error', path: '/api/v1/tts', times: 1 });
    await downloadFromMenu(background, tabId!, text);
    const state = () => background.evaluate(async () => ((await chrome.storage.session.get('download')).download ?? null) as { status: string } | null);
    await expect.poll(async () => (await state())?.status).toBe('failed');
    await background.evaluate((id) => chrome.tabs.remove(id), tabId!);

    // Retry from the popup, a normal window's page: the job is the private window's still.
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    await popup.getByRole('button', { name: 'Retry' }).click();
    const file = await completedDownload(background);
    expect(await decodedSeconds(file.filename)).toBeGreaterThan(text.length / 20);
    // Each part paid once: the ones fetched before the failure were kept (in memory) for the retry.
    const tts = (await ledger(emulator.url)).entries.filter((e) => e.path === '/api/v1/tts');
    expect(partIndexes(parts, tts)).toEqual([0, 1, 2, 3]);
    expect((await keptOnDisk(background)).audio).toEqual([]);

    // Failed again in that window, then the window closed: its text and its Retry are forgotten.
    // (Words of its own: none of its parts is in the cache.)
    const again = story(300).replaceAll('Sentence', 'Line');
    await selectInTab(background, otherTab!, again);
    await queueFault(emulator.url, { type: 'server-error', path: '/api/v1/tts', times: 1 });
    await downloadFromMenu(background, otherTab!, again);
    await expect.poll(async () => (await state())?.status).toBe('failed');
    await background.evaluate(async (id) => chrome.windows.remove((await chrome.tabs.get(id)).windowId), otherTab!);
    await expect
      .poll(() => background.evaluate(async () => Object.values(await chrome.storage.session.get(['download', 'downloadRequest'])).filter((v) => v !== null)))
      .toEqual([]);
    await popup.reload();
    await expect(popup.getByRole('region', { name: 'Account' })).toBeVisible();
    await expect(popup.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  });
});

/** What the extension keeps on disk: storage.local, and the audio cache's keys (IndexedDB). */
function keptOnDisk(background: Worker) {
  return background.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('voxlate-audio');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const audio = db.objectStoreNames.contains('audio')
      ? await new Promise<IDBValidKey[]>((resolve, reject) => {
          const keys = db.transaction('audio').objectStore('audio').getAllKeys();
          keys.onsuccess = () => resolve(keys.result);
          keys.onerror = () => reject(keys.error);
        })
      : [];
    db.close();
    return { local: await chrome.storage.local.get(null), audio };
  });
}

/**
 * A private window (as Ctrl+Shift+N opens) with a tab at each address, loaded; the user's click on
 * the toolbar button in its first tab grants the extension that tab (activeTab). Returns the tabs.
 */
async function privateWindow(context: BrowserContext, background: Worker, addresses: string[]): Promise<number[]> {
  const tabs = await background.evaluate(async (url) => {
    const window = await chrome.windows.create({ incognito: true, url });
    if (!window!.tabs!.every((t) => t.incognito)) throw new Error('the window is not private');
    return window!.tabs!.map((t) => t.id!);
  }, addresses);
  for (const id of tabs) await expect.poll(() => background.evaluate(async (tab) => (await chrome.tabs.get(tab)).status, id)).toBe('complete');
  for (const [i, address] of addresses.entries()) {
    await background.evaluate((id) => chrome.tabs.update(id, { active: true }), tabs[i]!);
    await clickToolbarButton(context, { url: () => address }, new URL(background.url()).host);
  }
  return tabs;
}

/** Puts `text` alone on the page of tab `tabId`, selected. */
async function selectInTab(background: Worker, tabId: number, text: string): Promise<void> {
  await background.evaluate(
    async ([id, story]) =>
      void (await chrome.scripting.executeScript({
        target: { tabId: id },
        args: [story],
        func: (words: string) => {
          const paragraph = document.createElement('p');
          paragraph.textContent = words;
          document.body.replaceChildren(paragraph);
          getSelection()!.selectAllChildren(paragraph);
        },
      })),
    [tabId, text] as const,
  );
}

/** "Download audio" from the menu on that selection. */
async function downloadFromMenu(background: Worker, tabId: number, selectionText: string): Promise<void> {
  await background.evaluate(
    async ([id, selected]) => {
      const hooks = (globalThis as never as { voxlateTestHooks: { onMenuClick: (i: unknown, t: unknown) => boolean } }).voxlateTestHooks;
      const tab = await chrome.tabs.get(id);
      if (!hooks.onMenuClick({ menuItemId: 'voxlate-download-selection', frameId: 0, editable: false, pageUrl: tab.url, selectionText: selected }, tab)) throw new Error('menu not handled');
    },
    [tabId, selectionText] as const,
  );
}
