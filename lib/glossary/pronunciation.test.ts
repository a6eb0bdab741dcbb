import { describe, expect, it } from 'vitest';
import { settingsSchema } from '../settings/schema';
import { applyPronunciations } from '../speech/pronounce';
import { glossaryEntrySchema } from './entry';
import { sayTerms } from './match';
import { entriesFromPronunciations, type PronunciationPair } from './pronunciation';
import stored from './fixtures/settings-pronunciations.json';

// Today's stored shape, frozen: settings as saved with pronunciation pairs (lib/settings/schema.ts).
const pairs: PronunciationPair[] = settingsSchema.parse(stored).pronunciations;

describe("today's pronunciation pairs as glossary entries", () => {
  it('reads the frozen fixture as today’s settings do, every pair kept', () => {
    expect(pairs).toHaveLength(stored.pronunciations.length);
  });

  it('turns each pair into a valid say-only entry, nothing lost', () => {
    const entries = entriesFromPronunciations(pairs);
    expect(entries.map((e) => glossaryEntrySchema.safeParse(e).success)).toEqual(pairs.map(() => true));
    expect(entries.map((e) => ({ write: e.term, say: e.say, language: e.language, site: e.site }))).toEqual(pairs.map((p) => ({ ...p, write: p.write.trim() })));
    expect(entries.every((e) => e.translate.mode === 'free' && e.case === 'auto')).toBe(true);
  });

  it('says every text as today’s rules said it', () => {
    const entries = entriesFromPronunciations(pairs);
    const texts: [string, { language: string; site: string | null }][] = [
      ['Mr Smith and Mrs smith use nginx, Nginx and NGINX.', { language: 'en', site: null }],
      ['SQL in New York, then York; sql is not SQL.', { language: 'en', site: null }],
      ['SQL en español con Jose.', { language: 'es', site: 'www.example.com' }],
      ['Jose elsewhere.', { language: 'es', site: 'other.org' }],
      ['GitHub and github on news.', { language: 'en', site: 'news.example' }],
      ['GitHub elsewhere.', { language: 'en', site: null }],
      ['東京都に行きます。', { language: 'ja', site: null }],
      ['I write C++ and C+.', { language: 'en', site: null }],
    ];
    for (const [text, where] of texts) expect(sayTerms(text, entries, where)).toBe(applyPronunciations(text, pairs, where));
  });

  it('leaves out a pair whose written form is only spaces (never applied today)', () => {
    expect(entriesFromPronunciations([{ write: '  ', say: 'x', language: null, site: null }])).toEqual([]);
  });
});
