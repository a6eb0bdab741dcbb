import { describe, expect, it } from 'vitest';
import { durationTable, playwrightTimes, vitestTimes } from './test-report';

describe('the duration table of npm test', () => {
  it('lists every step with its time and the total, then the slowest tests first', () => {
    const table = durationTable(
      [
        { label: 'end-to-end tests (Chromium)', startedAt: 16.4, seconds: 754, ok: false },
        { label: 'types', startedAt: 0, seconds: 16.4, ok: true },
      ],
      770.4,
      [
        { runner: 'unit', name: 'a.test.ts > quick', seconds: 0.2 },
        { runner: 'chromium', name: 'read-aloud.spec.ts > reads', seconds: 31.25 },
        { runner: 'firefox', name: 'firefox/bubble > bubble', seconds: 12 },
      ],
      2,
    );
    expect(table).toMatch(/types\s+0:00\s+0:16\n\s+end-to-end tests \(Chromium\)\s+0:16\s+12:34\s+FAILED/);
    expect(table).toMatch(/the whole run \(wall clock\)\s+12:50/);
    expect(table).toContain('The 2 slowest tests');
    expect(table.indexOf('31.3 s  chromium  read-aloud.spec.ts > reads')).toBeLessThan(table.indexOf('12.0 s  firefox   firefox/bubble > bubble'));
    expect(table).not.toContain('quick');
  });

  it('rounds to the second before splitting minutes from seconds (no "1:60")', () => {
    const table = durationTable([{ label: 'contract tests', startedAt: 119.7, seconds: 59.6, ok: true }], 1379.8, []);
    expect(table).toMatch(/contract tests\s+2:00\s+1:00/);
    expect(table).toMatch(/the whole run \(wall clock\)\s+23:00/);
  });

  it('reads vitest and Playwright reports, each retry an attempt of its own', () => {
    expect(vitestTimes({ testResults: [{ name: '/repo/lib/x.test.ts', assertionResults: [{ fullName: 'x works', duration: 1500 }] }] }, '/repo')).toEqual([
      { runner: 'unit', name: 'lib/x.test.ts > x works', seconds: 1.5 },
    ]);
    const e2e = playwrightTimes({
      suites: [{ title: 'a.spec.ts', file: 'a.spec.ts', specs: [{ title: 'plays', tests: [{ results: [{ duration: 9000, retry: 0 }, { duration: 4000, retry: 1 }] }] }] }],
    });
    expect(e2e.map((t) => [t.name, t.seconds])).toEqual([
      ['a.spec.ts > plays', 9],
      ['a.spec.ts > plays (retry 1)', 4],
    ]);
  });
});
