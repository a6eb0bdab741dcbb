import type { SpeechParams } from '../../player/contract';
import { PRIOR_CREDITS_PER_CHAR, estimateSpeechCredits, learnedPrice } from '../speech-price';

/**
 * An upper bound of the requests a text of `chars` characters is planned into (the first chunks
 * are short), with `pieces` that may each be a request of their own however short (a paragraph or
 * a marked passage in another language, read in its voice).
 */
const requestsBound = (chars: number, pieces: number) => 2 + Math.ceil(chars / 100) + pieces;

/**
 * Cleaning only shortens a text, but for a tiny address said as a word ("x.io" → "link"; longer
 * in some languages): a tenth more, and a few characters, bounds that.
 */
const saidBound = (chars: number) => Math.ceil(chars * 1.1) + 20;

/**
 * Whether a reading not agreed to yet may send its first request (`first`) before it is planned
 * and its figure is known (issue 41: the first sentence leaves before the rest is prepared): only
 * when the reading, whatever its plan, stays within the user's `threshold`, so that no question
 * would be asked and its first request would leave anyway. Bounded from above at the price in use
 * (the learned one, else the cautious prior the figure would use), every request rounded up;
 * `saidChars` is the whole text's length as sent (the user's pronunciations applied); `pieces`
 * counts what may be read in another voice, each then its own request.
 */
export async function firstLeavesAnyway(first: string, saidChars: number, params: Pick<SpeechParams, 'format'>, serviceUrl: string, threshold: number, pieces = 0): Promise<boolean> {
  if (threshold <= 0) return false;
  if ((await estimateSpeechCredits(serviceUrl, params.format, [first])).credits > threshold) return false;
  const price = await learnedPrice(serviceUrl, params.format);
  const perChar = price ? price.credits / price.chars : PRIOR_CREDITS_PER_CHAR;
  const chars = saidBound(saidChars);
  return Math.ceil(chars * perChar) + requestsBound(chars, pieces) <= threshold;
}
