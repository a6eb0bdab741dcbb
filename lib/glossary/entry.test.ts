import { describe, expect, it } from 'vitest';
import { glossaryEntrySchema, matchesCaseExactly, renderingFor } from './entry';
import { entry } from './entry.test-helpers';

describe('glossary entry', () => {
  it('accepts keep, fixed (any target and per target) and say-only entries', () => {
    expect(glossaryEntrySchema.safeParse(entry('Voxlate')).success).toBe(true);
    expect(glossaryEntrySchema.safeParse(entry('cat', { translate: { mode: 'fixed', text: null, byTarget: { de: 'Katze' } } })).success).toBe(true);
    expect(glossaryEntrySchema.safeParse(entry('Smith', { translate: { mode: 'free' }, say: 'Smythe' })).success).toBe(true);
  });

  it('refuses an entry that does nothing, a fixed rule with no translation, an empty or padded term, a bad language', () => {
    expect(glossaryEntrySchema.safeParse(entry('Smith', { translate: { mode: 'free' } })).success).toBe(false);
    expect(glossaryEntrySchema.safeParse(entry('cat', { translate: { mode: 'fixed', text: null, byTarget: {} } })).success).toBe(false);
    expect(glossaryEntrySchema.safeParse(entry('')).success).toBe(false);
    expect(glossaryEntrySchema.safeParse(entry(' Go ')).success).toBe(false);
    expect(glossaryEntrySchema.safeParse(entry('Go', { language: 'English' })).success).toBe(false);
    expect(glossaryEntrySchema.safeParse(entry('cat', { translate: { mode: 'fixed', text: null, byTarget: { German: 'Katze' } } })).success).toBe(false);
  });

  it('matches a term with a capital as written and a lower-case one in any case, unless told', () => {
    expect(matchesCaseExactly(entry('Go'))).toBe(true);
    expect(matchesCaseExactly(entry('GitHub'))).toBe(true);
    expect(matchesCaseExactly(entry('iPhone'))).toBe(true);
    expect(matchesCaseExactly(entry('nginx'))).toBe(false);
    expect(matchesCaseExactly(entry('nginx', { case: 'exact' }))).toBe(true);
    expect(matchesCaseExactly(entry('Go', { case: 'any' }))).toBe(false);
  });

  it('renders a kept term as found, a fixed one per target first, and leaves a free one or an unlisted target to the translator', () => {
    expect(renderingFor(entry('nginx', { case: 'any' }), 'Nginx', 'de')).toBe('Nginx');
    const cat = entry('cat', { translate: { mode: 'fixed', text: 'CAT', byTarget: { de: 'Katze' } } });
    expect(renderingFor(cat, 'cat', 'de-AT')).toBe('Katze');
    expect(renderingFor(cat, 'cat', 'fr')).toBe('CAT');
    expect(renderingFor(entry('cat', { translate: { mode: 'fixed', text: null, byTarget: { de: 'Katze' } } }), 'cat', 'fr')).toBeNull();
    expect(renderingFor(entry('Smith', { translate: { mode: 'free' }, say: 'Smythe' }), 'Smith', 'de')).toBeNull();
  });
});
