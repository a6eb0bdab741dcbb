import { isServiceError } from '../../api/errors';
import { chunkAsked, type PlannedChunk, type SpeechParams } from '../../player/contract';
import { fetchAccount } from '../account';
import { estimateSpeech, notCached } from '../spend/questions';
import { learnedPrice, notePrice, type SpeechEstimate } from '../speech-price';
import { getSettings } from '../../settings/items';
import { fetchChunk } from './audio-fetch';
import { watchWait } from '../wait-notes';

/**
 * The price of speech is not known yet, and at the cautious prior (translation's price) the
 * reading is above the user's threshold. Its first requests (together below the threshold) leave
 * now, between two reads of the free balance: what the service charged for them bounds the price
 * of the rest from above (services round each request up), so the question names a figure near
 * what will be charged, not ten times it. Their audio is then in the cache, for the reading.
 *
 * Null when the price cannot be learned that way (even the first request is above the threshold,
 * or nothing follows it; the balance cannot be read; a retry is coming; the balance did not move):
 * the question then uses the cautious prior. A slow answer is waited for (the user hears from
 * `onSlow` why nothing comes yet): the same request is the reading's first audio, so waiting costs
 * no time to someone who agrees, and how busy the machine or the service is does not change the
 * figure asked. A refusal of the request itself (the key, the credits, no answer at all) is
 * thrown: the reading could not go on either way.
 */
export async function estimateAfterFirstRequest(
  sessionId: string,
  chunks: readonly PlannedChunk[],
  params: SpeechParams,
  threshold: number,
  onSlow: () => void = () => undefined,
): Promise<SpeechEstimate | null> {
  const probe = await firstRequests(chunks, params, threshold);
  if (probe.length === 0) return null;
  const before = await fetchAccount(0).catch(() => null);
  if (!before) return null;
  // A retry coming (a rate limit, a failing service): not worth waiting for before asking.
  let giveUp: (answered: false) => void = () => undefined;
  const givenUp = new Promise<false>((resolve) => (giveUp = resolve));
  const watch = watchWait({ retry: () => giveUp(false), slow: onSlow });
  // Each in its own voice (a paragraph in another language has its own): the very requests the player makes.
  const fetched = Promise.all(
    probe.map((chunk) => fetchChunk({ sessionId, ...chunkAsked(params, chunk), priority: 10, onRetry: watch.onRetry })),
  );
  void fetched.catch(() => undefined);
  try {
    if (!(await Promise.race([fetched.then(() => true as const), givenUp]))) return null;
  } catch (error) {
    if (isServiceError(error) && error.kind === 'cancelled') return null;
    throw error;
  } finally {
    watch.stop();
  }
  const after = await fetchAccount(0).catch(() => null);
  const spent = after ? before.credits - after.credits : 0;
  if (spent <= 0) return null;
  const chars = probe.reduce((sum, chunk) => sum + [...chunk.text].length, 0);
  // Known from now on (the balance's own learning misses it when something else read the balance meanwhile).
  const { serviceUrl } = await getSettings();
  if (!(await learnedPrice(serviceUrl, params.format))) await notePrice(serviceUrl, params.format, { credits: spent, chars, requests: probe.length });
  const perChar = spent / chars;
  const unpaid = await notCached(chunks.slice(probe.length).map((chunk) => chunk.text), params);
  return { credits: unpaid.reduce((sum, text) => sum + Math.max(1, Math.ceil([...text].length * perChar)), 0), learned: false };
}

/**
 * The requests that tell the price: the reading's first two (a short first sentence alone is billed
 * a whole credit, too coarse a measure), as long as they stay below the threshold together, and
 * something is left to ask about.
 */
async function firstRequests(chunks: readonly PlannedChunk[], params: SpeechParams, threshold: number): Promise<PlannedChunk[]> {
  for (let count = Math.min(2, chunks.length - 1); count > 0; count -= 1) {
    const probe = chunks.slice(0, count);
    if ((await estimateSpeech(probe.map((chunk) => chunk.text), params, threshold)).credits <= threshold) return probe;
  }
  return [];
}
