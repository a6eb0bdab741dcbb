import type { AudioFormat } from '../../api/schemas';
import { audioCacheKey, hasAudio } from '../../speech/cache';
import { getSettings } from '../../settings/items';
import { estimateSpeechCredits, estimateSpeechCreditsOfLengths, type SpeechEstimate } from '../speech-price';
import { formatNumber, t } from '../../i18n';
import { declineOffer, offerSpend, takeOffer } from './gate';

/*
 * The spend gate's questions for one-off paid actions (a reading, a download, a translation, going
 * back in a reading); actions that spend as they go (page translation) hold a grant. Nothing above
 * the user's threshold is sent before they agree, where they are looking: the page (a notice with a
 * confirm button), the popup (a confirm row) or the bubble. The action and the figure shown are kept
 * in the gate as an offer (gate.ts), so a worker that sleeps meanwhile still knows what the user is
 * agreeing to; the surface holds only its id (the token), single-use, honoured only where it was asked.
 */

/** A one-off action kept until the user agrees to its figure. */
export interface PendingSpend<T = unknown> {
  /** What to do once agreed, e.g. 'read' or 'download'. */
  kind: string;
  request: T;
  credits: number;
}

/** The user's threshold: one action above this many credits is asked about first. */
export async function confirmThreshold(): Promise<number> {
  return (await getSettings()).confirmAboveCredits;
}

/**
 * What the speech of these request texts would cost now: audio already in the cache is free. The
 * cache is only consulted when the plain estimate is over `threshold` (it hashes every chunk).
 */
export async function estimateSpeech(texts: readonly string[], params: SpeechParamsLike, threshold: number): Promise<SpeechEstimate> {
  const { serviceUrl } = await getSettings();
  const all = await estimateSpeechCredits(serviceUrl, params.format, texts);
  if (all.credits <= threshold) return all;
  return estimateSpeechCredits(serviceUrl, params.format, await notCached(texts, params));
}

/** What the speech of requests known only by their length (translations to come) would cost. */
export async function estimateSpeechOfLengths(lengths: readonly number[], params: Pick<SpeechParamsLike, 'format'>): Promise<SpeechEstimate> {
  const { serviceUrl } = await getSettings();
  return estimateSpeechCreditsOfLengths(serviceUrl, params.format, lengths);
}

type SpeechParamsLike = { voiceId: string; language: string; speed: number; format: AudioFormat };

/** The request texts whose audio is not in the cache yet. */
export async function notCached(texts: readonly string[], params: SpeechParamsLike): Promise<string[]> {
  const { serviceUrl } = await getSettings();
  const cached = await Promise.all(texts.map(async (text) => hasAudio(await audioCacheKey({ service: serviceUrl, text, ...params }))));
  return texts.filter((_, i) => !cached[i]);
}

/**
 * Keeps an action until the user agrees to it, where it is asked: the page of the request's
 * `tabId`, or the popup (none). Returns the token the confirm button carries.
 */
export async function holdForConfirmation<T extends { tabId?: number | null }>(kind: string, request: T, credits: number): Promise<string> {
  return (await offerSpend(request.tabId ?? null, kind, credits, request)).id;
}

/** The action the user just agreed to where it was asked (`tabId`; null: the popup), once; null when unknown, used, expired or asked elsewhere. */
export async function takeConfirmed(token: string, tabId: number | null): Promise<PendingSpend | null> {
  const offer = await takeOffer(token, tabId);
  return offer && offer.request !== undefined ? { kind: offer.action, request: offer.request, credits: offer.credits } : null;
}

/** The user declined, where it was asked: the action is forgotten. */
export const dropPending = (token: string, tabId: number | null): Promise<void> => declineOffer(token, tabId);

/** "about 120 credits", or "up to 120 credits" while the price of speech is not learned yet. */
export function describeEstimate(estimate: SpeechEstimate): string {
  const n = formatNumber(estimate.credits);
  if (estimate.credits === 1) return t(estimate.learned ? 'spendAboutOne' : 'spendUpToOne', n);
  return t(estimate.learned ? 'spendAbout' : 'spendUpTo', n);
}
