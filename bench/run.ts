/**
 * `npm run bench`: the read-aloud benchmark of issue 3, on the real built extension in headless
 * Chromium against the local emulator with a cloud-like latency model.
 *
 * For each text (short, ~5,000 and ~30,000 characters) × plan (free, pro) × speed (1.0, 2.0), in a
 * fresh browser profile connected through the options page: a reading is started from an
 * extension page as the popup's "Play" starts it, played until two chunk transitions happened (or
 * the text ended), stopped, then replayed. It prints the time to first audio against its floor
 * (the emulator's own time for the first chunk alone), the silence inserted between chunks, the
 * speech requests and 429s, and what the replay cost. Targets missed are reported, never fatal:
 * the process fails only when the bench itself cannot run.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { startEmulator, type EmulatorAccount } from '../emulator/server';
import { serviceWorkerOf } from '../test/support/browser';
import { HAS_SHARED_PAGES, ownPageFile, sharedPageFile } from '../test/support/pages';
import { launchWith, snapshotExtension } from './browser';
import { badge, call, send, setSetting, storedPlan, type PlayerStats, type StoredPlan } from './extension';
import { fmt, formatTable, median, sum, ttfaTarget, worst } from './stats';
import { fitToLength, htmlToText } from './text';
import { floorOf } from './floor';

const LATENCY = { latencyMs: 300, msPerChar: 1 };
const PLANS = ['free', 'pro'] as const;
const SPEEDS = [1, 2] as const;
/** Chunk transitions to hear before stopping (fewer when the text has fewer chunks). */
const TRANSITIONS = 2;
/** Longest wait for a reading to reach its first audio / its transitions. */
const FIRST_AUDIO_TIMEOUT_MS = 30_000;
const PLAY_TIMEOUT_MS = 120_000;
/** How long the replay plays before it is stopped (its fetch window has been asked for by then). */
const REPLAY_LISTEN_MS = 1_500;
/** Quiet time after the browser started and connected, before the reading is asked for. */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 2_000);

type PlanName = (typeof PLANS)[number];

/** One key per plan, plus an unlimited one for the floor so timing it never touches a rate window. */
const ACCOUNTS: EmulatorAccount[] = [
  { key: 'bench-free', plan: 'free', credits: 1_000_000, email: 'free@bench.test' },
  { key: 'bench-pro', plan: 'pro', credits: 1_000_000, email: 'pro@bench.test' },
  { key: 'bench-floor', plan: 'enterprise', credits: 100_000_000, email: 'floor@bench.test' },
];
const KEY: Record<PlanName, string> = { free: 'bench-free', pro: 'bench-pro' };

interface BenchText {
  label: string;
  source: string;
  text: string;
}

interface LogEntry {
  time: string;
  path: string;
  status: number;
  textLength: number | null;
  textStart: string | null;
  durationMs: number;
}

interface ReadingRun {
  sentAt: number;
  plan: StoredPlan | null;
  stats: PlayerStats | null;
  ttfaMs: number | null;
  /** Why it stopped waiting: 'transitions', 'ended', or a problem. */
  outcome: string;
}

interface Row {
  text: BenchText;
  plan: PlanName;
  speed: number;
  first: ReadingRun | null;
  replay: ReadingRun | null;
  floorMs: number | null;
  firstChunkChars: number | null;
  firstChunkSentences: number | null;
  chunks: number | null;
  speechRequests: number;
  speech499: number;
  /** Speech requests that arrived after a Stop (before the replay, or after the replay's Stop). */
  orphans: number;
  /** 1-minute load average of the machine when the configuration started (2 cores here). */
  load: number;
  otherRequests: number;
  tooMany: number;
  replayRequests: number | null;
  /** Time to first audio split: before the first speech request arrived / at the service / after its answer. */
  split: { beforeMs: number; serviceMs: number; afterMs: number } | null;
  notes: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function loadTexts(): BenchText[] {
  // The saved real-world articles when they are beside the repository, else pages of our own,
  // whose <p> elements stand in for the article Readability's tests expect (no chrome, no footer).
  const page = (saved: string, own: string) => {
    const html = HAS_SHARED_PAGES
      ? readFileSync(sharedPageFile(saved, 'expected.html'), 'utf8')
      : (readFileSync(ownPageFile(own), 'utf8').match(/<p\b[\s\S]*?<\/p>/gi) ?? []).join('\n');
    return { source: HAS_SHARED_PAGES ? saved : own, text: htmlToText(html) };
  };
  const news = page('nytimes-1', 'news');
  const encyclopedia = page('wikipedia', 'encyclopedia');
  return [
    {
      label: 'short',
      source: 'bench',
      text: 'Reading aloud should begin the moment you ask for it. This sentence is the second and last one.',
    },
    { label: '5k', source: news.source, text: fitToLength(news.text, 5_000) },
    { label: '30k', source: encyclopedia.source, text: fitToLength(encyclopedia.text, 30_000) },
  ];
}

async function emulatorLog(url: string): Promise<LogEntry[]> {
  const response = await fetch(`${url}/__emulator/log`);
  return ((await response.json()) as { requests: LogEntry[] }).requests;
}

/** Waits until the emulator has logged nothing new for a while (cancelled requests finish late). */
async function logSettled(url: string, quietMs = 1_200, maxMs = 15_000): Promise<LogEntry[]> {
  const deadline = Date.now() + maxMs;
  let last = await emulatorLog(url);
  let since = Date.now();
  while (Date.now() < deadline) {
    await sleep(200);
    const now = await emulatorLog(url);
    if (now.length !== last.length) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) break;
  }
  return last;
}

const arrival = (e: LogEntry) => Date.parse(e.time);


/**
 * Starts a reading of `text` from the extension page as the popup's Play does, then follows the
 * player until `transitions` chunk transitions were heard (0: until the first audio), the text
 * ended, or something went wrong.
 */
async function read(page: Page, background: Worker, text: string, transitions: number): Promise<ReadingRun> {
  const { sentAt, result } = await send<{ sessionId: string }>(page, 'readText', { text, title: text.slice(0, 60) });
  if (!result.ok) return { sentAt, plan: null, stats: null, ttfaMs: null, outcome: `readText failed: ${result.error.message}` };
  const { sessionId } = result.value;
  const plan = await storedPlan(background);
  const want = plan ? Math.min(transitions, plan.chunks.length - 1) : transitions;
  let stats: PlayerStats | null = null;
  let outcome = '';
  for (let polls = 0; ; polls++) {
    const answer = await send<PlayerStats | null>(page, 'getPlayerStats');
    if (answer.result.ok && answer.result.value?.sessionId === sessionId) stats = answer.result.value;
    const heard = stats?.firstAudioAt ? Math.max(0, (stats.chunksPlayed ?? 0)) : -1;
    // chunksPlayed counts chunks finished; the k-th transition happens when the k-th chunk ends.
    if (stats?.firstAudioAt && heard >= want) {
      outcome = 'transitions';
      break;
    }
    // Every few polls: did the reading end (short texts) or fail?
    if (polls % 4 === 3) {
      const current = await storedPlan(background);
      if (!current || current.sessionId !== sessionId) {
        const b = await badge(background);
        outcome = b.text === '!' ? `reading failed: ${b.title}` : 'ended';
        break;
      }
    }
    const waited = Date.now() - sentAt;
    if (!stats?.firstAudioAt && waited > FIRST_AUDIO_TIMEOUT_MS) {
      outcome = `no audio after ${FIRST_AUDIO_TIMEOUT_MS / 1000} s`;
      break;
    }
    if (waited > PLAY_TIMEOUT_MS) {
      outcome = `only ${stats?.chunksPlayed ?? 0} chunk(s) played in ${PLAY_TIMEOUT_MS / 1000} s`;
      break;
    }
    // Slow polling: firstAudioAt is stamped by the player itself, so it costs no accuracy, and the
    // bench stays out of the way of the browser and the emulator (2 cores).
    await sleep(250);
  }
  const ttfaMs = stats?.firstAudioAt ? stats.firstAudioAt - sentAt : null;
  return { sentAt, plan, stats, ttfaMs, outcome };
}

/** Stops the reading (if still under way) as the popup's Stop does; returns when it was asked. */
async function stop(page: Page, background: Worker): Promise<number> {
  const at = Date.now();
  if (await storedPlan(background)) await call(page, 'readingControl', { action: 'stop' });
  return at;
}

/** Opens the options page of a fresh profile and connects it to the emulator as a user does. */
async function connect(context: BrowserContext, extensionId: string, url: string, key: string): Promise<Page> {
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  await options.getByLabel('Service address').fill(url);
  await options.getByLabel('API key', { exact: true }).fill(key);
  await options.getByRole('button', { name: 'Save and test' }).click();
  await options.getByRole('status').filter({ hasText: 'Connected' }).waitFor({ timeout: 15_000 });
  // The voice list is cached as after any earlier use (the options page asks for it too).
  await call(options, 'getVoices');
  return options;
}

async function runConfiguration(extensionDir: string, url: string, text: BenchText, plan: PlanName, speed: number): Promise<Row> {
  const row: Row = {
    text,
    plan,
    speed,
    first: null,
    replay: null,
    floorMs: null,
    firstChunkChars: null,
    firstChunkSentences: null,
    chunks: null,
    speechRequests: 0,
    speech499: 0,
    orphans: 0,
    load: os.loadavg()[0]!,
    otherRequests: 0,
    tooMany: 0,
    replayRequests: null,
    split: null,
    notes: [],
  };
  // A new profile each time: empty audio cache, new worker, no client-side rate window left over;
  // the emulator's rate windows and log start empty too.
  await fetch(`${url}/__emulator/reset`, { method: 'POST' });
  const context = await launchWith(extensionDir);
  try {
    const background = await serviceWorkerOf(context);
    const extensionId = new URL(background.url()).host;
    const page = await connect(context, extensionId, url, KEY[plan]);
    await setSetting(background, 'speed', speed);
    // Let the new browser finish starting up (profile, options page) before timing anything.
    await sleep(SETTLE_MS);

    const first = await read(page, background, text.text, TRANSITIONS);
    row.first = first;
    const stoppedAt = await stop(page, background);
    if (first.outcome !== 'transitions' && first.outcome !== 'ended') row.notes.push(`first reading: ${first.outcome}`);
    const firstPlan = first.plan;
    if (firstPlan) {
      row.chunks = firstPlan.chunks.length;
      row.firstChunkChars = [...firstPlan.chunks[0]!.text].length;
      row.firstChunkSentences = firstPlan.chunks[0]!.lastSentence - firstPlan.chunks[0]!.firstSentence + 1;
      if (firstPlan.params.speed !== speed) row.notes.push(`plan speed ${firstPlan.params.speed}, not ${speed}`);
      if (firstPlan.params.format !== 'mp3') row.notes.push(`format ${firstPlan.params.format}`);
    }
    await sleep(300);

    const replay = await read(page, background, text.text, 0);
    row.replay = replay;
    if (replay.stats?.firstAudioAt) await sleep(REPLAY_LISTEN_MS);
    const replayStoppedAt = await stop(page, background);
    if (replay.outcome !== 'transitions' && replay.outcome !== 'ended') row.notes.push(`replay: ${replay.outcome}`);
    if (replay.plan && firstPlan && replay.plan.chunks[0]?.text !== firstPlan.chunks[0]?.text) row.notes.push('replay planned differently');

    const log = await logSettled(url);
    const api = log.filter((e) => e.path.startsWith('/api/v1/'));
    if (process.env.BENCH_DEBUG) {
      const t0 = first.sentAt;
      console.log(
        `\n  first reading sent at 0, first audio at ${first.ttfaMs} ms, stopped at ${stoppedAt - t0} ms; replay sent at ${replay.sentAt - t0} ms, stopped at ${replayStoppedAt - t0} ms`,
      );
      for (const e of [...api].sort((a, b) => arrival(a) - arrival(b))) {
        console.log(`  +${arrival(e) - t0} ms ${e.path} ${e.status} ${e.durationMs} ms ${e.textLength ?? ''} ${JSON.stringify((e.textStart ?? '').slice(0, 30))}`);
      }
    }
    const ofFirst = api.filter((e) => arrival(e) >= first.sentAt && arrival(e) < stoppedAt);
    const speech = ofFirst.filter((e) => e.path === '/api/v1/tts');
    const isSpeech = (e: LogEntry) => e.path === '/api/v1/tts';
    row.orphans = api.filter((e) => isSpeech(e) && ((arrival(e) >= stoppedAt && arrival(e) < replay.sentAt) || arrival(e) >= replayStoppedAt)).length;
    row.speechRequests = speech.length;
    row.speech499 = speech.filter((e) => e.status === 499).length;
    row.otherRequests = ofFirst.length - speech.length;
    row.tooMany = api.filter((e) => e.status === 429).length;
    row.replayRequests = api.filter((e) => isSpeech(e) && arrival(e) >= replay.sentAt && arrival(e) < replayStoppedAt).length;

    if (firstPlan) {
      const chunk0 = firstPlan.chunks[0]!.text;
      const request0 = speech.find((e) => e.textLength === [...chunk0].length && chunk0.startsWith(e.textStart ?? '\u0000'));
      if (request0 && first.stats?.firstAudioAt) {
        const at = arrival(request0);
        row.split = { beforeMs: at - first.sentAt, serviceMs: request0.durationMs, afterMs: first.stats.firstAudioAt - (at + request0.durationMs) };
      }
      // The floor, with the emulator idle: exactly the first chunk, same voice, language and speed.
      row.floorMs = await floorOf(url, chunk0, firstPlan.params);
    }
  } catch (error) {
    row.notes.push(`error: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    await context.close().catch(() => undefined);
  }
  return row;
}

const mark = (ok: boolean | null) => (ok === null ? '—' : ok ? '✓' : '✗');

function ttfaOk(row: Row): boolean | null {
  if (row.first?.ttfaMs == null || row.floorMs == null) return null;
  return row.first.ttfaMs <= ttfaTarget(row.floorMs);
}

function describe(row: Row): string {
  const gaps = row.first?.stats?.gapsMs ?? [];
  return (
    `${row.text.label} ${row.plan} ×${row.speed}: TTFA ${fmt(row.first?.ttfaMs)} ms (floor ${fmt(row.floorMs)} ms) ${mark(ttfaOk(row))}, ` +
    `gaps [${gaps.map((g) => fmt(g, 1)).join(', ')}] ms, ${row.speechRequests} speech request(s), ${row.tooMany} × 429, ` +
    `replay ${row.replayRequests ?? '—'} request(s) / ${fmt(row.replay?.ttfaMs)} ms, ${row.orphans} request(s) after Stop, load ${row.load.toFixed(1)}` +
    (row.notes.length ? ` — ${row.notes.join('; ')}` : '')
  );
}

function report(rows: Row[]): void {
  const header = ['text', 'plan', 'speed', 'TTFA ms', 'floor ms', 'ratio', 'target', 'gap sum ms', 'worst gap ms', 'speech req', '429s', 'replay req', 'replay TTFA ms'];
  const table = rows.map((r) => {
    const gaps = r.first?.stats?.gapsMs ?? [];
    const ratio = r.first?.ttfaMs != null && r.floorMs ? r.first.ttfaMs / r.floorMs : null;
    return [
      `${r.text.label} (${r.text.text.length} chars)`,
      r.plan,
      r.speed.toFixed(1),
      fmt(r.first?.ttfaMs),
      fmt(r.floorMs),
      fmt(ratio, 2),
      mark(ttfaOk(r)),
      r.first?.stats ? fmt(sum(gaps), 1) : '—',
      r.first?.stats ? fmt(worst(gaps), 1) : '—',
      String(r.speechRequests),
      String(r.tooMany),
      r.replayRequests === null ? '—' : String(r.replayRequests),
      fmt(r.replay?.ttfaMs),
    ];
  });
  console.log(`\nRead-aloud benchmark — emulator latency ${LATENCY.latencyMs} ms + ${LATENCY.msPerChar} ms/char; TTFA target ≤ 1.2 × floor + 50 ms\n`);
  console.log(formatTable(header, table, new Set([2, 3, 4, 5, 7, 8, 9, 10, 11, 12])));

  console.log('\nWhere the time to first audio goes (first reading):\n');
  console.log(
    formatTable(
      ['text', 'plan', 'speed', 'to 1st request ms', 'service ms', 'model ms', 'after answer ms', '1st chunk chars', 'sentences in it', 'chunks', 'transitions', 'other API req', '499s', 'req after Stop', 'load avg'],
      rows.map((r) => [
        r.text.label,
        r.plan,
        r.speed.toFixed(1),
        fmt(r.split?.beforeMs),
        fmt(r.split?.serviceMs),
        fmt(r.firstChunkChars === null ? null : LATENCY.latencyMs + LATENCY.msPerChar * r.firstChunkChars),
        fmt(r.split?.afterMs),
        fmt(r.firstChunkChars),
        fmt(r.firstChunkSentences),
        fmt(r.chunks),
        String(r.first?.stats?.gapsMs.length ?? '—'),
        String(r.otherRequests),
        String(r.speech499),
        String(r.orphans),
        r.load.toFixed(1),
      ]),
      new Set([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]),
    ),
  );

  const notes = rows.filter((r) => r.notes.length > 0);
  if (notes.length) {
    console.log('\nNotes:');
    for (const r of notes) console.log(`- ${r.text.label} ${r.plan} ×${r.speed}: ${r.notes.join('; ')}`);
  }

  const measured = rows.filter((r) => ttfaOk(r) !== null);
  const ttfaMet = measured.filter((r) => ttfaOk(r));
  const ratios = measured.map((r) => r.first!.ttfaMs! / r.floorMs!);
  const overs = measured.map((r) => r.first!.ttfaMs! - ttfaTarget(r.floorMs!));
  const withGaps = rows.filter((r) => r.first?.stats);
  const gapWorst = worst(withGaps.flatMap((r) => r.first!.stats!.gapsMs));
  const gapMet = withGaps.filter((r) => worst(r.first!.stats!.gapsMs) < 30);
  const transitions = withGaps.reduce((n, r) => n + r.first!.stats!.gapsMs.length, 0);
  const total429 = sum(rows.map((r) => r.tooMany));
  const replayed = rows.filter((r) => r.replayRequests !== null);
  const replayFree = replayed.filter((r) => r.replayRequests === 0);
  console.log('\nTargets:');
  console.log(
    `- Time to first audio ≤ 1.2 × floor + 50 ms: ${mark(ttfaMet.length === rows.length)} ${ttfaMet.length}/${rows.length} runs met it` +
      (ratios.length ? `; ratio ${fmt(Math.min(...ratios), 2)}–${fmt(Math.max(...ratios), 2)}, worst ${fmt(Math.max(...overs))} ms against the target` : ''),
  );
  console.log(
    `- Worst inter-chunk silence < 30 ms: ${mark(gapMet.length === rows.length && transitions > 0)} ${gapMet.length}/${rows.length} runs; worst ${fmt(gapWorst, 1)} ms over ${transitions} transitions`,
  );
  console.log(`- No 429 from the emulator: ${mark(total429 === 0 && rows.every((r) => r.first))} ${total429} in all runs`);
  console.log(
    `- Replay makes 0 speech requests: ${mark(replayFree.length === rows.length)} ${replayFree.length}/${rows.length} runs` +
      (replayed.length ? `; replay TTFA median ${fmt(median(replayed.flatMap((r) => (r.replay?.ttfaMs != null ? [r.replay.ttfaMs] : []))))} ms` : ''),
  );
  const orphans = sum(rows.map((r) => r.orphans));
  console.log('\nOther checks:');
  console.log(`- No speech request after Stop (issue: no orphaned requests): ${mark(orphans === 0)} ${orphans} in all runs`);
  const loads = rows.map((r) => r.load);
  console.log(
    `- Machine load (1-min average, ${os.cpus().length} cores) at the start of each run: ${fmt(Math.min(...loads), 1)}–${fmt(Math.max(...loads), 1)}` +
      (Math.max(...loads) > os.cpus().length ? ' — other work was running: timings are inflated by CPU contention' : ''),
  );
}

async function main(): Promise<void> {
  const started = Date.now();
  console.log('Building the test extension (VOXLATE_TEST_BUILD=1 wxt build)…');
  execFileSync('npx', ['wxt', 'build'], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, VOXLATE_TEST_BUILD: '1' } });
  const extension = snapshotExtension();
  const texts = loadTexts();
  for (const t of texts) console.log(`Text ${t.label}: ${t.text.length} characters from ${t.source}`);

  const emulator = await startEmulator({ port: 0, accounts: ACCOUNTS, ...LATENCY });
  console.log(`Emulator at ${emulator.url}: latency ${LATENCY.latencyMs} ms + ${LATENCY.msPerChar} ms per character; accounts ${ACCOUNTS.map((a) => `${a.key} (${a.plan})`).join(', ')}`);

  // BENCH_ONLY="30k pro 2" (space-separated words, all must match "label plan speed") runs a subset.
  const only = (process.env.BENCH_ONLY ?? '').split(/\s+/).filter(Boolean);
  const configurations = texts.flatMap((text) => PLANS.flatMap((plan) => SPEEDS.map((speed) => ({ text, plan, speed }))));
  const chosen = configurations.filter((c) => only.every((w) => [c.text.label, c.plan, String(c.speed)].includes(w)));
  // Warm the emulator up (JIT of its mp3 encoder, espeak's files) so the first run is not penalised.
  const warmText = texts[1]!.text.slice(0, 1_000);
  for (const length of [60, 1_000]) {
    await floorOf(emulator.url, warmText.slice(0, length), { voiceId: 'en-amelia', language: 'en', speed: 1, format: 'mp3' });
  }
  const rows: Row[] = [];
  const total = chosen.length;
  try {
    for (const { text, plan, speed } of chosen) {
      const t0 = Date.now();
      process.stdout.write(`[${rows.length + 1}/${total}] ${text.label} ${plan} ×${speed}… `);
      const row = await runConfiguration(extension.dir, emulator.url, text, plan, speed);
      rows.push(row);
      console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s — ${describe(row)}`);
    }
  } finally {
    await emulator.close();
    extension.remove();
  }
  report(rows);
  console.log(`\nBench run time: ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
