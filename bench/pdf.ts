/**
 * `npm run bench`, PDFs (issue 19): on the real built extension in headless Chromium against the
 * emulator (300 ms + 1 ms per character), in a fresh profile each run (the first use after the
 * browser starts):
 * - "Read this page aloud" on a tab showing a 14-page two-column paper (in Chromium's own PDF
 *   viewer): from the menu click (stamped in the worker right before the handler, as bench/menu.ts)
 *   to the first /tts reaching the emulator (its log's arrival time; target ≤ 400 ms), and to
 *   first audio (the player's own stamp; target ≤ 1.1 × floor + 400 ms, the floor being the
 *   service's time for that first request sent directly, median of 5);
 * - the reader's first paint of page 1: from the reader page's navigation start to the first frame
 *   in which page 1's canvas is drawn, seen by the bench polling every animation frame (target ≤ 300 ms);
 * - a 500-page PDF opened through "Open in Voxlate reader": its first paint, the time until Read
 *   aloud is ready, and the reader page's JS heap plus its canvases' pixels after paging through
 *   the first 40 pages (target < 150 MB).
 * Alone: `npx tsx bench/pdf.ts` (about 2 minutes); `PDF_RUNS` (default 3) runs of the first two;
 * `PDF_BOOK=0` leaves the 500-page book out; `PDF_EXTENSION=<chrome-mv3 dir>` times another build
 * (e.g. one made with `VOXLATE_TEST_OUT`) instead of building this tree's.
 *
 * Issue 41: each run of the first two times two uses. Cold: the paper, the first use in the fresh
 * browser (as above). Warm: once the cold reading was stopped, in the same browser, "Read this page
 * aloud" on another PDF in a new tab (a one-column report: other text, so no cached audio answers
 * its first request), the worker, the player and the reader's code already running. Their summary
 * rows (pdf-request, pdf-paint) go to `.bench-results/` (bench/summary.ts).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import type { Page } from '@playwright/test';
import { startEmulator, type EmulatorAccount } from '../emulator/server';
import { makePaper, makeReport } from '../test/fixtures/pdf/make';
import { clickToolbarButton, emulatorLog, tabIdOf } from '../test/support/extension';
import { benchExtension, connectedBrowser } from './browser';
import { call, clickMenuStamped, send, type PlayerStats, type StoredPlan } from './extension';
import { fmt, formatTable, median } from './stats';
import { floorOf } from './floor';
import { loadRange, sideOf } from './impressions';
import { writeImpressions } from './results';

const LATENCY = { latencyMs: 300, msPerChar: 1 };
const RUNS = Number(process.env.PDF_RUNS ?? 3);
const ACCOUNTS: EmulatorAccount[] = [
  { key: 'bench-pro', plan: 'pro', credits: 1_000_000, email: 'pro@bench.test' },
  { key: 'bench-floor', plan: 'enterprise', credits: 100_000_000, email: 'floor@bench.test' },
];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Serves the bench's PDFs (made here with the fixtures' maker) as a web server would. */
async function servePdfs(files: Record<string, Uint8Array>) {
  const server = createServer((req, res) => {
    const file = files[(req.url ?? '').replace(/^\//, '')];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'application/pdf', 'Content-Length': file.length }).end(file);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://localhost:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}


/** Milliseconds from the reader page's start to the first frame with page 1's canvas drawn, seen from outside. */
async function firstPaintOf(reader: Page): Promise<number> {
  await reader.waitForURL(/reader\.html/);
  const handle = await reader.waitForFunction(
    () => {
      const canvas = document.querySelector('.page[data-page-number="1"] canvas') as HTMLCanvasElement | null;
      return canvas && canvas.width > 0 && !canvas.closest('.page')?.querySelector('.loadingIcon:not(.notVisible)') ? performance.now() : null;
    },
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}

/** Cold: the first use after the browser starts; warm: a later one in the same browser, on another PDF. */
type Use = 'cold' | 'warm';

interface Run { use: Use; toRequestMs: number | null; ttfaMs: number | null; floorMs: number | null; paintMs: number | null; load: number; note: string; sessionId: string | null }

const newRun = (use: Use): Run => ({ use, toRequestMs: null, ttfaMs: null, floorMs: null, paintMs: null, load: os.loadavg()[0]!, note: '', sessionId: null });

type Connected = Awaited<ReturnType<typeof connectedBrowser>>;

/** One use: a new tab showing `pdfUrl`, activeTab granted, "Read this page aloud" stamped, the reader's paint and first audio timed, the reading stopped. */
async function readOnce(run: Run, { context, background, extensionId, options }: Connected, emulatorUrl: string, pdfUrl: string, previous: string | null): Promise<void> {
  const page = await context.newPage();
  await page.goto(pdfUrl);
  await clickToolbarButton(context, page, extensionId);
  const tabId = await tabIdOf(background, page);
  await sleep(1500);
  run.load = os.loadavg()[0]!;
  const clickedAt = await clickMenuStamped(background, tabId, 'voxlate-read-page', null);
  run.paintMs = await firstPaintOf(page);
  let stats: PlayerStats | null = null;
  // The warm use waits for its own session: the player's stats still tell of the cold one's.
  const heard = (s: PlayerStats | null) => Boolean(s?.firstAudioAt) && s!.sessionId !== previous;
  for (let i = 0; i < 150 && !heard(stats); i++) {
    const answer = await send<PlayerStats | null>(options, 'getPlayerStats');
    stats = answer.result.ok ? answer.result.value : null;
    if (!heard(stats)) await sleep(200);
  }
  const { reading } = (await background.evaluate(() => chrome.storage.session.get('reading'))) as { reading?: { plan: StoredPlan } };
  await call(options, 'readingControl', { action: 'stop' }).catch(() => undefined);
  if (!stats || !heard(stats) || !reading) return void (run.note = 'no audio');
  run.sessionId = stats.sessionId;
  run.ttfaMs = stats.firstAudioAt! - clickedAt;
  const first = (await emulatorLog(emulatorUrl)).filter((e) => e.path === '/api/v1/tts' && Date.parse(e.time) >= clickedAt).sort((a, b) => Date.parse(a.time) - Date.parse(b.time))[0];
  if (first) run.toRequestMs = Date.parse(first.time) - clickedAt;
  run.floorMs = await floorOf(emulatorUrl, reading.plan.chunks[0]!.text, reading.plan.params);
}

/** Until no reading is stored (the stop has gone through); false after 10 s. */
async function readingGone(background: Connected['background']): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (!(await background.evaluate(async () => (await chrome.storage.session.get('reading')).reading))) return true;
    await sleep(100);
  }
  return false;
}

/** A fresh browser: the cold use on `coldUrl`, then, its reading stopped, the warm use on `warmUrl`. */
async function readRun(dir: string, emulatorUrl: string, coldUrl: string, warmUrl: string): Promise<Run[]> {
  const runs = [newRun('cold')];
  await fetch(`${emulatorUrl}/__emulator/reset`, { method: 'POST' });
  const connected = await connectedBrowser(dir, emulatorUrl);
  try {
    await readOnce(runs[0]!, connected, emulatorUrl, coldUrl, null);
    if (runs[0]!.ttfaMs === null) return runs;
    runs.push(newRun('warm'));
    if (!(await readingGone(connected.background))) throw new Error('the cold reading did not stop');
    await readOnce(runs[1]!, connected, emulatorUrl, warmUrl, runs[0]!.sessionId);
  } catch (error) {
    runs.at(-1)!.note = `error: ${(error as Error).message.split('\n')[0]}`;
  } finally {
    await connected.context.close().catch(() => undefined);
  }
  return runs;
}

async function bigRun(dir: string, emulatorUrl: string, pdfUrl: string) {
  const { context, background, extensionId } = await connectedBrowser(dir, emulatorUrl);
  try {
    const page = await context.newPage();
    await page.goto(`data:text/html,<a href="${pdfUrl}">book</a>`);
    const shown = await context.newPage();
    await shown.goto(pdfUrl);
    await clickToolbarButton(context, shown, extensionId);
    const tabId = await tabIdOf(background, shown);
    await background.evaluate(
      async ([tab, link]) => {
        const hooks = (globalThis as never as { voxlateTestHooks: { onMenuClick: (i: unknown, t: unknown) => boolean } }).voxlateTestHooks;
        // A link on the same site as the page it is on: the click grants it (no permission prompt).
        hooks.onMenuClick({ menuItemId: 'voxlate-open-pdf-link', linkUrl: link, pageUrl: link, frameId: 0, editable: false }, await chrome.tabs.get(tab));
      },
      [tabId, pdfUrl] as const,
    );
    const reader = await context.waitForEvent('page', { predicate: (p) => p.url().includes('reader.html'), timeout: 30_000 });
    const paintMs = await firstPaintOf(reader);
    const readyMs = (await (await reader.waitForFunction(() => !(document.getElementById('read') as HTMLButtonElement).disabled && performance.now(), undefined, { polling: 'raf', timeout: 60_000 })).jsonValue()) as number;
    for (let n = 2; n <= 40; n += 2) {
      await reader.evaluate((p) => ((document.getElementById('page') as HTMLInputElement).value = String(p), document.getElementById('page')!.dispatchEvent(new Event('change'))), n);
      await sleep(100);
    }
    await sleep(1000);
    const cdp = await context.newCDPSession(reader);
    await cdp.send('Performance.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
    const canvases = await reader.evaluate(() => [...document.querySelectorAll('canvas')].reduce((sum, c) => sum + c.width * c.height * 4, 0));
    const pages = await reader.evaluate(() => document.querySelectorAll('.page').length);
    return { paintMs, readyMs, heapMb: heap / 1048576, canvasMb: canvases / 1048576, pages };
  } finally {
    await context.close().catch(() => undefined);
  }
}

async function main(): Promise<void> {
  const withBook = process.env.PDF_BOOK !== '0';
  const extension = benchExtension('PDF_EXTENSION');
  console.log(`Making the PDFs (a 14-page paper${withBook ? ', a 500-page book' : ''})…`);
  const paper = await makePaper(6);
  const book = withBook ? await makePaper(435) : paper;
  const emulator = await startEmulator({ port: 0, accounts: ACCOUNTS, ...LATENCY });
  const pdfs = await servePdfs({ paper: paper, book: book, report: await makeReport() });
  const date = new Date().toISOString();
  try {
    const runs: Run[] = [];
    const runNumber: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      process.stdout.write(`[${i + 1}/${RUNS}] Read this page aloud on a PDF tab (cold: the paper; warm: the report)… `);
      const both = await readRun(extension.dir, emulator.url, `${pdfs.url}/paper`, `${pdfs.url}/report`);
      runs.push(...both);
      runNumber.push(...both.map(() => i + 1));
      console.log(both.map((run) => `${run.use}: to 1st /tts ${fmt(run.toRequestMs)} ms, TTFA ${fmt(run.ttfaMs)} ms, floor ${fmt(run.floorMs)} ms, reader paint ${fmt(run.paintMs)} ms${run.note ? ` — ${run.note}` : ''}`).join('; '));
    }
    console.log('\nPDF tab → reader → first audio (cold: 14-page two-column paper, first use in a fresh browser; warm: a one-column report, next in the same browser; emulator 300 ms + 1 ms/char)\n');
    console.log(
      formatTable(
        ['run', 'use', 'to 1st /tts ms', 'target', 'TTFA ms', 'floor ms', 'TTFA target ms', 'reader 1st paint ms', 'target', 'load'],
        runs.map((r, i) => [
          String(runNumber[i]),
          r.use,
          fmt(r.toRequestMs),
          r.toRequestMs === null ? '—' : r.toRequestMs <= 400 ? '✓' : '✗',
          fmt(r.ttfaMs),
          fmt(r.floorMs),
          r.floorMs === null ? '—' : `${fmt(1.1 * r.floorMs + 400)} ${r.ttfaMs !== null && r.ttfaMs <= 1.1 * r.floorMs + 400 ? '✓' : '✗'}`,
          fmt(r.paintMs),
          r.paintMs === null ? '—' : r.paintMs <= 300 ? '✓' : '✗',
          r.load.toFixed(1) + (r.note ? ` ${r.note}` : ''),
        ]),
        new Set([2, 4, 5, 6, 7]),
      ),
    );
    console.log('');
    for (const use of ['cold', 'warm'] as const) {
      const ok = runs.filter((r) => r.use === use && r.ttfaMs !== null && r.floorMs !== null);
      const pick = (f: (r: Run) => number | null) => median(ok.flatMap((r) => (f(r) === null ? [] : [f(r)!])));
      console.log(`Medians, ${use}: to the 1st /tts ${fmt(pick((r) => r.toRequestMs))} ms (target ≤ 400), TTFA ${fmt(pick((r) => r.ttfaMs))} ms = ${fmt(pick((r) => r.ttfaMs! / r.floorMs!), 2)} × floor ${fmt(pick((r) => r.floorMs))} ms, reader first paint ${fmt(pick((r) => r.paintMs))} ms (target ≤ 300)`);
    }
    const side = (use: Use, f: (r: Run) => number | null, target: number) => sideOf(runs.filter((r) => r.use === use).map((r) => ({ valueMs: f(r), targetMs: target })));
    const load = loadRange(runs.map((r) => r.load));
    const warmNote = 'warm: another PDF (a one-column report) in a new tab of the same browser, after the cold reading was stopped';
    writeImpressions([
      { key: 'pdf-request', order: 3, figure: 'Read this page aloud on a PDF tab → 1st request', cold: side('cold', (r) => r.toRequestMs, 400), warm: side('warm', (r) => r.toRequestMs, 400), target: '≤ 400 ms', load, date, note: warmNote },
      { key: 'pdf-paint', order: 4, figure: "PDF reader's first paint of page 1", cold: side('cold', (r) => r.paintMs, 300), warm: side('warm', (r) => r.paintMs, 300), target: '≤ 300 ms', load, date, note: warmNote },
    ]);

    const loads = runs.map((r) => r.load);
    const loadLine = `Machine load (1-min average, ${os.cpus().length} cores): ${fmt(Math.min(...loads), 1)}–${fmt(Math.max(...loads), 1)}`;
    if (!withBook) return void console.log(loadLine);
    process.stdout.write('\n500-page book, Open in Voxlate reader… ');
    const big = await bigRun(extension.dir, emulator.url, `${pdfs.url}/book`);
    console.log(
      `${big.pages} pages: first paint ${fmt(big.paintMs)} ms, Read aloud ready ${fmt(big.readyMs)} ms; after paging to page 40: JS heap ${fmt(big.heapMb, 1)} MB + canvases ${fmt(big.canvasMb, 1)} MB = ${fmt(big.heapMb + big.canvasMb, 1)} MB (target < 150)`,
    );
    console.log(loadLine);
  } finally {
    await emulator.close();
    await pdfs.close();
    extension.remove();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
