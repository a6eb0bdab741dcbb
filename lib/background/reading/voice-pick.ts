import type { Voice } from '../../api/schemas';
import { baseCode } from '../../language';

/**
 * Chooses the voice for a text: the user's default when it speaks the text's language, else any
 * voice of that language (female first, as the service's own default tends to be), else the
 * user's default, else the first voice. Null only when there are no voices at all.
 */
export function pickVoice(voices: readonly Voice[], language: string, preferredId: string | null): Voice | null {
  const preferred = voices.find((v) => v.id === preferredId);
  if (preferred && sameLanguage(preferred.language, language)) return preferred;
  const ofLanguage = voices.filter((v) => sameLanguage(v.language, language));
  return ofLanguage.find((v) => v.gender === 'female') ?? ofLanguage[0] ?? preferred ?? voices[0] ?? null;
}

function sameLanguage(a: string, b: string): boolean {
  return baseCode(a) === baseCode(b);
}
