/**
 * Buttons in our pages draw their symbols as SVG (components/icons.tsx): media and arrow symbol
 * characters render as empty boxes where the user's fonts lack them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
// Arrows beyond the four basic ones (← ↑ → ↓, in every UI font), technical and media symbols,
// geometric shapes, dingbats: often missing from UI fonts.
const FRAGILE = /[\u2194-\u21ff\u2300-\u23ff\u25a0-\u25ff\u2700-\u27bf]/u;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx$/.test(entry.name) && !entry.name.includes('.test') ? [full] : [];
  });
}

describe('UI glyphs', () => {
  it('no React component writes a fragile symbol character as text', () => {
    const found = [...sources(path.join(ROOT, 'components')), ...sources(path.join(ROOT, 'entrypoints'))].flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${path.relative(ROOT, file)}:${i + 1}` }))
        // Comments may name the characters they replace.
        .filter(({ line }) => FRAGILE.test(line.replace(/\/\/.*$|\/\*.*?\*\/|^\s*\*.*$/g, '')))
        .map(({ at }) => at),
    );
    expect(found).toEqual([]);
  });
});
