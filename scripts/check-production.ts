/**
 * `tsx scripts/check-production.ts [dir…]`: the store builds carry none of the test build's
 * hooks or benchmark marks (they sit behind __VOXLATE_TEST_HOOKS__ and must be dropped from the
 * bundles). Prints one line per build and "N passed, N failed".
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Strings only test-build code contains: the hooks and the benchmark's marks. */
const TEST_ONLY = ['voxlateTestHooks', '__voxlateFirstRender', '__voxlateBeforeApp', 'voxlate:script', 'voxlate:cached', 'performance.mark(', 'voxlate-output-tap'];

function scripts(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return scripts(full);
    return /\.(js|html)$/.test(entry.name) ? [full] : [];
  });
}

const dirs = process.argv.slice(2);
let failed = 0;
for (const dir of dirs.length ? dirs : ['.output/chrome-mv3', '.output/firefox-mv2']) {
  const files = scripts(dir);
  const found = files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return TEST_ONLY.filter((marker) => text.includes(marker)).map((marker) => `${path.relative(dir, file)}: ${marker}`);
  });
  const ok = files.length > 0 && found.length === 0;
  if (!ok) failed++;
  console.log(`${ok ? '✓' : '✘'} ${dir}: ${files.length} scripts${found.length ? `, test-only code found:\n  ${found.join('\n  ')}` : ', no test-only code'}`);
}
console.log(`${(dirs.length || 2) - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
