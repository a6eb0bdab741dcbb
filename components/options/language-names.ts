import type { Voice } from '@/lib/api/schemas';
import { t } from '@/lib/i18n';
import { baseCode, languageNameIn } from '@/lib/language';

/** A language's name in the UI language ("Französisch" in German), from its code. */
export function languageName(code: string): string {
  return languageNameIn(code, document.documentElement.lang || 'en');
}

/** Voices grouped by base language code ('en-GB' and 'en' together), sorted by the shown name. */
export function voicesByLanguage(voices: readonly Voice[]): [string, Voice[]][] {
  const groups = new Map<string, Voice[]>();
  for (const voice of voices) {
    const code = baseCode(voice.language);
    groups.set(code, [...(groups.get(code) ?? []), voice]);
  }
  return [...groups].sort(([a], [b]) => languageName(a).localeCompare(languageName(b)));
}

/** "Amélie (female)", with the gender in the UI language when it is one we know. */
export function voiceLabel(voice: Voice): string {
  const key = voice.gender === 'female' ? 'optionsGenderFemale' : voice.gender === 'male' ? 'optionsGenderMale' : null;
  return `${voice.name} (${key ? t(key) : voice.gender})`;
}
