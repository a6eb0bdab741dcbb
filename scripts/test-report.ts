/**
 * Where `npm test`'s time goes: each step's wall time, and the slowest tests of every runner read
 * from the reports they leave in test-results/ (vitest's and Playwright's JSON, and the Firefox
 * suites' own). Printed at the end of every run so the next person sees what to make faster.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface StepTime {
  label: string;
  /** When it started, in seconds from the start of the run (steps may run side by side). */
  startedAt: number;
  seconds: number;
  ok: boolean;
}

export interface TestTime {
  /** Which runner: unit, chromium, firefox. */
  runner: string;
  name: string;
  seconds: number;
}

interface VitestJson {
  testResults: { name: string; assertionResults: { fullName: string; duration?: number | null }[] }[];
}

/** Every unit test's duration, named "file > test". */
export function vitestTimes(report: VitestJson, root: string): TestTime[] {
  return report.testResults.flatMap((file) =>
    file.assertionResults.map((t) => ({ runner: 'unit', name: `${path.relative(root, file.name)} > ${t.fullName}`, seconds: (t.duration ?? 0) / 1000 })),
  );
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: { title: string; tests: { results: { duration: number; retry: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}

/** Every end-to-end attempt's duration (a retried test appears once per attempt). */
export function playwrightTimes(report: { suites: PlaywrightSuite[] }): TestTime[] {
  const out: TestTime[] = [];
  const walk = (suite: PlaywrightSuite, file: string) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        for (const r of t.results) {
          out.push({ runner: 'chromium', name: `${file} > ${spec.title}${r.retry ? ` (retry ${r.retry})` : ''}`, seconds: r.duration / 1000 });
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of report.suites) walk(suite, suite.file ?? suite.title);
  return out;
}

/** What a Firefox suite writes (test/firefox/support.ts `checks`): one entry per check. */
export interface FirefoxSuiteReport {
  suite: string;
  checks: { name: string; seconds: number; ok: boolean }[];
}

export function firefoxTimes(report: FirefoxSuiteReport): TestTime[] {
  return report.checks.map((c) => ({ runner: 'firefox', name: `${report.suite} > ${c.name}`, seconds: c.seconds }));
}

/** Reads whatever reports the run left; a missing or broken one is skipped (its step says it failed). */
export function collectTestTimes(dir: string, root: string): TestTime[] {
  const read = <T>(file: string): T | null => {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as T;
    } catch {
      return null;
    }
  };
  const times: TestTime[] = [];
  for (const file of ['contract.json', 'unit.json']) {
    const unit = read<VitestJson>(path.join(dir, file));
    if (unit) times.push(...vitestTimes(unit, root));
  }
  const e2e = read<{ suites: PlaywrightSuite[] }>(path.join(dir, 'e2e.json'));
  if (e2e) times.push(...playwrightTimes(e2e));
  const firefoxDir = path.join(dir, 'firefox');
  if (existsSync(firefoxDir)) {
    for (const file of readdirSync(firefoxDir).filter((f) => f.endsWith('.json')).sort()) {
      const report = read<FirefoxSuiteReport>(path.join(firefoxDir, file));
      if (report) times.push(...firefoxTimes(report));
    }
  }
  return times;
}

/** m:ss, rounded to the second first (59.6 s is 1:00, not 0:60). */
const clock = (seconds: number) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};
const cut = (text: string, width: number) => (text.length > width ? `${text.slice(0, width - 1)}…` : text);

/**
 * The table printed at the end of `npm test`: each step in the order it started, when it started
 * and how long it took, the run's wall time, then the slowest tests.
 */
export function durationTable(steps: StepTime[], wallSeconds: number, tests: TestTime[], slowest = 25): string {
  const width = Math.max(...steps.map((s) => s.label.length), 10);
  const lines = ['', 'Where the time went', '', `  ${'step'.padEnd(width)}  ${'from'.padStart(6)}  ${'took'.padStart(6)}`];
  for (const s of [...steps].sort((a, b) => a.startedAt - b.startedAt)) {
    lines.push(`  ${s.label.padEnd(width)}  ${clock(s.startedAt).padStart(6)}  ${clock(s.seconds).padStart(6)}  ${s.ok ? '' : 'FAILED'}`.trimEnd());
  }
  lines.push(`  ${'the whole run (wall clock)'.padEnd(width)}  ${''.padStart(6)}  ${clock(wallSeconds).padStart(6)}`);
  const top = [...tests].sort((a, b) => b.seconds - a.seconds).slice(0, slowest);
  if (top.length) {
    lines.push('', `The ${top.length} slowest tests`, '');
    for (const t of top) lines.push(`  ${t.seconds.toFixed(1).padStart(6)} s  ${t.runner.padEnd(8)}  ${cut(t.name, 140)}`);
  }
  return lines.join('\n');
}
