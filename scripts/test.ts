/**
 * `npm test`: every check, in the order that fails fastest, then where the time went and one
 * plain summary line ("N passed, N failed") that CI reads. Steps that do not need each other run
 * side by side (the checks and builds beside Chromium's tests, the unit tests beside Firefox's, each
 * at a lower priority where the other leaves cores idle);
 * a step run beside another prints its output when it ends, a step run alone streams it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
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
const runStart = performance.now();

interface Step {
  label: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** A suite that prints its own "N passed, N failed": its counts are added (else the step counts as one test). */
  counted?: boolean;
  /** A runner whose counts come from its report file (added by the caller): the step adds nothing itself. */
  reported?: boolean;
}

/** A step's process, its output kept from its start on, and its exit status once it closed. */
interface Running {
  child: ChildProcess;
  output: () => string;
  closed: Promise<number | null>;
}

/** Starts a step's process; `waiting` ones get a stdin to be told when their turn comes. */
function spawnStep(step: Step, alone: boolean, waiting = false): Running {
  const child = spawn(step.command, step.args, {
    env: { ...process.env, ...step.env },
    stdio: [waiting ? 'pipe' : 'ignore', alone && !step.counted ? 'inherit' : 'pipe', alone ? 'inherit' : 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (b: Buffer) => {
    out += b.toString();
    if (alone) process.stdout.write(b);
  });
  child.stderr?.on('data', (b: Buffer) => (out += b.toString()));
  return { child, output: () => out, closed: new Promise((resolve) => child.on('close', resolve)) };
}

/**
 * Runs a step, noting its wall time for the closing table; `alone` streams its output as it comes.
 * `started`: its process, started before, whose turn is now.
 */
async function runStep(step: Step, alone: boolean, started?: Running): Promise<boolean> {
  const head = `\n▶ ${step.label}: ${step.command} ${step.args.join(' ')}`;
  if (alone) console.log(head);
  const start = performance.now();
  const run = started ?? spawnStep(step, alone);
  const status = await run.closed;
  const out = run.output();
  steps.push({ label: step.label, startedAt: (start - runStart) / 1000, seconds: (performance.now() - start) / 1000, ok: status === 0 });
  if (!alone) console.log(`${head}\n${out.trimEnd()}`);
  const counts = step.counted ? /(\d+) passed, (\d+) failed/.exec(out) : null;
  if (step.counted) {
    total.passed += Number(counts?.[1] ?? 0);
    total.failed += counts ? Number(counts[2]) : 1;
  } else if (!step.reported) {
    if (status === 0) total.passed++;
    else total.failed++;
  }
  if (status !== 0 || (step.counted && !counts)) failures.push(step.label);
  return status === 0;
}

/** Runs steps `width` at a time, in order. */
async function runSideBySide(list: Step[], width: number): Promise<void> {
  const queue = [...list];
  const lane = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) await runStep(step, false);
  };
  await Promise.all(Array.from({ length: width }, lane));
}

/**
 * Runs steps one at a time, each started (as VOXLATE_FIREFOX_WAIT) while the one before runs: it
 * gets ready (its emulator up, its browser launched) and waits for its turn on stdin.
 */
async function inTurnStartedAhead(list: Step[]): Promise<void> {
  const begin = (step: Step) => {
    const run = spawnStep({ ...step, env: { ...step.env, VOXLATE_FIREFOX_WAIT: '1' } }, false, true);
    // One that ended before its turn (it could not start) is not told; its status says what happened.
    run.child.stdin?.on('error', () => undefined);
    return run;
  };
  let next = list[0] ? begin(list[0]) : undefined;
  for (const [i, step] of list.entries()) {
    const run = next!;
    next = list[i + 1] ? begin(list[i + 1]!) : undefined;
    run.child.stdin?.end('go\n');
    await runStep(step, false, run);
  }
}

/** Runs a chain of steps one after the other (a step after a failed one still runs: every failure is seen). */
async function inTurn(list: Step[]): Promise<void> {
  for (const step of list) await runStep(step, false);
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

const TEST_BUILD = { VOXLATE_TEST_BUILD: '1' };
const firefoxSuite = (what: string, file: string): Step => ({
  label: `end-to-end tests (Firefox${what ? `, ${what}` : ''})`,
  command: 'npx',
  args: ['tsx', `test/firefox/${file}.ts`],
  counted: true,
});

rmSync('test-results', { recursive: true, force: true });
/** A step run at a lower priority: it fills the cores another step leaves idle and yields them to it. */
const niced = (step: Step, niceness = 10): Step => ({ ...step, command: 'nice', args: ['-n', String(niceness), step.command, ...step.args] });
const unitStep = (label: string, report: string, args: string[]): Step => ({
  label,
  command: 'npx',
  args: ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=test-results/${report}`, ...args],
  reported: true,
});
const vitestCounts = (r: VitestReport): Counts => ({
  passed: r.numPassedTests,
  failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0),
  skipped: r.numPendingTests + r.numTodoTests,
});

// The contract tests first and alone: they time requests against the emulator's rate windows, so
// they get the cores to themselves (half a minute); every other unit test runs beside Firefox's.
await runStep(unitStep('contract tests', 'contract.json', ['test/contract']), true);
addReport<VitestReport>('test-results/contract.json', vitestCounts, 'contract tests');

// Chromium's end-to-end tests need only the Chrome test build: they start once it is made, and the
// builds (and the checks of what they made) run beside them at a lower priority (Chromium's three
// workers leave about a fifth of the cores idle). The type check and lint wait for the Firefox
// phase, which leaves more idle: beside Chromium they held a share of the cores for 6–9 minutes,
// and Chromium's step, the suite's longest, took 17 minutes instead of 15–16.
await runStep({ label: 'build for Chrome (test build)', command: 'npx', args: ['wxt', 'build'], env: TEST_BUILD }, true);
const checksAndBuilds = Promise.all([
  inTurn([
    niced({ label: 'build for Firefox (test build)', command: 'npx', args: ['wxt', 'build', '-b', 'firefox'], env: TEST_BUILD }),
    niced({ label: 'build for Firefox', command: 'npx', args: ['wxt', 'build', '-b', 'firefox'] }),
    niced({ label: 'build for Chrome', command: 'npx', args: ['wxt', 'build'] }),
  ]).then(() =>
    Promise.all([
      runStep(niced({ label: 'web-ext lint of the Firefox build', command: 'npx', args: ['tsx', 'scripts/lint-firefox.ts', '.output/firefox-mv2'] }), false),
      runStep(niced({ label: 'store builds carry no test code', command: 'npx', args: ['tsx', 'scripts/check-production.ts', '.output/chrome-mv3', '.output/firefox-mv2'], counted: true }), false),
    ]),
  ),
]);

await runStep({ label: 'end-to-end tests (Chromium)', command: 'npx', args: ['playwright', 'test'], reported: true }, true);
addReport<PlaywrightReport>(
  'test-results/e2e.json',
  (r) => {
    // A test that passed only on CI's one retry is said out loud: it needs looking at.
    if (r.stats.flaky > 0) console.log(`\nFlaky end-to-end tests (failed once, passed on retry): ${r.stats.flaky}`);
    return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected, skipped: r.stats.skipped };
  },
  'end-to-end tests',
);
await checksAndBuilds;

// The Firefox suites after Chromium's, one at a time (VOXLATE_FIREFOX_LANES=2 runs two, the longest
// first). Two at a time saved about four minutes but, on a bare clone on 2 cores, a check of
// reading-paths (a jump coming after the parts it skips were bought) and one of private (the normal
// window's tab not found) failed from the load; each passes alone. Beside Chromium's three workers
// they overloaded the cores worse still. Each starts while the one before runs (its browser launched,
// about 5 s of one core, while the other core has little to do), and checks once that one ended.
const firefoxSuites = [
  firefoxSuite('reading paths: from here, player, pause, download cancel, faults', 'reading-paths'),
  firefoxSuite('', 'read-aloud'),
  firefoxSuite('PDF reader', 'pdf-reader'),
  firefoxSuite('page translation and listening in another language', 'page-translate'),
  firefoxSuite('private windows', 'private'),
  firefoxSuite('translation bubble', 'bubble'),
  firefoxSuite('glossary: the bubble, the page form, the options', 'glossary'),
  firefoxSuite('captions on a video', 'captions'),
  firefoxSuite('popup and options', 'popup-options'),
  firefoxSuite('restarted', 'restart'),
  firefoxSuite('a long chunk slowed down', 'stretch'),
  firefoxSuite('popup first paint', 'popup-paint'),
];
const firefoxLanes = Number(process.env.VOXLATE_FIREFOX_LANES ?? 1);
// The unit tests, the type check and lint beside them, at a lower priority: one Firefox suite at a
// time leaves about half of the two cores idle (measured: 53 % over its 7 minutes), which the unit
// tests' 3 minutes of work and the checks' 2–3 fill, while a Firefox check that needs a core gets it first.
await Promise.all([
  firefoxLanes > 1 ? runSideBySide(firefoxSuites, firefoxLanes) : inTurnStartedAhead(firefoxSuites),
  // At the lower priority a test may get a fraction of a core: its limit there is 60 s, not 20 (a
  // limit only ends a test that hangs; what a test checks is never a time).
  runStep(niced(unitStep('unit tests (beside Firefox, lower priority)', 'unit.json', ['--exclude', 'test/contract/**', '--testTimeout=60000'])), false).then(() =>
    addReport<VitestReport>('test-results/unit.json', vitestCounts, 'unit tests'),
  ),
  // The type check and lint, one after the other and below the unit tests' priority: the two at
  // once beside the unit tests would take the cores a Firefox check may need.
  inTurn([
    niced({ label: 'types', command: 'npx', args: ['tsc', '--noEmit', '-p', '.'] }, 15),
    niced({ label: 'lint', command: 'npx', args: ['eslint', '--max-warnings=0', '.'] }, 15),
  ]),
]);

console.log(durationTable(steps, (performance.now() - runStart) / 1000, collectTestTimes('test-results', process.cwd())));
console.log(`\n${sharedPagesSummary()}`);
if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`);
console.log(`\n${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed > 0 || failures.length > 0 ? 1 : 0);
