/**
 * The shape of lib/: no import cycle between files, and no import running back up the layers
 * (the worker on top; the shared contracts and tools below it). A new import that breaks either
 * fails here, before it sets a newcomer wondering which way things depend.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LIB = path.resolve(import.meta.dirname, '../../lib');

/**
 * Top to bottom: a part may import only parts listed after it. Parts on one line don't import
 * each other. The top-level files (i18n.ts, language.ts, serial.ts, settle.ts, schema-fields.ts, zod-setup.ts, text-marks.ts)
 * sit at the bottom.
 */
const LAYERS: string[][] = [
  ['background'],
  // The popup's first paint before React: its kept first screen and the script that paints it.
  ['popup'],
  // The PDF reader page runs the page agent (content) over its own document.
  ['reader'],
  ['content'],
  // The page side of whole-page translation: its panel borrows the bubble's focus trap and picker.
  ['page-translate'],
  ['bubble'],
  // The protocol names every party's messages, so it sits above the player's contract.
  ['messaging'],
  ['captions'],
  ['player', 'translate'],
  ['speech', 'page'],
  ['storage', 'settings'],
  // Pure rules every surface and the stored settings read: terms, matching, protection, CSV.
  ['glossary'],
  ['api'],
  ['audio'],
  ['i18n'],
  ['language', 'serial', 'settle', 'schema-fields', 'zod-setup', 'text-marks'],
];
const rank = new Map(LAYERS.flatMap((parts, i) => parts.map((part) => [part, i] as const)));

function sources(dir = LIB): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test(-helpers)?\.tsx?$|\.test-helpers\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The files `file` imports; `runtime`: only those it runs (an `import type` is erased when built). */
function importsOf(file: string, runtime = false): string[] {
  const found: string[] = [];
  for (const m of readFileSync(file, 'utf8').matchAll(/(import type [^;]*?|)from '(\.[^']+)'/g)) {
    if (runtime && m[1]) continue;
    const base = path.resolve(path.dirname(file), m[2]!);
    const target = ['.ts', '.tsx'].map((ext) => base + ext).find((f) => existsSync(f));
    if (target) found.push(target);
  }
  return found;
}

const partOf = (file: string) => path.relative(LIB, file).split(path.sep)[0]!.replace(/\.tsx?$/, '');
const graph = new Map(sources().map((file) => [file, importsOf(file)]));
/** What runs: a cycle through a type-only import runs nothing in a circle. */
const runtimeGraph = new Map(sources().map((file) => [file, importsOf(file, true)]));

describe('lib layers', () => {
  it('knows every part of lib/', () => {
    expect([...new Set([...graph.keys()].map(partOf))].filter((part) => !rank.has(part))).toEqual([]);
  });

  it('has no import running back up the layers', () => {
    const upward = [...graph].flatMap(([file, deps]) =>
      deps.filter((dep) => partOf(dep) !== partOf(file) && rank.get(partOf(dep))! <= rank.get(partOf(file))!).map((dep) => `${path.relative(LIB, file)} → ${path.relative(LIB, dep)}`),
    );
    expect(upward).toEqual([]);
  });

  it('has no import cycle between files', () => {
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (file: string, stack: string[]) => {
      state.set(file, 'open');
      for (const dep of runtimeGraph.get(file) ?? []) {
        if (state.get(dep) === 'open') cycles.push([...stack.slice(stack.indexOf(dep)), dep].map((f) => path.relative(LIB, f)).join(' → '));
        else if (!state.has(dep)) visit(dep, [...stack, dep]);
      }
      state.set(file, 'done');
    };
    for (const file of runtimeGraph.keys()) if (!state.has(file)) visit(file, [file]);
    expect(cycles).toEqual([]);
  });
});
