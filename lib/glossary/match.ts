import { baseCode } from '../language';
import { matchesCaseExactly, renderingFor, type GlossaryEntry } from './entry';

/** Where a text is: its language (null: not known) and its page's host (null: not on a page). */
export interface TextPlace {
  language: string | null;
  site: string | null;
}

/** One term found in a text: [start, end) in UTF-16 units, as written there. */
export interface FoundTerm {
  start: number;
  end: number;
  found: string;
  entry: GlossaryEntry;
}

/** A term to protect in a translation, and what the translation shows in its place. */
export interface TermMatch extends FoundTerm {
  rendering: string;
}

const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
/** Scripts written without spaces: a word there is not told from its neighbours by a boundary. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/** Whether `host` is `site` or one of its subdomains (as today's pronunciation rules). */
function onSite(host: string | null, site: string): boolean {
  if (!host) return false;
  const h = host.toLowerCase();
  const s = site.toLowerCase().replace(/^www\./u, '');
  return h === s || h.endsWith(`.${s}`) || h === `www.${s}`;
}

/**
 * The entries that apply at `place`. An entry for one language applies only where the text's
 * language is known to be that one: a guess would apply it to text it was not meant for.
 */
export function entriesAt(entries: readonly GlossaryEntry[], place: TextPlace): GlossaryEntry[] {
  return entries.filter(
    (e) => (e.language === null || (place.language !== null && baseCode(e.language) === baseCode(place.language))) && (e.site === null || onSite(place.site, e.site)),
  );
}

/** Whether `a` and `b` may stand side by side as two words: one of them is not a letter, or either is written without spaces. */
function apart(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined) return true;
  if (!WORD_CHAR.test(a) || !WORD_CHAR.test(b)) return true;
  return UNSPACED.test(a) || UNSPACED.test(b);
}

const lastChar = (s: string): string | undefined => [...s.slice(-2)].pop();
const firstChar = (s: string): string | undefined => [...s.slice(0, 2)][0];

const patterns = new WeakMap<GlossaryEntry, RegExp>();
function patternOf(entry: GlossaryEntry): RegExp {
  let pattern = patterns.get(entry);
  if (!pattern) {
    // Words of a multiword term may be apart by any spaces of one line break, as pages wrap them ("Firefox\u00a0ESR").
    const escaped = entry.term.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&').replace(/\s+/gu, String.raw`(?:[^\S\n]*\n[^\S\n]*|[^\S\n]+)`);
    pattern = new RegExp(escaped, matchesCaseExactly(entry) ? 'gu' : 'giu');
    patterns.set(entry, pattern);
  }
  return pattern;
}

/** Every whole-word occurrence of each entry's term, overlapping ones included. */
function occurrences(text: string, entries: readonly GlossaryEntry[]): FoundTerm[] {
  const out: FoundTerm[] = [];
  for (const entry of entries) {
    for (const m of text.matchAll(patternOf(entry))) {
      const start = m.index;
      const end = start + m[0].length;
      if (!apart(lastChar(text.slice(0, start)), firstChar(m[0])) || !apart(lastChar(m[0]), firstChar(text.slice(end)))) continue;
      out.push({ start, end, found: m[0], entry });
    }
  }
  return out;
}

/** A narrower entry wins a tie over the same words: one for this site, then one for this language, then the earlier one. */
const narrowness = (e: GlossaryEntry) => (e.site !== null ? 2 : 0) + (e.language !== null ? 1 : 0);

/**
 * The terms of `entries` found in `text`, in text order, never overlapping: the longest first
 * ("New York City" wins over "York"), then the one further left, then the narrower entry.
 */
export function findTerms(text: string, entries: readonly GlossaryEntry[]): FoundTerm[] {
  const order = new Map(entries.map((e, i) => [e, i]));
  const candidates = occurrences(text, entries).sort(
    (a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start || narrowness(b.entry) - narrowness(a.entry) || order.get(a.entry)! - order.get(b.entry)!,
  );
  const taken: FoundTerm[] = [];
  for (const c of candidates) if (!taken.some((t) => c.start < t.end && t.start < c.end)) taken.push(c);
  return taken.sort((a, b) => a.start - b.start);
}

/**
 * The terms a translation of `text` into `target` must show as the glossary says, with what it
 * shows for each. Entries that leave the term to the translator (`free`, or `fixed` without a
 * translation for this target) take no part, so they never hide a longer term either.
 */
export function termsToProtect(text: string, entries: readonly GlossaryEntry[], place: TextPlace & { target: string }): TermMatch[] {
  const protecting = entriesAt(entries, place).filter((e) => renderingFor(e, e.term, place.target) !== null);
  return findTerms(text, protecting).map((t) => ({ ...t, rendering: renderingFor(t.entry, t.found, place.target)! }));
}

/**
 * The text as the speech service is to say it: each term with a "say" replaced by it (today's
 * pronunciation rule, now read from the glossary).
 */
export function sayTerms(text: string, entries: readonly GlossaryEntry[], place: TextPlace): string {
  const found = findTerms(text, entriesAt(entries, place).filter((e) => e.say !== null));
  let out = '';
  let at = 0;
  for (const t of found) {
    out += text.slice(at, t.start) + t.entry.say!;
    at = t.end;
  }
  return out + text.slice(at);
}
