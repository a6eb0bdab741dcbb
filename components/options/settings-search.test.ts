import { describe, expect, it } from 'vitest';
import { foldForSearch, labelsMatch } from './settings-search';

describe('labelsMatch', () => {
  const labels = ['Service address', 'API key', 'Speed: 1.00×'];

  it('finds a label by part of it, whatever the case', () => {
    expect(labelsMatch(labels, 'api')).toBe(true);
    expect(labelsMatch(labels, '  SERVICE  ')).toBe(true);
  });

  it('needs every word in one label', () => {
    expect(labelsMatch(labels, 'service key')).toBe(false);
    expect(labelsMatch(labels, 'key api')).toBe(true);
  });

  it('ignores accents and finds nothing that is not there', () => {
    expect(labelsMatch(['Velocidad de lectura'], 'velocídad')).toBe(true);
    expect(labelsMatch(labels, 'pronunciation')).toBe(false);
  });

  it('matches everything with an empty query', () => {
    expect(labelsMatch([], ' ')).toBe(true);
  });

  it('folds Japanese width forms to one', () => {
    expect(foldForSearch('ＡＰＩ キー')).toBe('api キー');
  });
});
