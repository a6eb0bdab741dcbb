import * as z from 'zod/mini';
import { entriesFromPronunciations, glossaryEntrySchema, type GlossaryEntry } from '../glossary';
import { LISTEN_MODES } from './listen-mode';
import { PLAYER_CORNERS } from './player-corner';

/**
 * Everything the user sets except the API key (which is its own storage item, read only by the
 * background). Every field has a default so a damaged or partial value still yields usable settings.
 */

/**
 * How many glossary entries are kept. The "write → say" pairs are its entries too, so their view
 * (`pronunciations`) holds as many: a smaller cap there would cut the glossary's pairs on the next write.
 */
export const MAX_GLOSSARY = 1000;

/** The longest text the user wrote that `writeReplaceAtOnce` puts in place at once: a message or a reply, not a letter. */
export const WRITE_AT_ONCE_CHARS = 500;

export const pronunciationSchema = z.object({
  write: z.string().check(z.minLength(1), z.maxLength(100)),
  say: z.string().check(z.minLength(1), z.maxLength(200)),
  language: z.catch(z.nullable(z.string().check(z.regex(/^[a-z]{2,3}$/))), null),
  site: z.catch(z.nullable(z.string().check(z.minLength(1), z.maxLength(253))), null),
});

export const settingsSchema = z.object({
  /** Base address of the service; empty until the user sets it up. */
  serviceUrl: z.catch(z.string(), ''),
  /**
   * The service's dashboard, where credits are topped up and keys managed ("Top up" opens it);
   * empty: the service's own address (its origin).
   */
  dashboardUrl: z.catch(z.string(), ''),
  voices: z.catch(
    z.object({
      /** Default voice id for any language; null lets the extension pick one for the text's language. */
      default: z.catch(z.nullable(z.string()), null),
      /** The user's voice per language code (e.g. { fr: 'fr-amelie' }); wins over `default`. */
      byLanguage: z.catch(z.record(z.string(), z.string()), {}),
    }),
    { default: null, byLanguage: {} },
  ),
  speed: z.catch(z.number().check(z.gte(0.5), z.lte(2)), 1),
  format: z.catch(z.enum(['mp3', 'wav']), 'mp3'),
  /** Highlight the sentence being read on the page. */
  highlight: z.catch(z.boolean(), true),
  /** And within it, the word being spoken (its timing found from the audio, on the device). */
  highlightWords: z.catch(z.boolean(), true),
  /** Translation target as a language code; null follows the browser's language. */
  targetLanguage: z.catch(z.nullable(z.string()), null),
  /**
   * The language what the user writes in a field is translated into, where they chose none for
   * the site (lib/background/write-to.ts); null: the page's language when it is another than theirs.
   */
  writeTo: z.catch(z.nullable(z.string().check(z.regex(/^[a-z]{2,3}$/))), null),
  /**
   * What the user wrote is also translated back into their own language beside its translation,
   * so they can check it says what they meant (counted in the figure; costs about as much again).
   */
  writeBack: z.catch(z.boolean(), true),
  /**
   * Three spaces typed at the end of what the user wrote translate it, as the shortcut does (off by
   * default: it needs a small script on every site, and access to every site, asked for when turned on).
   */
  writeTrigger: z.catch(z.boolean(), false),
  /**
   * A short text the user wrote (WRITE_AT_ONCE_CHARS at most) whose translation needs no question
   * goes in its place at once, without a click on Replace; Ctrl+Z still brings it back.
   */
  writeReplaceAtOnce: z.catch(z.boolean(), false),
  /**
   * One action (a translation, a download, a reading) expected to cost more credits than this is
   * sent only after the user confirms it where they are looking. 0 asks before every paid action.
   */
  confirmAboveCredits: z.catch(z.number().check(z.int(), z.gte(0)), 200),
  /** The small player shown on a page while it is read aloud: whether, and in which corner. */
  pagePlayer: z.catch(
    z.object({
      show: z.catch(z.boolean(), true),
      corner: z.catch(z.enum(PLAYER_CORNERS), 'bottom-right'),
    }),
    { show: true, corner: 'bottom-right' },
  ),
  /**
   * Show the cost of translating a page and wait for "Translate" even when it is below
   * confirmAboveCredits (above it the question is always asked).
   */
  confirmPageTranslation: z.catch(z.boolean(), true),
  /** The corner where the page translation's control sits (where the user last moved it). */
  pageTranslateCorner: z.catch(z.enum(PLAYER_CORNERS), 'bottom-right'),
  /**
   * Show every PDF a tab opens in the Voxlate reader (off: only when the user invokes Voxlate on
   * it). Needs access to all sites, asked for when the user turns it on.
   */
  openPdfsInReader: z.catch(z.boolean(), false),
  /** What readings leave out before paying (lib/speech/clean.ts): each rule can be turned off. */
  cleanup: z.catch(
    z.object({
      citations: z.catch(z.boolean(), true),
      code: z.catch(z.boolean(), true),
      tables: z.catch(z.boolean(), true),
      images: z.catch(z.boolean(), true),
    }),
    { citations: true, code: true, tables: true, images: true },
  ),
  /**
   * "Write → say" pairs: how the user wants words said (everywhere, in one language, or on one
   * site). Applied to what is sent to the speech service, never to what is shown or highlighted.
   * A damaged pair is dropped, the rest kept.
   */
  pronunciations: z.catch(
    z.pipe(
      z.array(z.unknown()),
      z.transform((items) => items.flatMap((item) => {
        const parsed = pronunciationSchema.safeParse(item);
        return parsed.success ? [parsed.data] : [];
      }).slice(0, MAX_GLOSSARY)),
    ),
    [],
  ),
  /**
   * The glossary (issue 40, lib/glossary): the one list of terms, how each is translated and said.
   * Today's pronunciation pairs are its entries that only say how to say a word; `pronunciations`
   * above is kept as their view, for the options' pronunciation editor and older writers (see
   * parseSettings). A damaged entry is dropped, the rest kept.
   */
  glossary: z.catch(
    z.pipe(
      z.array(z.unknown()),
      z.transform((items) => items.flatMap((item) => {
        const parsed = glossaryEntrySchema.safeParse(item);
        return parsed.success ? [parsed.data] : [];
      }).slice(0, MAX_GLOSSARY)),
    ),
    [],
  ),
  /**
   * "Read aloud in <language>": what is heard. The translation only; the original then its
   * translation (or the other way round), sentence by sentence; or the learner's way: each
   * sentence's translation, a pause, and (when `repeatSlower`) the same audio again, slower.
   */
  listen: z.catch(
    z.object({
      mode: z.catch(z.enum(LISTEN_MODES), 'translation'),
      pauseSec: z.catch(z.number().check(z.gte(0), z.lte(10)), 2),
      repeatSlower: z.catch(z.boolean(), true),
    }),
    { mode: 'translation', pauseSec: 2, repeatSlower: true },
  ),
});

export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({});

/** A glossary entry that is exactly one of today's pronunciation pairs: said another way, translated freely, matched as pairs match. */
export function isPronunciationEntry(entry: GlossaryEntry): entry is GlossaryEntry & { say: string } {
  return entry.translate.mode === 'free' && entry.case === 'auto' && entry.say !== null;
}

/** The pronunciation pairs of a glossary: its entries that are pairs, as pairs (entriesFromPronunciations undone). */
export function pronunciationsOf(glossary: readonly GlossaryEntry[]): Settings['pronunciations'] {
  return glossary.filter(isPronunciationEntry).map((e) => ({ write: e.term, say: e.say, language: e.language, site: e.site }));
}

/**
 * Parses stored settings, repairing any field that is missing or malformed with its default.
 *
 * The glossary is the stored list; `pronunciations` is its view of the pairs. Stored settings that
 * carry `pronunciations` (the options' pronunciation editor writes the whole list of pairs through
 * updateSettings; settings written before version 3, or by hand) say what the glossary's pairs
 * are: they replace the glossary's pair entries, its other entries kept. Written back together,
 * the two agree, so reading again changes nothing (nor the entries' order).
 */
export function parseSettings(raw: unknown): Settings {
  const stored = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const parsed = settingsSchema.parse(stored);
  const pairsChanged = Array.isArray(stored.pronunciations) && JSON.stringify(parsed.pronunciations) !== JSON.stringify(pronunciationsOf(parsed.glossary));
  const glossary = pairsChanged
    ? [...parsed.glossary.filter((e) => !isPronunciationEntry(e)), ...entriesFromPronunciations(parsed.pronunciations)].slice(0, MAX_GLOSSARY)
    : parsed.glossary;
  return { ...parsed, glossary, pronunciations: pronunciationsOf(glossary) };
}
