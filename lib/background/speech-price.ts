import { storage } from '#imports';
import { isServiceError } from '../api/errors';
import type { AudioFormat } from '../api/schemas';

/*
 * What speech costs. The contract leaves it unspecified, so it is learned: every balance read from
 * the free GET /user is compared with the previous one, and when only speech of one format was
 * paid for in between (translations' cost is known exactly and taken out), the difference over the
 * characters sent is that format's price. Until a format's price is known, estimates use the only
 * price the contract states (translation's, 1 credit per 10 characters): an upper bound rather than
 * a guess, so a first big spend is asked about rather than slipped through.
 */

/** Credits per character the contract states for translation; the cautious prior for speech. */
export const PRIOR_CREDITS_PER_CHAR = 0.1;
/** Older observations fade so a price change is followed within a few readings. */
const MAX_LEARNED_CHARS = 200_000;
/**
 * No speech is billed above this many credits per character (ten times the contract's translation
 * price): a drop in the balance that would mean more was spent elsewhere on the account (another
 * device, the dashboard), not by the speech sent here, and is not learned from.
 */
const MAX_CREDITS_PER_CHAR = 10 * PRIOR_CREDITS_PER_CHAR;

interface Observed {
  credits: number;
  chars: number;
  requests: number;
}

interface SpeechPrice {
  serviceUrl: string;
  byFormat: Partial<Record<AudioFormat, Observed>>;
}

/** Paid work done since the balance was last read, to attribute the next balance change. */
interface SpendWindow {
  serviceUrl: string;
  /** The balance read last. */
  balance: number;
  speech: Partial<Record<AudioFormat, Observed>>;
  /** Credits of translations since (known exactly). */
  translated: number;
  /** Something paid may or may not have been charged (cut short, timed out): don't learn from this window. */
  uncertain: boolean;
}

const priceItem = storage.defineItem<SpeechPrice | null>('local:speechPrice', { fallback: null });
const windowItem = storage.defineItem<SpendWindow | null>('local:spendWindow', { fallback: null });
/** Paid requests on the wire right now: a balance read meanwhile cannot be attributed. */
let inFlight = 0;

/** The learned price of one format, or null while nothing is known for this service. */
export async function learnedPrice(serviceUrl: string, format: AudioFormat): Promise<Observed | null> {
  const price = await priceItem.getValue();
  const observed = price?.serviceUrl === serviceUrl ? price.byFormat[format] : undefined;
  return observed && observed.chars > 0 ? observed : null;
}

export interface SpeechEstimate {
  credits: number;
  /** False while the price is the cautious prior (nothing learned yet for this format). */
  learned: boolean;
}

/**
 * Estimated credits for the speech of these request texts (what is already cached is free and
 * should not be passed). Each request is rounded up to a whole credit, as services bill.
 */
export async function estimateSpeechCredits(serviceUrl: string, format: AudioFormat, requestTexts: readonly string[]): Promise<SpeechEstimate> {
  return estimateSpeechCreditsOfLengths(serviceUrl, format, requestTexts.map((text) => [...text].length));
}

/** estimateSpeechCredits for requests known by their length only (a translation still to come). */
export async function estimateSpeechCreditsOfLengths(serviceUrl: string, format: AudioFormat, lengths: readonly number[]): Promise<SpeechEstimate> {
  const observed = await learnedPrice(serviceUrl, format);
  const perChar = observed ? perCharOf(observed) : PRIOR_CREDITS_PER_CHAR;
  const credits = lengths.reduce((sum, chars) => sum + Math.max(1, Math.ceil(chars * perChar)), 0);
  return { credits, learned: observed !== null };
}

/** Brackets one paid request, so a balance read while it is on the wire is not misattributed. */
export async function trackPaidRequest<T>(work: () => Promise<T>): Promise<T> {
  inFlight += 1;
  try {
    return await work();
  } finally {
    inFlight -= 1;
  }
}

/** Speech was delivered (and so paid for): counted toward the next balance comparison. */
export async function noteSpeechPaid(serviceUrl: string, format: AudioFormat, text: string): Promise<void> {
  const window = await windowItem.getValue();
  if (!window || window.serviceUrl !== serviceUrl) return;
  const seen = window.speech[format] ?? { credits: 0, chars: 0, requests: 0 };
  const speech = { ...window.speech, [format]: { ...seen, chars: seen.chars + [...text].length, requests: seen.requests + 1 } };
  await windowItem.setValue({ ...window, speech });
}

/** A translation's exact cost, taken out of the next balance change. */
export async function noteTranslationPaid(serviceUrl: string, credits: number): Promise<void> {
  const window = await windowItem.getValue();
  if (window?.serviceUrl === serviceUrl) await windowItem.setValue({ ...window, translated: window.translated + credits });
}

/** A paid request's failure after which the service may have billed: a 500, a timeout, or an answer lost after its headers. */
export function mayHaveBeenCharged(error: unknown): boolean {
  return isServiceError(error) && (error.mayBeCharged === true || error.kind === 'server' || error.kind === 'timeout');
}

/** A paid request ended in a way that may or may not have been charged. */
export async function noteUncertainCharge(serviceUrl: string): Promise<void> {
  const window = await windowItem.getValue();
  if (window?.serviceUrl === serviceUrl) await windowItem.setValue({ ...window, uncertain: true });
}

/**
 * A fresh balance was read: learns the price from the speech paid since the last one, when that is
 * the only unexplained spend, then starts a new window. Returns the credits that speech cost, or
 * null when they can't be told.
 */
export async function learnFromBalance(serviceUrl: string, balance: number): Promise<number | null> {
  const window = await windowItem.getValue();
  const fresh: SpendWindow = { serviceUrl, balance, speech: {}, translated: 0, uncertain: inFlight > 0 };
  await windowItem.setValue(fresh);
  if (!window || window.serviceUrl !== serviceUrl || window.uncertain || inFlight > 0) return null;
  const formats = Object.entries(window.speech).filter(([, o]) => o.chars > 0) as [AudioFormat, Observed][];
  const spent = window.balance - balance - window.translated;
  // A top-up in between makes it negative; a spend with no speech of ours was someone else's.
  if (spent < 0 || formats.length === 0) return null;
  // More than any speech costs: the account was spent from elsewhere meanwhile.
  const chars = formats.reduce((sum, [, o]) => sum + o.chars, 0);
  const requests = formats.reduce((sum, [, o]) => sum + o.requests, 0);
  if (!plausible({ credits: spent, chars, requests })) return null;
  // Two formats in one window can't be told apart: the total is still what speech cost.
  if (formats.length > 1) return spent;
  const [format, seen] = formats[0]!;
  await notePrice(serviceUrl, format, { ...seen, credits: spent });
  return spent;
}

/**
 * Adds what some speech of one format was seen to cost to what is known of its price: from the
 * balance windows above, or from a reading's first requests measured on their own (first-price.ts).
 */
export async function notePrice(serviceUrl: string, format: AudioFormat, seen: Observed): Promise<void> {
  if (!plausible(seen)) return;
  const price = await priceItem.getValue();
  const before = price?.serviceUrl === serviceUrl ? price.byFormat[format] : undefined;
  const merged = fade({ credits: (before?.credits ?? 0) + seen.credits, chars: (before?.chars ?? 0) + seen.chars, requests: (before?.requests ?? 0) + seen.requests });
  await priceItem.setValue({ serviceUrl, byFormat: { ...(price?.serviceUrl === serviceUrl ? price.byFormat : {}), [format]: merged } });
}

/** Whether credits seen spent on speech could be its price (each request billed a whole credit at least). */
function plausible(o: Observed): boolean {
  return o.credits <= o.chars * MAX_CREDITS_PER_CHAR + o.requests;
}

/**
 * Credits per character, as an upper bound: each request was billed its characters times the
 * price, rounded up, so what was charged is never less than the price times the characters sent.
 * An estimate at this price is never below what the service then charges (taking out half a credit
 * of rounding a request, as before, gave two probes of 99 and 299 characters billed 1 + 3 credits a
 * price a quarter below the real one, and a reading just above the threshold went unasked). Short
 * requests lift it a little; every long one charged brings it down toward the real price.
 */
function perCharOf(o: Observed): number {
  return o.credits / o.chars;
}

function fade(o: Observed): Observed {
  if (o.chars <= MAX_LEARNED_CHARS) return o;
  const keep = MAX_LEARNED_CHARS / o.chars;
  return { credits: o.credits * keep, chars: MAX_LEARNED_CHARS, requests: Math.max(1, Math.round(o.requests * keep)) };
}

/** Forgets what was learned (stored data cleared, or another service). */
export async function forgetSpeechPrice(): Promise<void> {
  await Promise.all([priceItem.removeValue(), windowItem.removeValue()]);
}
