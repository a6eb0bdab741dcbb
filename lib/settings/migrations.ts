/**
 * Settings versions. Each migration turns version N-1's stored value into version N's and throws
 * when it cannot (WXT then keeps the old value and version, so nothing is lost or half-migrated).
 * Every version has a frozen example in ./fixtures and a test that migrates it to the latest.
 */
import { entriesFromPronunciations } from '../glossary';
import { pronunciationSchema } from './schema';

export const SETTINGS_VERSION = 3;

function asObject(value: unknown, version: number): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`settings v${version - 1} are not an object`);
  }
  return value as Record<string, unknown>;
}

export const settingsMigrations: Record<number, (old: unknown) => unknown> = {
  /** v2: one default voice became a default plus a voice per language. */
  2: (old) => {
    const { voiceId, ...rest } = asObject(old, 2);
    return { ...rest, voices: { default: typeof voiceId === 'string' ? voiceId : null, byLanguage: {} } };
  },
  /**
   * v3: the pronunciation pairs became the glossary's entries (issue 40), each saying how to say
   * its word, in their order, with their language and site (entriesFromPronunciations: nothing
   * lost). `pronunciations` stays beside it as the view of those pairs (see parseSettings).
   */
  3: (old) => {
    const settings = asObject(old, 3);
    // Settings that hold a glossary already are v3's written without their version mark (written
    // whole by another context): nothing to turn into a glossary, and the one there is kept.
    if (Array.isArray(settings.glossary) && settings.glossary.length > 0) return settings;
    const pairs = Array.isArray(settings.pronunciations) ? settings.pronunciations.flatMap((item) => {
      const parsed = pronunciationSchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    }) : [];
    return { ...settings, glossary: entriesFromPronunciations(pairs), pronunciations: pairs };
  },
};
