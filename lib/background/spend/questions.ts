import { storage } from '#imports';
import type { AudioFormat } from '../../api/schemas';
import { audioCacheKey, hasAudio } from '../../speech/cache';
import { getSettings } from '../../settings/items';
import { estimateSpeechCredits, type SpeechEstimate } from '../speech-price';
import { formatNumber, t } from '../../i18n';

/*
 * The spend gate's questions for one-off paid actions (a reading, a download, a translation, going
 * back in a reading); actions that spend as they go (page translation) hold a grant in gate.ts.
 * Nothing above the user's threshold is sent before they agree, where they are looking: the page
 * (a notice with a confirm button), the popup (a confirm row) or the bubble. The action and the
 * figure shown are kept here, in session storage, under a random token, so a worker that sleeps
 * meanwhile still knows what the user is agreeing to; the surface holds only the token, which is
 * single-use, expires, and is honoured only where it was asked (answers.ts).
 */

/** How long a question stays answerable. */
const PENDING_TTL_MS = 10 * 60_000;

export interface PendingSpend<T = unknown> {
  /** What to do once agreed, e.g. 'read' or 'download'. */
  kind: string;
  request: T;
  credits: number;
  at: number;
}

const pendingItem = storage.defineItem<Record<string, PendingSpend>>('session:pendingSpends', { fallback: {} });

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

type SpeechParamsLike = { voiceId: string; language: string; speed: number; format: AudioFormat };

/** The request texts whose audio is not in the cache yet. */
export async function notCached(texts: readonly string[], params: SpeechParamsLike): Promise<string[]> {
  const { serviceUrl } = await getSettings();
  const cached = await Promise.all(texts.map(async (text) => hasAudio(await audioCacheKey({ service: serviceUrl, text, ...params }))));
  return texts.filter((_, i) => !cached[i]);
}

/** Keeps an action until the user agrees to it; returns the token the confirm button carries. */
export async function holdForConfirmation<T>(kind: string, request: T, credits: number): Promise<string> {
  const token = crypto.randomUUID();
  const now = Date.now();
  const kept = Object.fromEntries(Object.entries(await pendingItem.getValue()).filter(([, p]) => now - p.at < PENDING_TTL_MS));
  await pendingItem.setValue({ ...kept, [token]: { kind, request, credits, at: now } });
  return token;
}

/** The action the user just agreed to, once; null when unknown, already used or expired. */
export async function takeConfirmed(token: string): Promise<PendingSpend | null> {
  const all = await pendingItem.getValue();
  const pending = all[token];
  if (!pending) return null;
  const { [token]: _used, ...rest } = all;
  await pendingItem.setValue(rest);
  return Date.now() - pending.at < PENDING_TTL_MS ? pending : null;
}

/** Drops every question still open, or the one under `token` when `mine` says it may (the user cancelled it). */
export async function dropPending(token?: string, mine: (pending: PendingSpend) => boolean = () => true): Promise<void> {
  if (!token) return pendingItem.setValue({});
  const { [token]: dropped, ...rest } = await pendingItem.getValue();
  if (dropped && mine(dropped)) await pendingItem.setValue(rest);
}

/** "about 120 credits", or "up to 120 credits" while the price of speech is not learned yet. */
export function describeEstimate(estimate: SpeechEstimate): string {
  const n = formatNumber(estimate.credits);
  if (estimate.credits === 1) return t(estimate.learned ? 'spendAboutOne' : 'spendUpToOne', n);
  return t(estimate.learned ? 'spendAbout' : 'spendUpTo', n);
}
