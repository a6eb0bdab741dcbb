import * as z from 'zod/mini';
import type { HereProbe } from '../../page/here-probe';
import type { SpeechParams } from '../../player/contract';
import type { Settings } from '../../settings/schema';
import type { CleanupRules } from '../../speech/clean';
import { baseCode } from '../../language';
import { runProbe } from '../page-link';
import { estimateSpeechCredits, learnedPrice } from '../speech-price';
import { fetchChunkForPlayer } from './host';
import { buildPlan } from './plan';
import { noteReadingBegun } from './begun';
import { sessionItem } from './session';
import { chooseSpeechParams } from './speech-params';

const PROBE_SCRIPT = '/here-probe.js';

/** What the here probe answers (lib/page/here-probe.ts); anything else is no answer. */
const probeSchema = z.nullable(
  z.object({
    text: z.string().check(z.minLength(1), z.maxLength(100_000)),
    startOffset: z.number().check(z.int(), z.gte(0)),
    restChars: z.number().check(z.int(), z.gte(0)),
    pageLanguage: z.nullable(z.string().check(z.maxLength(35))),
  }),
);

/** The text of the last request sent at a click (for the test build's hooks: was it sent, was it the reading's first). */
let lastSent: string | null = null;
export const lastSentAtClick = (): string | null => lastSent;

/** The first request a reading "from here" sent at the click: its text and how it is spoken. */
export interface HereFirst {
  text: string;
  params: SpeechParams;
}

/**
 * The clicked paragraph of frame `frameId`, read by the small here probe injected before the page
 * and article scripts; null where it cannot run, takes too long, or finds no plain paragraph of
 * the article there.
 */
export const probeHereInTab = (tabId: number, frameId: number): Promise<HereProbe | null> => runProbe(tabId, frameId, PROBE_SCRIPT, probeSchema);

/**
 * The text of the first request of a reading "from here" that starts at `startOffset` of this
 * paragraph: that sentence alone, cleaned, planned as `planStartingAt` plans a reading that starts
 * there (a paragraph is set apart by line breaks in the article's text, and its sentences are found
 * the same inside it or around it). Null when nothing speakable follows the offset.
 */
export function hereFirstText(paragraph: string, startOffset: number, params: SpeechParams, cleanup: CleanupRules): string | null {
  try {
    const { plan, startSentence } = buildPlan({ sessionId: '', text: paragraph, title: '', params, cleanup, startOffset });
    return plan.chunks.find((chunk) => chunk.firstSentence === startSentence)?.text ?? null;
  } catch {
    // Nothing speakable after the offset.
    return null;
  }
}

/** An upper bound of requests a text of `chars` characters is planned into (the first chunks are short). */
const requestsBound = (chars: number) => 2 + Math.ceil(chars / 100);

/**
 * Sends the first request of a reading "from here" at the click, before the article is found, for
 * reading `sessionId`, when the spend gate would let it leave anyway once the reading is planned:
 * the whole page from the paragraph on (an upper bound of the reading) is within the user's
 * threshold at the learned price, or the price is not learned yet (the reading's first request
 * then leaves before any question to learn it: first-price.ts). Not while this page is being read
 * (the reading may hold that sentence's audio in a longer request already). The text and voice are
 * those the plan will have (the paragraph in the page's own language); the reading's own ask for
 * that chunk joins this request. Returns what was sent, or null when nothing was.
 */
export async function askHereFirst(probe: HereProbe | null, sessionId: string, tabId: number, settings: Settings): Promise<HereFirst | null> {
  if (!probe?.pageLanguage) return null;
  const threshold = settings.confirmAboveCredits;
  if (threshold <= 0 || (await sessionItem.getValue())?.tabId === tabId) return null;
  const params = await chooseSpeechParams(probe.text, { languageHint: probe.pageLanguage }, settings).catch(() => null);
  // A paragraph in another language than the page declares is read in a voice known once planned.
  if (!params || params.language !== baseCode(probe.pageLanguage)) return null;
  const text = hereFirstText(probe.text, probe.startOffset, params, settings.cleanup);
  if (!text) return null;
  const first = await estimateSpeechCredits(settings.serviceUrl, params.format, [text]);
  if (first.credits > threshold) return null;
  const price = await learnedPrice(settings.serviceUrl, params.format);
  if (price && Math.ceil((probe.restChars * price.credits) / price.chars) + requestsBound(probe.restChars) > threshold) return null;
  await noteReadingBegun(sessionId, tabId);
  void fetchChunkForPlayer({ sessionId, text, params, priority: 10 }).catch(() => undefined);
  lastSent = text;
  return { text, params };
}
