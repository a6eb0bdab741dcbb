/**
 * `npm run bench` (issue 21, item 5): how close the word highlight's timing is to the truth.
 *
 * For paragraphs of the project's own pages (English, Spanish, German, French) at speeds 1 and 2,
 * the emulator's speech is made with espeak-ng's library, which also reports where each word
 * starts (the emulator's binary makes the same samples); the extension's estimate
 * (lib/audio/word-timing.ts) is given only the audio and the text, as the player is. For every
 * word both know, the error is |estimated start − true start|. Target: median ≤ 80 ms, 95th
 * percentile ≤ 200 ms, at each speed.
 *
 * `WORDS_VERBOSE=1` prints each paragraph's worst words.
 */
import { readFileSync } from 'node:fs';
import { trueWordStarts } from '../emulator/espeak-words';
import { timeWords } from '../lib/audio/word-timing';
import { fmt, formatTable, median } from './stats';

interface Page {
  file: string;
  language: string;
  espeak: string;
}

const PAGES: Page[] = [
  { file: 'test/fixtures/long-read.html', language: 'en', espeak: 'en-us' },
  { file: 'test/fixtures/pages/encyclopedia.html', language: 'en', espeak: 'en-us' },
  { file: 'test/fixtures/pages/news.html', language: 'en', espeak: 'en-us' },
  { file: 'test/fixtures/spanish.html', language: 'es', espeak: 'es' },
  { file: 'test/fixtures/pages/german.html', language: 'de', espeak: 'de' },
  { file: 'test/fixtures/pages/french.html', language: 'fr', espeak: 'fr' },
];
/** Paragraphs taken from each page (the first ones long enough to be a chunk of their own). */
const PER_PAGE = Number(process.env.WORDS_PER_PAGE ?? 6);
const SPEEDS = [1, 2];

/** The text of a page's paragraphs, tags and entities stripped (a bench corpus, not a parser). */
export function paragraphsOf(html: string): string[] {
  const body = html.replace(/<(script|style|sup)\b[\s\S]*?<\/\1>/giu, ' ');
  return [...body.matchAll(/<p\b[^>]*>([\s\S]*?)<\/p>/giu)]
    .map((m) =>
      m[1]!
        .replace(/<[^>]+>/gu, '')
        .replace(/&nbsp;/gu, ' ')
        .replace(/&amp;/gu, '&')
        .replace(/&[a-z]+;|&#\d+;/giu, ' ')
        .replace(/\s+/gu, ' ')
        .trim(),
    )
    .filter((p) => p.length >= 120);
}

/** Errors (seconds) of every word both the truth and the estimate have, for one paragraph. */
export function wordErrors(text: string, page: Page, speed: number): { errors: number[]; worst: string[] } {
  const { pcm, words: truth } = trueWordStarts(text, { espeakVoice: page.espeak, gender: 'female', speed });
  const samples = Float32Array.from(pcm.samples, (s) => s / 32768);
  const estimate = new Map(timeWords(text, page.language, { samples, sampleRate: pcm.sampleRate }).map((w) => [w.from, w.atSec]));
  const errors: number[] = [];
  const worst: string[] = [];
  for (const w of truth) {
    const at = estimate.get(w.from);
    if (at === undefined) continue;
    const error = Math.abs(at - w.atSec);
    errors.push(error);
    if (error > 0.2) worst.push(`${text.slice(w.from, w.to)} ${Math.round((at - w.atSec) * 1000)}ms`);
  }
  return { errors, worst };
}

function percentile(values: readonly number[], at: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(at * sorted.length))] ?? Number.NaN;
}

function main(): void {
  const rows: string[][] = [];
  for (const speed of SPEEDS) {
    const all: number[] = [];
    for (const page of PAGES) {
      const paragraphs = paragraphsOf(readFileSync(page.file, 'utf8')).slice(0, PER_PAGE);
      const errors: number[] = [];
      for (const text of paragraphs) {
        const result = wordErrors(text, page, speed);
        errors.push(...result.errors);
        if (process.env.WORDS_VERBOSE && result.worst.length) console.log(`${page.file} ×${speed}: ${result.worst.slice(0, 8).join(', ')}`);
      }
      all.push(...errors);
      rows.push([`×${speed}`, page.file.replace('test/fixtures/', ''), String(errors.length), fmt(median(errors) * 1000), fmt(percentile(errors, 0.95) * 1000)]);
    }
    const met = median(all) <= 0.08 && percentile(all, 0.95) <= 0.2;
    rows.push([`×${speed}`, 'all', String(all.length), fmt(median(all) * 1000), fmt(percentile(all, 0.95) * 1000), met ? 'met' : 'NOT met']);
  }
  console.log('\nWord highlight timing vs the emulator’s true word starts (target: median ≤ 80 ms, p95 ≤ 200 ms)');
  console.log(formatTable(['speed', 'page', 'words', 'median ms', 'p95 ms', 'target'], rows, new Set([2, 3, 4])));
}

if (import.meta.url === `file://${process.argv[1]}`) main();
