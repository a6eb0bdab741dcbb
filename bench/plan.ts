/**
 * `tsx bench/plan.ts` (first part of `npm run bench`): how long planning a very long reading takes,
 * on the path "Select all" on a book-length page takes in the worker (segmenting, then grouping
 * into requests). Text: the project's own fixture prose, repeated to size with paragraph breaks,
 * and the same without any line break (one huge paragraph, the slowest case for the windows).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { firstRequestText, prepareSpeech } from '../lib/speech/chunk';
import { fitToLength, htmlToText } from './text';
import { filterVoices, indexVoices } from '../components/popup/voice-filter';
import { fmt, formatTable, median } from './stats';

const html = readFileSync(path.resolve(import.meta.dirname, '../test/fixtures/river.html'), 'utf8');
const prose = htmlToText(html);
const RUNS = Number(process.env.PLAN_RUNS ?? 5);

function time(text: string): { ms: number; sentences: number; chunks: number } {
  const runs: number[] = [];
  let result = prepareSpeech(text, 'en');
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    result = prepareSpeech(text, 'en');
    runs.push(performance.now() - t0);
  }
  return { ms: median(runs), sentences: result.sentences.length, chunks: result.chunks.length };
}

const rows: string[][] = [];
for (const size of [100_000, 400_000, 1_000_000]) {
  for (const [label, text] of [
    ['paragraphs', fitToLength(prose, size)],
    ['one paragraph', fitToLength(prose, size).replace(/\s*\n\s*/g, ' ')],
  ] as const) {
    const r = time(text);
    rows.push([size.toLocaleString('en'), label, String(r.sentences), String(r.chunks), fmt(r.ms, 1), size === 400_000 ? '< 100 ms' : '']);
  }
}
console.log(`\nPlan build (segmenting + chunking) of long text, median of ${RUNS} runs:\n`);
console.log(formatTable(['characters', 'text', 'sentences', 'requests', 'ms', 'target'], rows, new Set([0, 2, 3, 4])));

// What a confirmed long reading waits for before its first request leaves: the start of the text
// planned alone (the whole plan is built after that request is on its way).
const firstRows: string[][] = [];
for (const size of [100_000, 400_000]) {
  const text = fitToLength(prose, size);
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    firstRequestText(text, 'en');
    runs.push(performance.now() - t0);
  }
  firstRows.push([size.toLocaleString('en'), fmt(median(runs), 1), fmt(time(text).ms, 1)]);
}
console.log(`\nFirst request of a long reading, found before the whole plan, median of ${RUNS} runs:\n`);
console.log(formatTable(['characters', 'first request ms', 'whole plan ms'], firstRows, new Set([0, 1, 2])));

// The popup's voice search: what one keystroke costs over a service with 1,000 voices (the list
// is filtered on every key; a frame is 16 ms).
const thousand = Array.from({ length: 1000 }, (_, i) => ({
  id: `syn-${i + 1}`, name: `Synthetic ${i + 1}`, language: ['en', 'fr', 'de', 'ja'][i % 4]!, gender: i % 2 ? 'male' : 'female', preview_url: `https://x.test/${i}.mp3`,
}));
const voiceIndex = indexVoices(thousand);
const keystrokes = ['s', 'sy', 'syn', 'synt', 'synth 7', 'synth 77', 'synth 777'];
const perKey: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  for (const search of keystrokes) filterVoices(voiceIndex, { search, language: '', gender: '' }, 100);
  perKey.push((performance.now() - t0) / keystrokes.length);
}
console.log(`\nPopup voice search over 1,000 voices, median of ${RUNS} runs: ${fmt(median(perKey), 2)} ms a keystroke (target: well under a 16 ms frame)`);

