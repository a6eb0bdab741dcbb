/**
 * `npm test`: every check, in the order that fails fastest, then one plain summary line
 * ("N passed, N failed") that CI reads. Each step's own output streams through unchanged.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { sharedPagesSummary } from '../test/support/pages';
import { collectTestTimes, durationTable, type StepTime } from './test-report';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const failures: string[] = [];
const steps: StepTime[] = [];

/** Runs a step and notes its wall time for the closing table. */
function timed<T extends { status: number | null }>(label: string, step: () => T): T {
  const start = performance.now();
  const result = step();
  steps.push({ label, seconds: (performance.now() - start) / 1000, ok: result.status === 0 });
  return result;
}

function run(label: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`);
  const result = timed(label, () => spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }));
  if (result.status !== 0) failures.push(label);
  return result.status === 0;
}

/** A step that is not a test suite counts as one test: it passed or it failed. */
function check(label: string, command: string, args: string[], env?: Record<string, string>): void {
  if (run(label, command, args, env)) total.passed++;
  else total.failed++;
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numRuntimeErrorTestSuites?: number;
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}

function addReport<R>(file: string, read: (json: R) => Counts, label: string): void {
  if (!existsSync(file)) {
    total.failed++;
    failures.push(`${label} (no report)`);
    return;
  }
  const counts = read(JSON.parse(readFileSync(file, 'utf8')) as R);
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
}

/** Runs a suite that prints its own "N passed, N failed" line, and adds its counts. */
function countedRun(label: string, command: string, args: string[]): void {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`);
  const result = timed(label, () => spawnSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
  process.stdout.write(result.stdout ?? '');
  const counts = /(\d+) passed, (\d+) failed/.exec(result.stdout ?? '');
  if (!counts || result.status !== 0) failures.push(label);
  total.passed += Number(counts?.[1] ?? 0);
  total.failed += counts ? Number(counts[2]) : 1;
}

rmSync('test-results', { recursive: true, force: true });
check('types', 'npx', ['tsc', '--noEmit', '-p', '.']);
check('lint', 'npx', ['eslint', '--max-warnings=0', '.']);
check('build for Chrome (test build)', 'npx', ['wxt', 'build'], { VOXLATE_TEST_BUILD: '1' });
check('build for Firefox', 'npx', ['wxt', 'build', '-b', 'firefox']);
check('web-ext lint of the Firefox build', 'npx', ['tsx', 'scripts/lint-firefox.ts', '.output/firefox-mv2']);
check('build for Chrome', 'npx', ['wxt', 'build']);
countedRun('store builds carry no test code', 'npx', ['tsx', 'scripts/check-production.ts', '.output/chrome-mv3', '.output/firefox-mv2']);

run('unit and contract tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=test-results/unit.json']);
addReport<VitestReport>(
  'test-results/unit.json',
  (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0), skipped: r.numPendingTests + r.numTodoTests }),
  'unit tests',
);

run('end-to-end tests (Chromium)', 'npx', ['playwright', 'test']);
addReport<PlaywrightReport>(
  'test-results/e2e.json',
  (r) => {
    // A test that passed only on CI's one retry is said out loud: it needs looking at.
    if (r.stats.flaky > 0) console.log(`\nFlaky end-to-end tests (failed once, passed on retry): ${r.stats.flaky}`);
    return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected, skipped: r.stats.skipped };
  },
  'end-to-end tests',
);

check('build for Firefox (test build)', 'npx', ['wxt', 'build', '-b', 'firefox'], { VOXLATE_TEST_BUILD: '1' });
countedRun('end-to-end tests (Firefox)', 'npx', ['tsx', 'test/firefox/read-aloud.ts']);
countedRun('end-to-end tests (Firefox, restarted)', 'npx', ['tsx', 'test/firefox/restart.ts']);
countedRun('end-to-end tests (Firefox, translation bubble)', 'npx', ['tsx', 'test/firefox/bubble.ts']);
countedRun('end-to-end tests (Firefox, popup and options)', 'npx', ['tsx', 'test/firefox/popup-options.ts']);
countedRun('end-to-end tests (Firefox, popup first paint)', 'npx', ['tsx', 'test/firefox/popup-paint.ts']);
countedRun('end-to-end tests (Firefox, PDF reader)', 'npx', ['tsx', 'test/firefox/pdf-reader.ts']);
countedRun('end-to-end tests (Firefox, page translation and listening in another language)', 'npx', ['tsx', 'test/firefox/page-translate.ts']);
countedRun('end-to-end tests (Firefox, reading paths: from here, player, pause, download cancel, faults)', 'npx', ['tsx', 'test/firefox/reading-paths.ts']);
countedRun('end-to-end tests (Firefox, private windows)', 'npx', ['tsx', 'test/firefox/private.ts']);
countedRun('end-to-end tests (Firefox, a long chunk slowed down)', 'npx', ['tsx', 'test/firefox/stretch.ts']);

console.log(durationTable(steps, collectTestTimes('test-results', process.cwd())));
console.log(`\n${sharedPagesSummary()}`);
if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`);
console.log(`\n${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed > 0 || failures.length > 0 ? 1 : 0);
