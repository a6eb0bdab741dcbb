import { describe, expect, it } from 'vitest';
import { MAX_GLOSSARY, parseSettings } from './schema';

describe('the glossary and its pronunciation pairs hold as many entries', () => {
  it('a glossary of more pairs than any smaller cap keeps them all when its settings are written and read again', () => {
    const pairs = Array.from({ length: MAX_GLOSSARY }, (_, i) => ({ term: `word${i}`, translate: { mode: 'free' }, say: `said ${i}`, language: null, site: null, case: 'auto' }));
    const written = parseSettings({ glossary: pairs });
    expect(written.pronunciations).toHaveLength(MAX_GLOSSARY);
    // Stored with its view of the pairs, then read: the view must not cut the glossary.
    const read = parseSettings(JSON.parse(JSON.stringify(written)));
    expect(read.glossary).toHaveLength(MAX_GLOSSARY);
    expect(read.glossary.at(-1)).toMatchObject({ term: `word${MAX_GLOSSARY - 1}` });
  });
});
