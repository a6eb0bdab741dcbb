/**
 * `npm run test:changed`: the inner loop. Runs the unit tests that import what the working tree
 * changed (vitest's own module graph: `vitest related`), then the end-to-end specs that cover the
 * changed areas (the table below), on one fresh test build. CI still runs everything (`npm test`).
 *
 *   npm run test:changed                 changes since the last commit (staged, unstaged, new files)
 *   npm run test:changed -- --since main changes since another commit too
 *   npm run test:changed -- --firefox    the Firefox suites of those areas as well
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { changedAreas } from './test-areas';

const args = process.argv.slice(2);
const since = (args.includes('--since') ? args[args.indexOf('--since') + 1] : undefined) ?? 'HEAD';
const git = (...a: string[]) => spawnSync('git', a, { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
const changed = [...new Set([...git('diff', '--name-only', since), ...git('ls-files', '--others', '--exclude-standard')])];

if (!changed.length) {
  console.log(`Nothing changed since ${since}.`);
  process.exit(0);
}
const areas = changedAreas(changed);
const { specs, unmapped } = areas;
const firefox = args.includes('--firefox') ? areas.firefox : [];
console.log(`Changed since ${since}: ${changed.length} files.`);
if (unmapped.length) console.log(`No area of the table in scripts/test-areas.ts covers: ${unmapped.join(', ')} (the smoke specs run for them).`);

const run = (label: string, command: string, a: string[], env: Record<string, string> = {}) => {
  console.log(`\n▶ ${label}: ${command} ${a.join(' ')}`);
  return spawnSync(command, a, { stdio: 'inherit', env: { ...process.env, ...env } }).status === 0;
};

const sources = changed.filter((f) => /\.(ts|tsx)$/.test(f) && existsSync(f));
let ok = sources.length ? run('unit tests that import the changes', 'npx', ['vitest', 'related', '--run', '--passWithNoTests', ...sources]) : true;
if (specs.length || firefox.length) {
  ok = run('test build (Chrome)', 'npx', ['wxt', 'build'], { VOXLATE_TEST_BUILD: '1' }) && ok;
  if (specs.length) ok = run('end-to-end specs of the changed areas (Chromium)', 'npx', ['playwright', 'test', ...specs.map((s) => `test/e2e/${s}.spec.ts`)]) && ok;
  if (firefox.length) {
    ok = run('test build (Firefox)', 'npx', ['wxt', 'build', '-b', 'firefox'], { VOXLATE_TEST_BUILD: '1' }) && ok;
    for (const suite of firefox) ok = run(`Firefox suite ${suite}`, 'npx', ['tsx', `test/firefox/${suite}.ts`]) && ok;
  }
}
process.exit(ok ? 0 : 1);
