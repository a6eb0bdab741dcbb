import type { GlossaryEntry } from './entry';

/** An entry for tests: kept as written, said as written, everywhere, `auto` case; `change` overrides. */
export function entry(term: string, change: Partial<GlossaryEntry> = {}): GlossaryEntry {
  return { term, translate: { mode: 'keep' }, say: null, language: null, site: null, case: 'auto', ...change };
}
