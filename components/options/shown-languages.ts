import { baseCode } from '@/lib/language';

/**
 * Splits the languages the service has voices for into those the options show a voice picker for
 * (the UI language, the languages met, and any that has a voice chosen already) and the others,
 * offered by "Add a language"; each list keeps the order it came in.
 */
export function splitShownLanguages<T extends [string, ...unknown[]]>(groups: readonly T[], wanted: Iterable<string>): { shown: T[]; others: T[] } {
  const codes = new Set([...wanted].map(baseCode));
  return { shown: groups.filter(([code]) => codes.has(code)), others: groups.filter(([code]) => !codes.has(code)) };
}
