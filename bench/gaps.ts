/**
 * `npx tsx bench/gaps.ts` (part of `npm run bench`): the silence the joins between chunks add,
 * measured in the audio, not in the player's schedule. Issue 11, item 7.
 *
 * Player: the real test build in headless Chromium reads a ~700-character text (three chunks)
 * from the emulator; the test build records what the player sends to the speakers (a tap before
 * the AudioContext's destination, lib/player/output-recorder.ts). The reference is the very files
 * the player got, decoded by the same browser at the same rate and laid end to end without a
 * sample lost or added. Each pause of the reference is paired with the silence heard at its place:
 * at a join, the difference is what the join added; inside a chunk, it is the measurement's own
 * error (the control). The voice's own pause at each join, when the same text is one request,
 * is shown beside it.
 *
 * Download: the one file the download writes (lib/audio/join.ts on the same chunk files), decoded
 * by Chromium, against the same reference.
 *
 * Served audio: mp3 with a LAME tag (as LAME and ffmpeg write it, and the emulator now does), mp3
 * without one (the emulator before; LAME itself at 48 kbps mono 22 kHz), and wav.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { startEmulator, type EmulatorAccount } from '../emulator/server';
import { joinAudio } from '../lib/audio/join';
import { serviceWorkerOf } from '../test/support/browser';
import {
  decodeInBrowser,
  endToEnd,
  measurePauses,
  oneRequestPauses,
  readingChunks,
  recordedOutput,
  recordingOf,
  servedAudio,
  type PauseMeasure,
  type Served,
  type SpeechOf,
} from '../test/support/gaps';
import type { OutputRecording } from '../lib/player/types';
import { HAS_SHARED_PAGES, ownPageFile, sharedPageFile } from '../test/support/pages';
import { launchWith, snapshotExtension } from './browser';
import { call, setSetting, storedPlan } from './extension';
import { fmt, formatTable, worst } from './stats';
import { fitToLength, htmlToText } from './text';

const LATENCY = { latencyMs: 300, msPerChar: 1 };
const ACCOUNT: EmulatorAccount = { key: 'bench-pro', plan: 'pro', credits: 1_000_000, email: 'pro@bench.test' };
/** Added silence allowed per join (issue 11). */
const TARGET_MS = 5;
const TEXT_CHARS = 700;
/** How long to wait for the player to reach the last join. */
const PLAY_TIMEOUT_MS = 120_000;

interface Config {
  served: Served;
  speed: number;
}

const PLAYER_CONFIGS: Config[] = [
  { served: 'mp3', speed: 1 },
  { served: 'mp3', speed: 2 },
  { served: 'mp3 without tag', speed: 1 },
  { served: 'wav', speed: 1 },
];

interface Row {
  path: 'player' | 'download';
  config: Config;
  joins: PauseMeasure[];
  /** The voice's own pause at each join, the text spoken as one request. */
  oneRequestMs: (number | null)[];
  controls: PauseMeasure[];
  glitches: number;
  note: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function benchText(): string {
  const html = HAS_SHARED_PAGES
    ? readFileSync(sharedPageFile('nytimes-1', 'expected.html'), 'utf8')
    : (readFileSync(ownPageFile('news'), 'utf8').match(/<p\b[\s\S]*?<\/p>/gi) ?? []).join('\n');
  return fitToLength(htmlToText(html), TEXT_CHARS);
}

/** Plays `text` until the last join was heard; the recording and the reading's chunks. */
async function playAndRecord(extensionDir: string, url: string, text: string, config: Config) {
  const context = await launchWith(extensionDir);
  try {
    const background = await serviceWorkerOf(context);
    const extensionId = new URL(background.url()).host;
    await background.evaluate(
      async ([url, key]) => {
        await chrome.storage.local.set({ apiKey: key });
        const { settings } = await chrome.storage.local.get('settings');
        await chrome.storage.local.set({ settings: { ...((settings as object | undefined) ?? {}), serviceUrl: url } });
      },
      [url, ACCOUNT.key] as const,
    );
    await setSetting(background, 'speed', config.speed);
    await setSetting(background, 'format', config.served === 'wav' ? 'wav' : 'mp3');
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/options.html`);
    await call(page, 'readText', { text, title: 'Gaps' });
    let reading: Awaited<ReturnType<typeof readingChunks>> = null;
    const deadline = Date.now() + PLAY_TIMEOUT_MS;
    // Until the last chunk has sounded for a second (or the reading ended): every join was heard.
    for (;;) {
      reading ??= await readingChunks(background);
      const plan = await storedPlan(background);
      const played = await call<{ chunksPlayed: number } | null>(page, 'getPlayerStats');
      if (reading && (!plan || (played && played.chunksPlayed >= reading.chunks.length - 1))) break;
      if (Date.now() > deadline) throw new Error('the reading did not reach its last chunk');
      await sleep(250);
    }
    await sleep(1_000);
    if (await storedPlan(background)) await call(page, 'readingControl', { action: 'stop' });
    const output = await recordedOutput(background);
    if (!reading || !output) throw new Error('no reading or no recording');
    return { page, context, reading, output };
  } catch (error) {
    await context.close().catch(() => undefined);
    throw error;
  }
}

/** The reference for chunks served as `served`: the speech itself, decoded by the browser, end to end. */
async function referenceFor(page: Page, chunks: readonly string[], params: SpeechOf, served: Served, rate: number) {
  // Without a tag the encoder silence cannot be told from speech: the tagged file says what speech is.
  const asSpeech: Served = served === 'wav' ? 'wav' : 'mp3';
  const files = await Promise.all(chunks.map((text) => servedAudio(text, params, asSpeech)));
  const reference = endToEnd(await decodeInBrowser(page, files, rate), rate);
  const [whole] = await decodeInBrowser(page, [await servedAudio(chunks.join(' '), params, asSpeech)], rate);
  return { reference, oneRequestMs: oneRequestPauses(reference, whole!) };
}

function rowOf(path: Row["path"], config: Config, pauses: PauseMeasure[], oneRequestMs: (number | null)[], glitches: number): Row {
  const joins = pauses.filter((p) => p.join && p.heardMs !== null);
  return {
    path,
    config,
    joins,
    oneRequestMs: joins.map((j) => oneRequestMs[j.afterChunk!] ?? null),
    controls: pauses.filter((p) => !p.join && p.heardMs !== null),
    glitches,
    note: pauses.some((p) => p.glitch) ? 'recorder glitched near a pause' : '',
  };
}

async function measurePlayer(extensionDir: string, url: string, text: string, config: Config): Promise<{ row: Row; chunks: string[]; params: SpeechOf }> {
  await fetch(`${url}/__emulator/reset`, { method: 'POST' });
  await fetch(`${url}/__emulator/config`, { method: 'PATCH', body: JSON.stringify({ mp3LameTag: config.served !== 'mp3 without tag' }) });
  const { page, context, reading, output } = await playAndRecord(extensionDir, url, text, config);
  try {
    const { reference, oneRequestMs } = await referenceFor(page, reading.chunks, reading.params, config.served, output.sampleRate);
    const pauses = measurePauses(reference, output);
    if (process.env.GAPS_DEBUG) {
      debug(reading.chunks, reference, output, pauses, oneRequestMs);
      const ref = recordingOf(reference.audio, reference.rate);
      console.log(`  reference near the joins: ${ref.silences.filter(([a]) => reference.joins.some((j) => Math.abs(a - j) < 0.3)).map(([a, b]) => `${(a - ref.firstSound!).toFixed(3)}+${((b - a) * 1000).toFixed(1)}`).join(' ')}`);
    }
    return { row: rowOf('player', config, pauses, oneRequestMs, output.glitches.length), chunks: reading.chunks, params: reading.params };
  } finally {
    await context.close().catch(() => undefined);
  }
}

async function measureDownload(page: Page, chunks: readonly string[], params: SpeechOf, config: Config): Promise<Row> {
  const rate = 44_100;
  const format = config.served === 'wav' ? 'wav' : 'mp3';
  const parts = await Promise.all(chunks.map((text) => servedAudio(text, params, config.served)));
  const [file] = await decodeInBrowser(page, [await joinAudio(parts, format)], rate);
  const { reference, oneRequestMs } = await referenceFor(page, chunks, params, config.served, rate);
  return rowOf('download', config, measurePauses(reference, recordingOf(file!, rate)), oneRequestMs, 0);
}

function debug(chunks: readonly string[], reference: { joins: number[] }, output: OutputRecording, pauses: PauseMeasure[], oneRequestMs: (number | null)[]): void {
  console.log(`\n  chunks ${chunks.map((c) => c.length).join(', ')} chars; joins at ${reference.joins.map((j) => j.toFixed(3)).join(', ')} s; one request ${list(oneRequestMs, 0)} ms`);
  const near = (t: number) => reference.joins.some((j) => Math.abs(t - j) < 0.3);
  console.log(`  heard from ${output.firstSound?.toFixed(3)} s, near the joins: ${output.silences.filter(([a]) => near(a - output.firstSound!)).map(([a, b]) => `${(a - output.firstSound!).toFixed(3)}+${((b - a) * 1000).toFixed(1)}`).join(' ')}`);
  for (const p of pauses) console.log(`  ${JSON.stringify(p)}`);
}

const list = (values: readonly (number | null)[], digits = 1) => values.map((v) => fmt(v, digits)).join(', ') || '—';

function report(rows: Row[]): void {
  console.log('\nSilence added at the joins between chunks, heard in the audio (emulator: pro plan, 300 ms + 1 ms/char)\n');
  console.log(
    formatTable(
      ['path', 'audio', 'speed', 'joins', 'added per join ms', 'pause heard ms', "voice's own pause ms (one request)", 'control: worst |error| in-chunk ms (n)', 'note'],
      rows.map((r) => [
        r.path,
        r.config.served,
        r.config.speed.toFixed(1),
        String(r.joins.length),
        list(r.joins.map((j) => j.addedMs!)),
        list(r.joins.map((j) => j.heardMs!), 0),
        list(r.oneRequestMs, 0),
        `${fmt(worst(r.controls.map((c) => Math.abs(c.addedMs!))), 1)} (${r.controls.length})`,
        r.note,
      ]),
      new Set([2, 3]),
    ),
  );
  const judged = (r: Row) => r.config.served !== 'mp3 without tag';
  const player = rows.filter((r) => r.path === 'player' && judged(r));
  const playerJoins = player.flatMap((r) => r.joins.filter((j) => !j.glitch));
  const playerWorst = worst(playerJoins.map((j) => Math.abs(j.addedMs!)));
  const downloads = rows.filter((r) => r.path === 'download' && judged(r));
  console.log('\nTargets:');
  console.log(
    `- Player: added silence per join < ${TARGET_MS} ms (mp3 with LAME tag, wav): ${playerJoins.length && playerWorst < TARGET_MS ? '✓' : '✗'} ` +
      `worst ${fmt(playerWorst, 1)} ms over ${playerJoins.length} joins`,
  );
  for (const r of downloads) {
    const added = r.joins.map((j) => Math.abs(j.addedMs!));
    console.log(
      `- Download, ${r.config.served}: added silence per join < ${TARGET_MS} ms: ${added.length && worst(added) < TARGET_MS ? '✓' : '✗'} worst ${fmt(worst(added), 1)} ms over ${added.length} joins` +
        (r.config.served === 'mp3' ? ' (the frames around each join decoded, cut to the sample and encoded again)' : ''),
    );
  }
  const untagged = rows.filter((r) => !judged(r));
  if (untagged.length) {
    console.log(
      `- Without a LAME tag nobody knows how much is encoder silence: ${list(untagged.flatMap((r) => r.joins.map((j) => j.addedMs!)))} ms added (${untagged.map((r) => r.path).join(', ')})`,
    );
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  console.log('Building the test extension (VOXLATE_TEST_BUILD=1 wxt build)…');
  execFileSync('npx', ['wxt', 'build'], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, VOXLATE_TEST_BUILD: '1' } });
  const extension = snapshotExtension();
  const emulator = await startEmulator({ port: 0, accounts: [ACCOUNT], ...LATENCY });
  const text = benchText();
  console.log(`Text: ${text.length} characters from ${HAS_SHARED_PAGES ? 'nytimes-1' : 'news'}`);
  const rows: Row[] = [];
  // GAPS_ONLY="mp3 2" (words that must all match "audio speed") runs a subset; GAPS_DEBUG=1 prints each pause.
  const only = (process.env.GAPS_ONLY ?? '').split(/\s+/).filter(Boolean);
  try {
    for (const config of PLAYER_CONFIGS.filter((c) => only.every((w) => [c.served, String(c.speed)].includes(w)))) {
      process.stdout.write(`player, ${config.served} ×${config.speed}… `);
      const t0 = Date.now();
      const { row, chunks, params } = await measurePlayer(extension.dir, emulator.url, text, config);
      rows.push(row);
      console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s: ${row.joins.length} joins, added ${list(row.joins.map((j) => j.addedMs!))} ms`);
      if (config.speed !== 1) continue;
      // The download of the same chunks, decoded by a fresh browser (no extension needed).
      const context = await launchWith(extension.dir);
      try {
        const page = await context.newPage();
        await page.goto('about:blank');
        rows.push(await measureDownload(page, chunks, params, config));
      } finally {
        await context.close().catch(() => undefined);
      }
    }
  } finally {
    await emulator.close();
    extension.remove();
  }
  report(rows);
  console.log(`\nGap bench run time: ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
