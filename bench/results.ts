/**
 * Where the benches keep issue 41's summary rows between runs: one JSON file per figure in the
 * git-ignored `.bench-results/` at the project's root (a bench run with `MENU_ONLY=listen` replaces
 * that figure's row only). `bench/summary.ts` reads them all.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ImpressionRow } from './impressions';

/** `.bench-results/` beside package.json (`BENCH_RESULTS=<dir>` elsewhere). */
export const RESULTS_DIR = process.env.BENCH_RESULTS ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '.bench-results');

/** Writes each row to `<key>.json`, replacing the figure's earlier row; says where. */
export function writeImpressions(rows: readonly ImpressionRow[]): void {
  if (rows.length === 0) return;
  mkdirSync(RESULTS_DIR, { recursive: true });
  for (const row of rows) writeFileSync(path.join(RESULTS_DIR, `${row.key}.json`), `${JSON.stringify(row, null, 2)}\n`);
  const where = path.relative(process.cwd(), RESULTS_DIR);
  console.log(`Summary rows written: ${rows.map((r) => r.key).join(', ')} (${where && !where.startsWith('..') ? where : RESULTS_DIR}/; \`npx tsx bench/summary.ts\` prints them)`);
}

/** Every row written so far (files that do not parse are skipped, with a warning). */
export function readImpressions(): ImpressionRow[] {
  if (!existsSync(RESULTS_DIR)) return [];
  return readdirSync(RESULTS_DIR)
    .filter((name) => name.endsWith('.json'))
    .flatMap((name) => {
      try {
        return [JSON.parse(readFileSync(path.join(RESULTS_DIR, name), 'utf8')) as ImpressionRow];
      } catch (error) {
        console.warn(`${name}: not a summary row (${(error as Error).message})`);
        return [];
      }
    });
}
