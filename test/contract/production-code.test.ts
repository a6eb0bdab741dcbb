/**
 * What the extension ships is production code only: no file the entrypoints reach is a test, a
 * test helper (`*.test-helpers.ts`) or test/ code. The built bundles are checked separately for
 * the test build's hooks (scripts/check-production.ts).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SPECIFIER = /(?:^|[\s;])(?:import|export)\b[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/') ? path.join(ROOT, specifier.slice(2)) : specifier.startsWith('.') ? path.resolve(path.dirname(from), specifier) : null;
  if (!base) return null; // a package or a WXT virtual module
  for (const ext of EXTENSIONS) {
    const file = base + ext;
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

function entrypoints(dir = path.join(ROOT, 'entrypoints')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entrypoints(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\./.test(entry.name) ? [full] : [];
  });
}

/** Every source file the extension's entrypoints import, directly or not. */
function shippedFiles(): Set<string> {
  const seen = new Set<string>();
  const queue = entrypoints();
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file) || !/\.tsx?$/.test(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(SPECIFIER)) {
      const target = resolve(file, (m[1] ?? m[2] ?? m[3])!);
      if (target) queue.push(target);
    }
  }
  return seen;
}

describe('production code', () => {
  const shipped = [...shippedFiles()].map((f) => path.relative(ROOT, f));

  it('reaches the extension through its entrypoints (the walk finds the code)', () => {
    expect(shipped).toEqual(expect.arrayContaining(['entrypoints/background/index.ts', 'lib/background/reading/start.ts', 'lib/api/client.ts']));
  });

  it('contains no test, test helper or test/ file', () => {
    expect(shipped.filter((f) => /\.test(-helpers)?\.tsx?$|\.test-helpers\.tsx?$|^test\//.test(f))).toEqual([]);
  });

  it('has no test helper left outside the *.test-helpers.ts naming', () => {
    // A file that imports vitest is test code; it must say so in its name, or it could ship.
    const offenders = shipped.filter((f) => /from ['"]vitest['"]/.test(readFileSync(path.join(ROOT, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
