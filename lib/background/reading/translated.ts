import { getSettings } from '../../settings/items';
import { putCachedTranslation } from '../../translate/cache';
import { translationCost } from '../../translate/cost';
import { guardedCost } from '../glossary-translation';
import { blockCacheKey, cachedBlockTranslations, shapeBlocks } from '../page-glossary';
import { translateWithConsent } from '../translation';
import { isPrivateSession } from '../private-windows';
import { sessionItem } from './session';

/**
 * Readings heard in another language ("Read aloud in <language>" on a page): the reading keeps the
 * page's own text (its sentences are lit as they are heard) and each chunk is translated just
 * before its speech is asked for, so translation stays as far ahead as the audio fetched ahead and
 * a reading stopped early has not paid to translate the rest. A chunk's paragraphs (its text holds
 * a line break between two) are translated one by one, as the page translation translates them:
 * each is bought once, whichever of the two asks first. Reading id → how it is heard. In memory, and
 * in the reading's record for a worker that started again.
 */
interface HeardIn {
  /** '' : heard as written. */
  target: string;
  /** The language it is written in, when known (the page translation's translations are kept under it). */
  source: string | null;
  /** The tab it reads from (null: none): the glossary's entries kept for one site apply on that tab's site. */
  tabId: number | null;
}
const readings = new Map<string, HeardIn>();
const MAX_KEPT = 50;
/** Withdraws a reading's translations not sent yet once it ends (Stop, a closed tab): nothing queued is sent after. */
const withdrawals = new Map<string, AbortController>();

/** The reading is over: its translations not sent yet are withdrawn (sent ones finish into the cache). */
export function stopTranslations(sessionId: string): void {
  withdrawals.get(sessionId)?.abort();
  withdrawals.delete(sessionId);
}

/** What withdraws a reading's translations: aborted once it ends (Stop, a closed tab, a new reading). */
export function translationSignal(sessionId: string): AbortSignal {
  return (withdrawals.get(sessionId) ?? keep(withdrawals, sessionId, new AbortController())).signal;
}

/** Sets a reading's entry, forgetting the oldest reading's once there are MAX_KEPT. */
function keep<T>(map: Map<string, T>, sessionId: string, value: T): T {
  if (map.size >= MAX_KEPT && !map.has(sessionId)) map.delete(map.keys().next().value!);
  map.set(sessionId, value);
  return value;
}

/** Notes how a reading is heard (and the tab it reads from), before any of its requests is asked for. */
export function hearReadingIn(sessionId: string, target: string | undefined, source: string | null = null, tabId: number | null = null): void {
  keep(readings, sessionId, { target: target ?? '', source, tabId });
}

async function heardIn(sessionId: string): Promise<HeardIn> {
  const known = readings.get(sessionId);
  if (known) return known;
  // A worker started again: the reading's record says (a download or an ended reading: as written).
  const session = await sessionItem.getValue();
  const own = session?.plan.sessionId === sessionId;
  hearReadingIn(sessionId, own ? session.translateTo : undefined, own ? (session.translateFrom ?? null) : null, own ? session.tabId : null);
  return readings.get(sessionId)!;
}

/** The paragraphs of a chunk of a reading heard in another language, each translated on its own. */
export const paragraphsOf = (text: string): string[] => text.split('\n').map((p) => p.trim()).filter(Boolean);

/**
 * The text whose speech a reading's chunk asks for: the chunk itself, or its translation, paragraph
 * by paragraph: from the cache (this feature's, the bubble's or the page translation's), or paid
 * now (the reading's figure, agreed to as it started, covered it), the glossary's terms kept exact
 * (those for the reading's tab's site and its language too, as the page's translation keeps them).
 * Each paragraph is looked up, and kept, under the page translation's key for it (its language, and
 * the terms that matched): never paid twice for the same text with the same entries.
 */
export async function textToSpeak(sessionId: string, text: string): Promise<string> {
  const { target, source, tabId } = await heardIn(sessionId);
  if (!target) return text;
  const settings = await getSettings();
  const signal = translationSignal(sessionId);
  const inPrivate = await isPrivateSession(sessionId);
  const paragraphs = paragraphsOf(text).map((paragraph) => ({ text: paragraph, source }));
  // Shaped as the page translation shapes its paragraphs; without the language too, to tell whether
  // what is bought may be kept under none as well (where a page that declares none finds it).
  const [shapes, undeclared] = await Promise.all([
    shapeBlocks(settings, paragraphs, target, tabId),
    source ? shapeBlocks(settings, paragraphs.map((p) => ({ ...p, source: null })), target, tabId) : null,
  ]);
  // As the page translation looks: under the page's language, then under none (the bubble's, a page
  // that declares none), with the terms that match here: what was bought without them is not used.
  const kept = await cachedBlockTranslations(settings.serviceUrl, target, paragraphs, shapes);
  const translated = await Promise.all(
    paragraphs.map(async (block, i) => {
      const free = kept[i] ?? null;
      if (free !== null) return free;
      const price = translationCost(block.text);
      const bought = await translateWithConsent(block.text, target, price, { signal, inPrivate, tabId, source });
      // Kept under none too when the same entries match there (a page that declares no language finds
      // it), unless its terms went unprotected (their pieces would have cost past its price).
      const shape = shapes[i] ?? null;
      const same = undeclared && (undeclared[i] ?? null)?.keyPart === shape?.keyPart && (!shape || guardedCost(block.text, shape.matches, source) <= price);
      if (same && !bought.cached) await putCachedTranslation(blockCacheKey(settings.serviceUrl, target, block, shape, null), bought, { inMemory: inPrivate }).catch(() => undefined);
      return bought.translation;
    }),
  );
  return translated.join('\n');
}
