import * as z from 'zod/mini';
import { baseCode } from '../language';
import { matching, text } from '../schema-fields';

/**
 * One glossary entry: a term as written on pages, how to translate it, how to say it, and where
 * it applies. Today's pronunciation pairs are entries that only say how to say a word
 * (pronunciation.ts converts them).
 */

/** Longest term, in UTF-16 units (as today's pronunciation "write"). */
export const MAX_TERM = 100;
/** Longest translation or spoken form (as today's pronunciation "say"). */
export const MAX_RENDERING = 200;

/** A language code as stored on entries ("en", "ja", "fil"). */
const code = matching(/^[a-z]{2,3}$/);

/**
 * How the term is translated:
 * - `free`: like any word (the entry only says how to say it);
 * - `keep`: left as written in the text ("Voxlate", "GitHub");
 * - `fixed`: always the same translation; `byTarget` per target language ("de": "Begriff"),
 *   `text` for every other target (null: translated freely into those).
 */
export const translateRuleSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('free') }),
  z.object({ mode: z.literal('keep') }),
  z.object({
    mode: z.literal('fixed'),
    text: z.nullable(text(1, MAX_RENDERING)),
    byTarget: z.record(code, text(1, MAX_RENDERING)),
  }).check(z.refine((rule) => rule.text !== null || Object.keys(rule.byTarget).length > 0)),
]);
export type TranslateRule = z.infer<typeof translateRuleSchema>;

/**
 * How the letter case of a text must agree with the term:
 * - `auto` (the default, today's pronunciation rule): a term with a capital anywhere ("Go",
 *   "GitHub", "API") matches only as written; a term all in lower case ("nginx") matches in any
 *   case ("nginx", "Nginx", "NGINX"). So the language "Go" is not the verb "go"; but a sentence
 *   starting with the verb ("Go home.") reads like the language: the user picks `exact` and a
 *   lower-case term, or accepts it.
 * - `exact`: only as written; `any`: in any case.
 * Matching is always by whole words (a term is never found inside a longer word), except in
 * scripts written without spaces (Japanese, Chinese, Thai), where there are no word boundaries.
 */
export const CASE_RULES = ['auto', 'exact', 'any'] as const;
export type CaseRule = (typeof CASE_RULES)[number];

export const glossaryEntrySchema = z.object({
  term: text(1, MAX_TERM).check(z.refine((term) => term.trim() === term)),
  translate: translateRuleSchema,
  /** What the speech service is sent instead of the term; null: said as written. */
  say: z.nullable(text(1, MAX_RENDERING)),
  /** Only in text of this language (the text the term is written in); null: in any. */
  language: z.nullable(code),
  /** Only on this site (a host, its subdomains too); null: on every site. */
  site: z.nullable(text(1, 253)),
  case: z.enum(CASE_RULES),
}).check(z.refine((entry) => entry.translate.mode !== 'free' || entry.say !== null));
export type GlossaryEntry = z.infer<typeof glossaryEntrySchema>;

/** Whether the term must match with its letter case as written. */
export function matchesCaseExactly(entry: Pick<GlossaryEntry, 'term' | 'case'>): boolean {
  if (entry.case === 'exact') return true;
  if (entry.case === 'any') return false;
  return entry.term !== entry.term.toLowerCase();
}

/**
 * What the translation shows for a term found as `found`, translating into `target`; null when the
 * entry leaves the term to the translator there.
 */
export function renderingFor(entry: GlossaryEntry, found: string, target: string): string | null {
  const rule = entry.translate;
  if (rule.mode === 'keep') return found;
  if (rule.mode === 'free') return null;
  return rule.byTarget[baseCode(target)] ?? rule.text;
}
