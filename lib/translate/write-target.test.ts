import { describe, expect, it } from 'vitest';
import { writeTargetFor } from './write-target';

describe('writeTargetFor', () => {
  it('is the chosen language, else the page\'s when not the reader\'s, else English (Spanish for an English reader)', () => {
    expect(writeTargetFor('es', 'de', 'en')).toBe('de');
    expect(writeTargetFor('es-MX', null, 'en')).toBe('es');
    expect(writeTargetFor('en-GB', null, 'en')).toBe('es');
    expect(writeTargetFor(null, undefined, 'fr')).toBe('en');
    expect(writeTargetFor('xx', null, 'de')).toBe('en');
  });
});
