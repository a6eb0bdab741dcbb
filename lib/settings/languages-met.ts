import { storage } from '#imports';
import { baseCode } from '../language';
import { createSerial } from '../serial';

/** Most languages kept: far more than anyone reads; the oldest drops off. */
export const LANGUAGES_MET_LIMIT = 24;

/**
 * The languages (base codes) the user's readings were in, oldest first, on this device only: the
 * options show a voice picker for these rather than for every language the service speaks.
 * Written by the worker as a reading learns its language (never a private window's), and by the
 * options' "Add a language".
 */
export const languagesMetItem = storage.defineItem<string[]>('local:languagesMet', { fallback: [] });

/** One change at a time: two readings starting together must each add theirs. */
const serial = createSerial();

/** Adds `language` (any BCP 47 tag) to the languages met, once. */
export function noteLanguageMet(language: string): Promise<void> {
  const code = baseCode(language);
  return serial(async () => {
    const met = await languagesMetItem.getValue();
    if (!code || met.includes(code)) return;
    await languagesMetItem.setValue([...met, code].slice(-LANGUAGES_MET_LIMIT));
  });
}

/** How many languages are kept (the options' Stored data). */
export async function countLanguagesMet(): Promise<number> {
  return (await languagesMetItem.getValue()).length;
}

/** Forgets the languages met (the options' Stored data): the options then offer the voices of the browser's language. */
export function clearLanguagesMet(): Promise<void> {
  return serial(() => languagesMetItem.removeValue());
}
