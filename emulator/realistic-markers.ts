/**
 * What the realistic translator does to a token it does not read as a word (a "marker":
 * `[[1]]`, `{0}`, `<x1/>`, `__T1__`, `⟦1⟧`, `%1$s`, tags, entities, `T1`): it keeps it, moves it,
 * mangles it or drops it, at fixed rates drawn from a hash of the sentence, so a given text
 * always gets the same treatment.
 */

/** What happens to one marker. */
export type MarkerFate = 'keep' | 'move' | 'mangle' | 'drop';

/** Out of 20: 7 kept (35 %), 4 moved (20 %), 6 mangled (30 %), 3 dropped (15 %). */
export const MARKER_RATES: Readonly<Record<MarkerFate, number>> = { keep: 0.35, move: 0.2, mangle: 0.3, drop: 0.15 };

/** The fate for a hash value (uniform over 32 bits). */
export function markerFate(hash: number): MarkerFate {
  const slot = hash % 20;
  if (slot < 7) return 'keep';
  if (slot < 11) return 'move';
  if (slot < 17) return 'mangle';
  return 'drop';
}

// Each marker character's stand-in when brackets get "changed": round brackets, guillemets and
// full-width forms, as real engines write them.
const SWAPPED: Readonly<Record<string, string>> = {
  '[': '(', ']': ')', '{': '(', '}': ')', '⟦': '[', '⟧': ']', '<': '‹', '>': '›',
  '*': '•', '#': '＃', '|': '/', '@': '＠', '=': '＝', '+': '＋', '^': 'ˆ', '~': '〜',
  '`': "'", '\\': '/', $: '＄', '%': '％', _: '-',
};

/** Doubled brackets lose a pair: `[[1]]` → `[1]`, `{{x}}` → `{x}`. Else every marker character is swapped. */
function changeBrackets(marker: string): string {
  const doubled = /^(\[\[|\{\{)(.*)(\]\]|\}\})$/su.exec(marker);
  if (doubled) return `${doubled[1]?.[0]}${doubled[2]}${doubled[3]?.[0]}`;
  return [...marker].map((c) => SWAPPED[c] ?? c).join('');
}

/** Every digit one up (9 → 0): `[[1]]` → `[[2]]`, the "1001 became 1002" failure. */
function changeDigits(marker: string): string {
  return marker.replace(/[0-9]/g, (d) => String((Number(d) + 1) % 10));
}

/** One space inserted after the opening punctuation (`{ 0}`, `< x1/>`, `__ T1__`), else before the first digit (`T 1`). */
function insertSpace(marker: string): string {
  const open = /^[^\p{L}\p{N}]+/u.exec(marker)?.[0].length ?? 0;
  if (open > 0 && open < marker.length) return `${marker.slice(0, open)} ${marker.slice(open)}`;
  const digit = marker.search(/\p{N}/u);
  return digit > 0 ? `${marker.slice(0, digit)} ${marker.slice(digit)}` : marker;
}

/** Letter case flipped: `__T1__` → `__t1__`, `<b>` → `<B>`, `%1$s` → `%1$S`. */
function flipCase(marker: string): string {
  return [...marker].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
}

/** The four ways a marker gets mangled, tried from the hash's pick on until one changes it. */
export const MANGLINGS = [changeBrackets, changeDigits, insertSpace, flipCase] as const;

/** A mangled form of `marker`, always different from it (the pick is `hash % 4`). */
export function mangle(marker: string, hash: number): string {
  for (let i = 0; i < MANGLINGS.length; i++) {
    const out = MANGLINGS[(hash + i) % MANGLINGS.length]!(marker);
    if (out !== marker) return out;
  }
  return `${marker}${marker.slice(-1)}`; // not reached: every marker has a bracket, a digit or a letter
}
