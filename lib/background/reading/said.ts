import { sayGrowthBound, sayTerms, type GlossaryEntry } from '../../glossary';
import { getSettings } from '../../settings/items';
import type { Settings } from '../../settings/schema';
import { audioCacheKey } from '../../speech/cache';
import type { SpeechParams } from '../../player/contract';
import { DEFAULT_MAX_CHARS } from '../../speech/segment';
import type { SpeechFit } from '../../speech/chunk';
import { siteOfTab } from '../tab-site';
import { heardGrowth, type HeardIn } from './modes';
import { sessionItem } from './session';

/**
 * The site each reading reads (for the user's one-site pronunciations), noted when it starts and
 * before any of its requests; found again from the stored reading after the worker restarted.
 */
const sites = new Map<string, Promise<string | null>>();
const MAX_KEPT = 50;

/**
 * Notes the tab a reading (or a download) reads from; call before its first request. Its site is
 * the page's as translations take it (the PDF reader's: its document's host).
 */
export function readingAt(sessionId: string, tabId: number | null): void {
  if (sites.size >= MAX_KEPT && !sites.has(sessionId)) sites.delete(sites.keys().next().value!);
  sites.set(sessionId, siteOfTab(tabId));
}

async function siteOf(sessionId: string): Promise<string | null> {
  const known = sites.get(sessionId);
  if (known) return known;
  const session = await sessionItem.getValue();
  readingAt(sessionId, session?.plan.sessionId === sessionId ? session.tabId : null);
  return sites.get(sessionId)!;
}

/** An entry that changes what is said (the glossary's "say as": today's pronunciation pairs and more). */
const says = (entry: GlossaryEntry) => entry.say !== null;

/**
 * What is sent to the speech service for a chunk's text: the glossary's "say as" rules applied
 * (those for its language, and for the reading's site). The text shown and highlighted stays as
 * written; audio is cached by what was said, so a change to the list leaves other audio as it was.
 */
export async function textAsSaid(sessionId: string, text: string, language: string): Promise<string> {
  return sayAs((await getSettings()).glossary, text, language, () => siteOf(sessionId));
}

/**
 * `text` as the speech service is to say it: the glossary's "say as" for `language` and the site
 * (`site`, asked only when an entry says something), every surface's (readings, captions).
 */
export async function sayAs(glossary: readonly GlossaryEntry[], text: string, language: string, site: () => Promise<string | null>): Promise<string> {
  if (!glossary.some(says)) return text;
  return sayTerms(text, glossary, { language, site: await site() });
}

/**
 * How a reading is heard in another language, with how many times longer the glossary's "say as"
 * (those for the language it is heard in, and the reading's site) can make its translations when
 * spoken: its figure and its requests' fit allow for that (a long "say as" would pass both).
 */
export async function heardAsSaid(sessionId: string, heardIn: Omit<HeardIn, 'said'>, language: string, { glossary }: Pick<Settings, 'glossary'>): Promise<HeardIn> {
  if (!glossary.some(says)) return heardIn;
  return { ...heardIn, said: sayGrowthBound(glossary, { language, site: await siteOf(sessionId) }) };
}

/**
 * The longest chunk of a reading heard in another language, in written characters. Its translation
 * is paid with its speech, one chunk ahead of the one heard: a Stop leaves at most about this much
 * translated and not heard, while a chunk still lasts long enough (a minute or more at 2×) for the
 * next to be translated and spoken before it ends.
 */
const HEARD_TRANSLATED_MAX_CHARS = 1500;

/**
 * How a reading's (or a download's) requests fit the service's limit as they are sent, so that none
 * is refused after what it needed was paid for: counted with the user's pronunciations applied
 * (exactly); heard in another language, the written text at most 1/growth of the limit, the growth
 * its translation may come back with (the translation is paid before its speech is asked for) times
 * what "say as" may add to it (heardAsSaid), and never more than HEARD_TRANSLATED_MAX_CHARS.
 */
export async function speechFitOf(sessionId: string, language: string, { glossary }: Pick<Settings, 'glossary'>, heardIn?: HeardIn): Promise<SpeechFit> {
  if (heardIn) {
    return { maxChars: Math.max(1, Math.min(HEARD_TRANSLATED_MAX_CHARS, Math.floor(DEFAULT_MAX_CHARS / heardGrowth(heardIn)))) };
  }
  if (!glossary.some(says)) return {};
  const where = { language, site: await siteOf(sessionId) };
  return { measure: (sentence) => sayTerms(sentence, glossary, where).length };
}

/** The cache key of a chunk's audio as the reading asks for it (its text as said). */
export async function saidAudioKey(sessionId: string, text: string, params: SpeechParams, service: string): Promise<string> {
  return audioCacheKey({ service, text: await textAsSaid(sessionId, text, params.language), ...params });
}
