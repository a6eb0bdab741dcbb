import { describe, expect, it } from 'vitest';
import { glossaryFromCsv, glossaryToCsv } from './csv-entries';
import type { GlossaryEntry } from './entry';
import { entry } from './entry.test-helpers';

const ENTRIES: GlossaryEntry[] = [
  entry('Go'),
  entry('nginx', { case: 'any', say: 'engine x' }),
  entry('cat', { translate: { mode: 'fixed', text: null, byTarget: { de: 'Katze', ja: '猫' } } }),
  entry('Firefox ESR', { translate: { mode: 'fixed', text: 'Firefox ESR "extended"', byTarget: { de: 'Firefox, ESR' } }, site: 'mozilla.org' }),
  entry('Smith', { translate: { mode: 'free' }, say: 'Smythe', language: 'en' }),
  entry('東京', { say: 'とうきょう\nTokyo', case: 'exact' }),
];

describe('glossary CSV', () => {
  it('writes a cell a spreadsheet would run as a formula after a quote, and reads it back as it was', () => {
    const risky = [entry('=HYPERLINK("https://evil.example","x")'), entry('-ing', { say: '+ing' }), entry('@home', { translate: { mode: 'fixed', text: '=1+1', byTarget: {} } })];
    const csv = glossaryToCsv(risky);
    for (const line of csv.replace('\uFEFF', '').split('\r\n').slice(1)) expect(line).not.toMatch(/(^|,)"?[=+\-@]/u);
    expect(glossaryFromCsv(csv)).toEqual({ entries: risky, problems: [] });
  });

  it('writes a header and one row per entry, a column per target language', () => {
    const lines = glossaryToCsv(ENTRIES).replace(/^\uFEFF/u, '').split('\r\n');
    expect(lines[0]).toBe('term,translate,translation,translation:de,translation:ja,say,language,site,case');
    expect(lines[3]).toBe('cat,fixed,,Katze,猫,,,,auto');
    expect(lines[4]).toBe('Firefox ESR,fixed,"Firefox ESR ""extended""","Firefox, ESR",,,,mozilla.org,auto');
  });

  it('round-trips every entry', () => {
    expect(glossaryFromCsv(glossaryToCsv(ENTRIES))).toEqual({ entries: ENTRIES, problems: [] });
  });

  it('reads columns in any order, missing ones empty, and infers the rule from what is given', () => {
    const csv = 'Say,Term,Translation:fr\nSmythe,Smith,\n,chat,CHAT\n,Voxlate,\n';
    const read = glossaryFromCsv(csv);
    expect(read.entries).toEqual([
      entry('Smith', { translate: { mode: 'free' }, say: 'Smythe' }),
      entry('chat', { translate: { mode: 'fixed', text: null, byTarget: { fr: 'CHAT' } } }),
    ]);
    expect(read.problems).toEqual([{ line: 4, kind: 'nothingToDo' }]);
  });

  it('reports each bad row by line and kind, keeping the good ones', () => {
    const csv = [
      'term,translate,translation,say,language,site,case',
      'Go,keep,,,,,',
      ',keep,,,,,',
      'Rust,maybe,,,,,',
      'Zig,keep,Zick,,,,',
      'Deno,keep,,,English,,',
      'Bun,keep,,,,,upper',
      'Go,keep,,,,,',
      'Nim,keep,,,,,,extra',
      `${'x'.repeat(101)},keep,,,,,`,
      '"Elm,keep,,,,,',
    ];
    expect(glossaryFromCsv(csv.slice(0, -1).join('\n'))).toEqual({
      entries: [entry('Go')],
      problems: [
        { line: 3, kind: 'missingTerm', column: 'term' },
        { line: 4, kind: 'badValue', column: 'translate' },
        { line: 5, kind: 'badValue', column: 'translate' },
        { line: 6, kind: 'badValue', column: 'language' },
        { line: 7, kind: 'badValue', column: 'case' },
        { line: 8, kind: 'duplicateTerm', column: 'term' },
        { line: 9, kind: 'tooManyCells' },
        { line: 10, kind: 'badValue', column: 'term' },
      ],
    });
    expect(glossaryFromCsv(csv.join('\n'))).toEqual({ entries: [], problems: [{ line: 11, kind: 'unclosedQuote' }] });
  });

  it('reports a file with no term column, and unknown or repeated columns', () => {
    expect(glossaryFromCsv('')).toEqual({ entries: [], problems: [{ line: 1, kind: 'noHeader' }] });
    expect(glossaryFromCsv('word,say\nGo,go\n').problems).toEqual([
      { line: 1, kind: 'unknownColumn', column: 'word' },
      { line: 1, kind: 'noHeader' },
    ]);
    expect(glossaryFromCsv('term,say,say,translation:German\nGo,go,x,y\n').problems).toEqual([
      { line: 1, kind: 'duplicateColumn', column: 'say' },
      { line: 1, kind: 'unknownColumn', column: 'translation:German' },
    ]);
  });
});
