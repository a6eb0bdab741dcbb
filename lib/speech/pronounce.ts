import { baseCode } from '../language';

/** "Write → say": how the user wants a word said, everywhere or in one language or on one site. */
export interface Pronunciation {
  /** The word (or words) as written on pages. */
  write: string;
  /** What is sent to the speech service instead. */
  say: string;
  /** Only in text of this language (a code like "en"); null: in any. */
  language: string | null;
  /** Only on this site (a host like "example.com", its subdomains too); null: on every site. */
  site: string | null;
}

/** Where a text is read: its language and the host of its page (null: typed in the popup, a download). */
export interface SaidWhere {
  language: string;
  site: string | null;
}

const LETTER = '[\\p{L}\\p{N}\\p{M}]';
/** Scripts written without spaces: a word there is not told from its neighbours by a boundary. */
const UNSPACED = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\u0e00-\u0e7f]/u;

/** Whether `host` is `site` or one of its subdomains. */
function onSite(host: string | null, site: string): boolean {
  if (!host) return false;
  const h = host.toLowerCase();
  const s = site.toLowerCase().replace(/^www\./u, '');
  return h === s || h.endsWith(`.${s}`) || h === `www.${s}`;
}

/** The rules that apply where the text is read, longest written form first (so "New York" wins over "York"). */
export function rulesFor(rules: readonly Pronunciation[], where: SaidWhere): Pronunciation[] {
  return rules
    .filter((r) => r.write.trim() && (r.language === null || baseCode(r.language) === baseCode(where.language)) && (r.site === null || onSite(where.site, r.site)))
    .sort((a, b) => b.write.length - a.write.length);
}

/**
 * The text as it is to be said: each written form the user listed replaced by how to say it, as a
 * whole word (never inside another word, except in scripts written without spaces). A form in
 * lower case matches any case ("nginx" and "Nginx"); one with capitals matches as written.
 * One pass over the text: what a rule put in is not changed by another.
 */
export function applyPronunciations(text: string, rules: readonly Pronunciation[], where: SaidWhere): string {
  const apply = rulesFor(rules, where);
  if (apply.length === 0) return text;
  const escaped = (s: string) => s.trim().replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
  const pattern = apply.map((r) => (UNSPACED.test(r.write) ? `(${escaped(r.write)})` : `(?<!${LETTER})(${escaped(r.write)})(?!${LETTER})`)).join('|');
  const exact = new Map(apply.map((r) => [r.write.trim(), r.say]));
  const anyCase = new Map(apply.filter((r) => r.write === r.write.toLowerCase()).map((r) => [r.write.trim().toLowerCase(), r.say]));
  return text.replace(new RegExp(pattern, 'giu'), (found: string) => exact.get(found) ?? anyCase.get(found.toLowerCase()) ?? found);
}
