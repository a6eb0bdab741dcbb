/**
 * `npm run bench`'s last step (issue 41): prints every first impression the benches measured,
 * cold and warm, beside its target, in one table, from the rows they wrote to `.bench-results/`
 * (bench/results.ts). Alone: `npx tsx bench/summary.ts`. Figures not measured yet are named.
 */
import os from 'node:os';
import { formatImpressions, shortDate } from './impressions';
import { readImpressions } from './results';

/** Issue 41's figures, by key, and the bench that measures each. */
const EXPECTED: Record<string, string> = {
  'selection-150': 'bench/menu.ts',
  'selection-5000': 'bench/menu.ts',
  'pdf-request': 'bench/pdf.ts',
  'pdf-paint': 'bench/pdf.ts',
  'page-translate': 'bench/page-translate.ts',
  listen: 'bench/menu.ts',
  words: 'bench/words.ts',
};

const rows = readImpressions();
const dates = rows.map((r) => r.date).sort();
console.log('\nIssue 41: first impressions, cold (first use after the browser starts) and warm (a later use, other text)');
console.log(`Emulator at 300 ms + 1 ms/char; ${os.cpus().length} cores; load = 1-min average over the runs\n`);
if (rows.length) console.log(formatImpressions(rows));
const missing = Object.keys(EXPECTED).filter((key) => !rows.some((r) => r.key === key));
if (missing.length) console.log(`\nNot measured yet: ${missing.map((key) => `${key} (${EXPECTED[key]})`).join(', ')}`);
if (dates.length) {
  const [first, last] = [shortDate(dates[0]!), shortDate(dates.at(-1)!)];
  // "2026-11-29 20:19–20:37", or the whole second date when the days differ.
  const until = last === first ? '' : last.slice(0, 10) === first.slice(0, 10) ? `–${last.slice(11)}` : ` – ${last}`;
  console.log(`\nMeasured ${first}${until} UTC`);
}
for (const row of rows.filter((r) => r.note).sort((a, b) => a.order - b.order)) console.log(`- ${row.figure}: ${row.note}`);
