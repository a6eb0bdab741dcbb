import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREAS, changedAreas, SMOKE } from './test-areas';

const root = path.resolve(import.meta.dirname, '..');
const specsOnDisk = readdirSync(path.join(root, 'test/e2e'))
  .filter((f) => f.endsWith('.spec.ts'))
  .map((f) => f.replace('.spec.ts', ''));

describe('the areas npm run test:changed picks end-to-end tests by', () => {
  it('name only specs and suites that exist', () => {
    for (const area of AREAS) {
      for (const spec of area.specs) expect(existsSync(path.join(root, `test/e2e/${spec}.spec.ts`)), spec).toBe(true);
      for (const suite of area.firefox) expect(existsSync(path.join(root, `test/firefox/${suite}.ts`)), suite).toBe(true);
    }
  });

  it('leave no spec out: each is reached from some area', () => {
    const reached = new Set([...AREAS.flatMap((a) => a.specs), ...SMOKE]);
    expect(specsOnDisk.filter((s) => !reached.has(s))).toEqual([]);
  });

  it('run a changed spec itself, the specs of changed code, nothing for docs, and the smoke specs for code no area names', () => {
    expect(changedAreas(['test/e2e/listen.spec.ts', 'README.md', 'lib/player/player.test.ts'])).toEqual({ specs: ['listen'], firefox: [], unmapped: [] });
    const pdf = changedAreas(['lib/reader/reading-order.ts']);
    expect(pdf.specs).toEqual(['pdf-reader']);
    expect(pdf.firefox).toEqual(['pdf-reader']);
    expect(changedAreas(['lib/brand-new-thing.ts'])).toEqual({ specs: [...SMOKE].sort(), firefox: [], unmapped: ['lib/brand-new-thing.ts'] });
  });
});
