import { characters } from './batch';
import type { GlossaryEntry } from './entry';
import { entriesAt, type TextPlace } from './match';
import type { ProtectionPlan } from './protect';

/*
 * Bounds for a figure made before a text's translation exists, when that translation is to be
 * spoken (captions heard in another language): how long the translation can come back once the
 * glossary's terms are written into it, and how much longer "say as" can make it. In characters
 * (code points), as speech is priced.
 */

/** The fewest characters a term can be found as: its words apart by one character (any run of spaces matches). */
function shortestFound(term: string): number {
  return characters(term.replace(/\s+/gu, ' '));
}

/**
 * How many times longer `sayTerms` can make a text at `place`: each term it replaces is found in at
 * least `shortestFound` characters and becomes its "say as", so no text grows by more than the
 * largest such ratio (1: no entry there says a word longer than it is written).
 */
export function sayGrowthBound(entries: readonly GlossaryEntry[], place: TextPlace): number {
  return entriesAt(entries, place).reduce((most, e) => (e.say === null ? most : Math.max(most, characters(e.say) / Math.max(1, shortestFound(e.term)))), 1);
}

/**
 * The longest a protected text's translation can be put together from `plan`: each piece
 * translated at most `growth` times its length (translate/growth.ts), with the terms' renderings
 * and what is kept as it is (spaces, punctuation, paragraph breaks) written in as they are.
 */
export function protectedLengthBound(plan: ProtectionPlan, growth: number): number {
  return plan.parts.reduce(
    (sum, part) => sum + (part.kind === 'piece' ? Math.ceil(characters(plan.pieces[part.index]!) * growth) + characters(part.lead) + characters(part.trail) : characters(part.text)),
    0,
  );
}
