import { describe, expect, it } from 'vitest';
import { splitShownLanguages } from './shown-languages';

describe('splitShownLanguages', () => {
  const groups: [string, number][] = [['de', 1], ['en', 2], ['fr', 3], ['ja', 4]];

  it('shows the languages wanted (by their base code), and offers the others', () => {
    const { shown, others } = splitShownLanguages(groups, ['en-GB', 'ja', 'ja']);
    expect(shown.map(([code]) => code)).toEqual(['en', 'ja']);
    expect(others.map(([code]) => code)).toEqual(['de', 'fr']);
  });

  it('shows nothing for a language the service has no voice for', () => {
    expect(splitShownLanguages(groups, ['ko']).shown).toEqual([]);
  });
});
