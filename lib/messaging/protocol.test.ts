import { describe, expect, it } from 'vitest';
import { pageMarks } from './protocol';

describe('the marks a page sends with its text (pageMarks)', () => {
  it('keeps well-formed marks inside the text, sorted by their start', () => {
    const marks = [
      { from: 20, to: 30, kind: 'lang', label: 'es' },
      { from: 0, to: 5, kind: 'cell', label: 'Boats' },
      { from: 6, to: 9, kind: 'code' },
    ];
    expect(pageMarks(marks, 40)).toEqual([marks[1], marks[2], marks[0]]);
  });

  it('drops marks that are empty or run past the text; none left is none', () => {
    expect(pageMarks([{ from: 5, to: 5, kind: 'code' }, { from: 30, to: 50, kind: 'lang', label: 'fr' }], 40)).toBeUndefined();
  });

  it('refuses the whole list when one mark is malformed: a language mark must name a base code, other kinds no such thing', () => {
    expect(pageMarks([{ from: 0, to: 5, kind: 'lang', label: 'es-ES' }], 40)).toBeUndefined();
    expect(pageMarks([{ from: 0, to: 5, kind: 'lang' }], 40)).toBeUndefined();
    expect(pageMarks([{ from: 0, to: 5, kind: 'lang', label: '<b>es</b>' }], 40)).toBeUndefined();
    expect(pageMarks([{ from: 0, to: 5, kind: 'voice', label: 'es' }], 40)).toBeUndefined();
    expect(pageMarks([{ from: -1, to: 5, kind: 'code' }], 40)).toBeUndefined();
    expect(pageMarks('marks', 40)).toBeUndefined();
  });
});
