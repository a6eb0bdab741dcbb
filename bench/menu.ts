/**
 * `npm run bench` (issue 11, item 6): time to first audio from the context menu, on the real built
 * extension in headless Chromium against the emulator (300 ms + 1 ms per character), for "Read
 * aloud" of a selected paragraph and for "Read aloud from here" after a click in a paragraph, on a
 * large real page (wikipedia, 240 KB; our encyclopedia.html without ../shared/pages), and for "Read
 * aloud in English" of a Spanish paragraph (test/fixtures/spanish.html; issue 20: target ≤ the
 * service's time for its translation + for its first speech request + 100 ms).
 *
 * Each run is a fresh profile, as on a page the extension was never used on: the page script is not
 * there yet. The toolbar button (with its popup turned off, so that nothing is injected) grants
 * activeTab as the right-click does; the menu's handler is then called through the test hook with
 * `Date.now()` stamped in the worker right before. First audio is the player's own stamp (the
 * time its first chunk is scheduled to sound). The floor is the service's time for that very
 * first request (same text, voice, language, speed), sent directly, median of 5. Target: time to
 * first audio ≤ 1.1 × floor + 30 ms. `MENU_RUNS` (default 5) runs of each path; `MENU_ONLY=selection`
 * (or `selection-150`, `selection-5000`: issue 41's selections of 150 and 5,000 characters, from
 * the same paragraph on; `from-here`, `listen`; several with commas) the paths named; `MENU_EXTENSION=<dir>` times another build (e.g. an older commit's
 * `.output-test/chrome-mv3`) instead of building this one.
 *
 * Issue 41: each run times two uses. Cold: the first, in the fresh browser (as above). Warm: in the
 * same browser and tab, once the cold reading was stopped, the same action on other text, so that
 * no cached audio or translation answers it: the fourth paragraph of 200+ characters after the cold
 * selection (or the clicked paragraph) is selected the same way (150 or 5,000 characters from its
 * start, or whole), or clicked in for "from here"; for "listen", the page's other Spanish paragraph
 * (#greeting). The page script, the worker and the player are then already running. The summary
 * rows of selection-150, selection-5000 and listen go to `.bench-results/` (bench/summary.ts).
 */
import os from 'node:os';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { startEmulator, type EmulatorAccount } from '../emulator/server';
import { clickToolbarButton, emulatorLog, tabIdOf, type LoggedServiceRequest } from '../test/support/extension';
import { startPageServer } from '../test/support/page-server';
import { HAS_SHARED_PAGES, ownPageUrl, sharedPageUrl } from '../test/support/pages';
import { connectedBrowser, benchExtension, loadLine, runBench } from './browser';
import { call, clickMenuStamped, send, setSetting, type PlayerStats, type StoredPlan } from './extension';
import { fmt, formatTable, median, menuTtfaTarget } from './stats';
import { floorOf, translateFloorOf } from './floor';
import { loadRange, sideOf, type ImpressionRow } from './impressions';
import { writeImpressions } from './results';

const LATENCY = { latencyMs: 300, msPerChar: 1 };
const RUNS = Number(process.env.MENU_RUNS ?? 5);
/** Quiet time after the browser started and the page loaded, before the click. */
const SETTLE_MS = 1_500;
const ALL_PATHS = ['selection', 'selection-150', 'selection-5000', 'from-here', 'listen'] as const;
type MenuPath = (typeof ALL_PATHS)[number];
/** `MENU_ONLY=selection-150,selection-5000`: these paths only. */
const PATHS = ALL_PATHS.filter((p) => !process.env.MENU_ONLY || process.env.MENU_ONLY.split(',').includes(p));
const MENU_ID: Record<MenuPath, string> = {
  selection: 'voxlate-read-selection',
  'selection-150': 'voxlate-read-selection',
  'selection-5000': 'voxlate-read-selection',
  'from-here': 'read-from-here',
  listen: 'read-translated',
};
/** The selections of a given length (issue 41): from the third long paragraph's start, whole words, up to this many characters. */
const SELECTION_CHARS: Partial<Record<MenuPath, number>> = { 'selection-150': 150, 'selection-5000': 5000 };

const ACCOUNTS: EmulatorAccount[] = [
  { key: 'bench-pro', plan: 'pro', credits: 1_000_000, email: 'pro@bench.test' },
  { key: 'bench-floor', plan: 'enterprise', credits: 100_000_000, email: 'floor@bench.test' },
];

/** Cold: the first use after the browser starts; warm: a later one in the same browser, on other text. */
type Use = 'cold' | 'warm';

interface Run {
  path: MenuPath;
  use: Use;
  /** The player's session of this reading (the warm use waits for another one). */
  sessionId: string | null;
  ttfaMs: number | null;
  /** The service's time for the first request (for "listen": its translation's plus its first speech's). */
  floorMs: number | null;
  toRequestMs: number | null;
  serviceMs: number | null;
  afterMs: number | null;
  chunkChars: number | null;
  load: number;
  note: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));


/**
 * Selects, or clicks in, the third paragraph of more than 200 characters (warm: the one
 * markWarmTarget marked); returns the selection's text.
 */
async function prepare(page: Page, path: MenuPath, use: Use = 'cold'): Promise<string | null> {
  // "Read aloud in English": a Spanish paragraph of about 300 characters (warm: the other one, of about 120).
  const target =
    path === 'listen'
      ? page.locator(use === 'cold' ? '#longer' : '#greeting')
      : use === 'cold'
        ? page.locator('p').filter({ hasText: /.{200}/ }).nth(2)
        : page.locator('[data-bench-warm]');
  await target.scrollIntoViewIfNeeded();
  if (path === 'from-here') {
    await target.click({ position: { x: 30, y: 6 } });
    return null;
  }
  const chars = SELECTION_CHARS[path];
  if (chars) return target.evaluate(selectChars, chars);
  return target.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
    return getSelection()!.toString();
  });
}

/**
 * Marks (data-bench-warm) the paragraph the warm use starts at: the fourth paragraph of 200+
 * characters after the end of the cold use's selection (or caret), clear of any chunk the cold
 * reading fetched ahead before it was stopped. Run in the page.
 */
function markWarmTarget(): boolean {
  const selection = getSelection();
  const end = selection && selection.rangeCount ? selection.getRangeAt(0).endContainer : null;
  if (!end) return false;
  const after = [...document.querySelectorAll('p')].filter(
    (p) => (p.textContent ?? '').replace(/\s+/gu, ' ').length >= 200 && p.checkVisibility() && !p.contains(end) && end.compareDocumentPosition(p) & Node.DOCUMENT_POSITION_FOLLOWING,
  );
  const pick = after[Math.min(3, after.length - 1)];
  pick?.setAttribute('data-bench-warm', '');
  return pick !== undefined;
}

/**
 * Selects from the start of `element` on, through the paragraphs after it, the most whole words
 * whose text is at most `chars` characters (and at least 90 % of it); returns the selection's text.
 */
function selectChars(element: Element, chars: number): string {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  walker.currentNode = element;
  const range = document.createRange();
  range.setStart(element, 0);
  const selection = getSelection()!;
  let best = '';
  let lastEnd: [Node, number] = [element, 0];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    for (const match of text.matchAll(/\S+/gu)) {
      range.setEnd(node, match.index + match[0].length);
      selection.removeAllRanges();
      selection.addRange(range);
      const now = selection.toString();
      if (now.length > chars) {
        range.setEnd(...lastEnd);
        selection.removeAllRanges();
        selection.addRange(range);
        return best;
      }
      best = now;
      lastEnd = [node, match.index + match[0].length];
    }
  }
  return best;
}

/** The stored reading's plan and the sentence it started at. */
async function storedReading(background: Worker): Promise<{ plan: StoredPlan; startSentence: number } | null> {
  return background.evaluate(async () => {
    const { reading } = (await chrome.storage.session.get('reading')) as { reading?: { plan: StoredPlan; startSentence?: number } | null };
    return reading ? { plan: reading.plan, startSentence: reading.startSentence ?? 0 } : null;
  });
}

/** The player's stats once its reading (another session than `previous`'s) has sounded; null after 30 s. */
async function waitForFirstAudio(options: Page, previous: string | null = null): Promise<PlayerStats | null> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const answer = await send<PlayerStats | null>(options, 'getPlayerStats');
    if (answer.result.ok && answer.result.value?.firstAudioAt && answer.result.value.sessionId !== previous) return answer.result.value;
    await sleep(200);
  }
  return null;
}

/** Until no reading is stored (the stop has gone through); false after 10 s. */
async function readingGone(background: Worker): Promise<boolean> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (!(await storedReading(background))) return true;
    await sleep(100);
  }
  return false;
}

const newRun = (path: MenuPath, use: Use): Run => ({
  path,
  use,
  sessionId: null,
  ttfaMs: null,
  floorMs: null,
  toRequestMs: null,
  serviceMs: null,
  afterMs: null,
  chunkChars: null,
  load: os.loadavg()[0]!,
  note: '',
});

/** One use: the menu clicked (stamped), first audio, the reading stopped; its request found in the emulator's log, its floor timed. */
async function timeUse(run: Run, background: Worker, options: Page, emulatorUrl: string, tabId: number, selectionText: string | null, previous: string | null): Promise<void> {
  const clickedAt = await clickMenuStamped(background, tabId, MENU_ID[run.path], selectionText);
  const stats = await waitForFirstAudio(options, previous);
  const reading = await storedReading(background);
  if (await storedReading(background)) await call(options, 'readingControl', { action: 'stop' });
  if (!stats?.firstAudioAt || !reading) {
    run.note = 'no audio';
    return;
  }
  run.sessionId = stats.sessionId;
  run.ttfaMs = stats.firstAudioAt - clickedAt;
  const chunk = reading.plan.chunks.find((c) => c.firstSentence === reading.startSentence)!;
  run.chunkChars = [...chunk.text].length;
  await sleep(500);
  const log: LoggedServiceRequest[] = await emulatorLog(emulatorUrl);
  // This use's request: the warm one's log holds the cold one's requests too.
  const request = log.find((e) => e.path === '/api/v1/tts' && Date.parse(e.time) >= clickedAt && e.textLength === run.chunkChars && chunk.text.startsWith(e.textStart ?? '\u0000'));
  if (request) {
    const arrived = Date.parse(request.time);
    run.toRequestMs = arrived - clickedAt;
    run.serviceMs = request.durationMs;
    run.afterMs = stats.firstAudioAt - (arrived + request.durationMs);
  }
  run.floorMs = await floorOf(emulatorUrl, chunk.text, reading.plan.params);
  // Heard in English: the selection's translation comes first, then the speech of its first sentence.
  if (run.path === 'listen' && selectionText) run.floorMs += await translateFloorOf(emulatorUrl, selectionText.trim(), 'English');
}

/** A fresh browser: the cold use, then (its reading stopped) the warm use on other text in the same tab. */
async function runOnce(extensionDir: string, emulatorUrl: string, pageUrl: string, listenPageUrl: string, path: MenuPath): Promise<Run[]> {
  const runs = [newRun(path, 'cold')];
  await fetch(`${emulatorUrl}/__emulator/reset`, { method: 'POST' });
  let opened: BrowserContext | null = null;
  try {
    const { context, background, extensionId, options } = await connectedBrowser(extensionDir, emulatorUrl);
    opened = context;
    const page = await context.newPage();
    if (path === 'listen') await setSetting(background, 'targetLanguage', 'en');
    await page.goto(path === 'listen' ? listenPageUrl : pageUrl);
    const selectionText = await prepare(page, path);
    await clickToolbarButton(context, page, extensionId);
    const tabId = await tabIdOf(background, page);
    await sleep(SETTLE_MS);
    runs[0]!.load = os.loadavg()[0]!;
    await timeUse(runs[0]!, background, options, emulatorUrl, tabId, selectionText, null);
    if (runs[0]!.ttfaMs === null) return runs;

    const warm = newRun(path, 'warm');
    runs.push(warm);
    if (!(await readingGone(background))) throw new Error('the cold reading did not stop');
    if (path !== 'listen' && !(await page.evaluate(markWarmTarget))) throw new Error('no paragraph for the warm use');
    const warmText = await prepare(page, path, 'warm');
    await sleep(SETTLE_MS);
    warm.load = os.loadavg()[0]!;
    await timeUse(warm, background, options, emulatorUrl, tabId, warmText, runs[0]!.sessionId);
  } catch (error) {
    runs.at(-1)!.note = `error: ${(error as Error).message.split('\n')[0]}`;
  } finally {
    await opened?.close().catch(() => undefined);
  }
  return runs;
}

/** The target: 1.1 × floor + 30 ms; heard in another language (issue 20), the translation's and the speech's time + 100 ms. */
const targetOf = (r: Pick<Run, 'path' | 'floorMs'>) => (r.path === 'listen' ? r.floorMs! + 100 : menuTtfaTarget(r.floorMs!));
const met = (r: Run) => (r.ttfaMs === null || r.floorMs === null ? null : r.ttfaMs <= targetOf(r));
const mark = (ok: boolean | null) => (ok === null ? '—' : ok ? '✓' : '✗');
const LABEL: Record<MenuPath, string> = {
  selection: 'Read aloud (selection)',
  'selection-150': 'Read aloud (150-char selection)',
  'selection-5000': 'Read aloud (5,000-char selection)',
  'from-here': 'Read aloud from here',
  listen: 'Read aloud in English (Spanish selection)',
};

function report(runs: Run[], page: string): void {
  console.log(`\nFirst audio from the context menu — ${page}, emulator ${LATENCY.latencyMs} ms + ${LATENCY.msPerChar} ms/char; target ≤ 1.1 × floor + 30 ms (heard in English: translation + speech floor + 100 ms)\n`);
  console.log(
    formatTable(
      ['path', 'use', 'TTFA ms', 'floor ms', 'ratio', 'target ms', 'met', 'to 1st request ms', 'service ms', 'after answer ms', '1st chunk chars', 'load'],
      runs.map((r) => [
        LABEL[r.path],
        r.use,
        fmt(r.ttfaMs),
        fmt(r.floorMs),
        r.ttfaMs !== null && r.floorMs ? fmt(r.ttfaMs / r.floorMs, 2) : '—',
        r.floorMs === null ? '—' : fmt(targetOf(r)),
        mark(met(r)),
        fmt(r.toRequestMs),
        fmt(r.serviceMs),
        fmt(r.afterMs),
        fmt(r.chunkChars),
        r.load.toFixed(1) + (r.note ? ` ${r.note}` : ''),
      ]),
      new Set([2, 3, 4, 5, 7, 8, 9, 10]),
    ),
  );
  console.log('\nMedians:');
  for (const path of PATHS) for (const use of ['cold', 'warm'] as const) {
    const mine = runs.filter((r) => r.path === path && r.use === use && r.ttfaMs !== null && r.floorMs !== null);
    const ok = mine.filter((r) => met(r));
    const pick = (f: (r: Run) => number | null) => median(mine.flatMap((r) => (f(r) === null ? [] : [f(r)!])));
    console.log(
      `- ${LABEL[path]}, ${use}: TTFA ${fmt(pick((r) => r.ttfaMs))} ms, floor ${fmt(pick((r) => r.floorMs))} ms, ratio ${fmt(pick((r) => r.ttfaMs! / r.floorMs!), 2)}, ` +
        `over the target ${fmt(pick((r) => r.ttfaMs! - targetOf(r)))} ms; to the 1st request ${fmt(pick((r) => r.toRequestMs))} ms, ` +
        `after its answer ${fmt(pick((r) => r.afterMs))} ms; ${mark(ok.length === mine.length && mine.length > 0)} ${ok.length}/${mine.length} runs met the target`,
    );
  }
  const loads = runs.map((r) => r.load);
  console.log(loadLine(loads));
}

/** Issue 41's figures this bench measures: their place in its table and how they are named. */
const IMPRESSIONS: Partial<Record<MenuPath, { order: number; figure: string; target: string; warm: string }>> = {
  'selection-150': { order: 1, figure: 'Read aloud, 150-char selection', target: '≤ 1.1 × floor + 30 ms', warm: 'warm: 150 characters of another paragraph, same tab, after the cold reading was stopped' },
  'selection-5000': { order: 2, figure: 'Read aloud, 5,000-char selection', target: '≤ 1.1 × floor + 30 ms', warm: 'warm: 5,000 characters from a paragraph after the cold selection, same tab' },
  listen: { order: 6, figure: 'Listen in my language: first audio', target: '≤ translate + speech floor + 100 ms', warm: "warm: the page's other Spanish paragraph, same tab" },
};

/** The summary rows (bench/summary.ts) of the issue-41 paths measured. */
function impressionRows(runs: Run[], date: string): ImpressionRow[] {
  return PATHS.flatMap((path) => {
    const about = IMPRESSIONS[path];
    const mine = runs.filter((r) => r.path === path);
    if (!about || mine.length === 0) return [];
    const side = (use: Use) => {
      const used = mine.filter((r) => r.use === use && r.ttfaMs !== null && r.floorMs !== null);
      const floor = median(used.map((r) => r.floorMs!));
      const detail = path === 'listen' ? `floor ${fmt(floor)}` : `${fmt(median(used.map((r) => r.ttfaMs! / r.floorMs!)), 2)} × floor ${fmt(floor)}`;
      return sideOf(used.map((r) => ({ valueMs: r.ttfaMs, targetMs: targetOf(r) })), used.length ? detail : undefined);
    };
    return [{ key: path, order: about.order, figure: about.figure, cold: side('cold'), warm: side('warm'), target: about.target, load: loadRange(mine.map((r) => r.load)), date, note: about.warm }];
  });
}

runBench('Menu', async () => {
  const extension = benchExtension('MENU_EXTENSION');
  const emulator = await startEmulator({ port: 0, accounts: ACCOUNTS, ...LATENCY });
  const pages = await startPageServer();
  const pageName = HAS_SHARED_PAGES ? 'wikipedia (240 KB)' : 'encyclopedia.html';
  const pageUrl = `${pages.url}${HAS_SHARED_PAGES ? sharedPageUrl('wikipedia') : ownPageUrl('encyclopedia')}`;
  const runs: Run[] = [];
  const date = new Date().toISOString();
  try {
    // Warm the emulator up (its mp3 encoder's JIT) so the first run is not penalised.
    await floorOf(emulator.url, 'Warming the emulator up before the first run.', { voiceId: 'en-amelia', language: 'en', speed: 1, format: 'mp3' });
    for (let i = 0; i < RUNS; i++) {
      for (const path of PATHS) {
        process.stdout.write(`[${i * PATHS.length + PATHS.indexOf(path) + 1}/${RUNS * PATHS.length}] ${LABEL[path]}… `);
        const both = await runOnce(extension.dir, emulator.url, pageUrl, `${pages.url}/fixtures/spanish.html`, path);
        runs.push(...both);
        console.log(both.map((run) => `${run.use}: TTFA ${fmt(run.ttfaMs)} ms, floor ${fmt(run.floorMs)} ms ${mark(met(run))}${run.note ? ` — ${run.note}` : ''}`).join('; '));
      }
    }
  } finally {
    await emulator.close();
    await pages.close();
    extension.remove();
  }
  report(runs, pageName);
  writeImpressions(impressionRows(runs, date));
});
