import type { GlossaryEntry } from './entry';

/**
 * Today's pronunciation pairs become glossary entries that only say how to say a word. Nothing is
 * lost: the written form is the term, "say" stays as it is, and the language, the site and the case
 * rule (a form with a capital as written, one in lower case in any case: `auto`) mean what they
 * meant. The translation is left to the translator (`free`), as it was.
 */

/** One pair as stored today in `settings.pronunciations` (lib/settings/schema.ts). */
export interface PronunciationPair {
  write: string;
  say: string;
  language: string | null;
  site: string | null;
}

/** The glossary entries for today's pairs, in their order; a pair whose written form is only spaces (never applied) is left out. */
export function entriesFromPronunciations(pairs: readonly PronunciationPair[]): GlossaryEntry[] {
  return pairs.flatMap((pair) => {
    const term = pair.write.trim();
    if (!term) return [];
    return [{ term, translate: { mode: 'free' as const }, say: pair.say, language: pair.language, site: pair.site, case: 'auto' as const }];
  });
}
