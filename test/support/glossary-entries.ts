/*
 * Glossary entries the glossary tests of both browsers use (no test runner imported: the Firefox
 * suites run on their own).
 */

/** Captions with the glossary: a term kept, and said as its "say as". */
export const RIVER = { term: 'river', translate: { mode: 'keep' }, say: 'rivver', language: null, site: null, case: 'auto' };

/** Captions with the glossary: a term translated as the entry says, on `site` only (the host the test's video page is served from). */
export function bridge(site: string) {
  return { term: 'old bridge', translate: { mode: 'fixed', text: null, byTarget: { es: 'Puente Viejo' } }, say: null, language: null, site, case: 'auto' };
}

/** What a protected term's marker (or a trace of one) would look like in a translation: never shown, never said. */
export const MARKER = /[⟦⟧§]|__|<\/?x|\{\d|\[\d/u;
