import { worthRetrying } from '../../api/errors';
import { chunkOfSentence } from '../../player/sentence-position';
import { t } from '../../i18n';
import { describeEstimate, holdForConfirmation } from '../spend/questions';
import { estimateReading } from './modes';
import { askedItem, heardInOf, type ReadingSession, type ReadRequest } from './session';
import { textAsSaid } from './said';

/** What the gate calls a reading that failed and may be tried again from where it stopped. */
export const RETRY_KIND = 'retry-reading';

/** What a Retry button on the page carries: the reading again, from the sentence it failed at. */
export type RetryRequest = Omit<ReadRequest, 'pageReady' | 'startOffset'> & { tabId: number; startSentence: number; retried: true };

/**
 * Offers, on the reading's page, to read on from `sentence` (where it failed) after a failure worth
 * retrying: the offer is kept in the gate with what it may cost (the audio from there on that is
 * not in the cache; what was received plays free), and the button says that figure, so pressing it
 * is agreeing to it. Null when the reading has no page to ask on or the failure is not worth it.
 */
export async function offerRetry(session: ReadingSession, sentence: number, kind: string): Promise<{ token: string; label: string } | null> {
  if (session.tabId === null || !worthRetrying(kind)) return null;
  const { plan } = session;
  const asked = await askedItem.getValue();
  if (asked?.sessionId !== plan.sessionId) return null;
  const from = Math.min(sentence, plan.sentenceCount - 1);
  // -1: every chunk is looked up in the cache (a retry mostly finds what was already received).
  // Heard in another language: the translations are in the figure too.
  const estimate = await estimateReading(plan.chunks.slice(chunkOfSentence(plan.chunks, from)), plan.params, -1, heardInOf(session), (text, language) => textAsSaid(session.plan.sessionId, text, language));
  // The same text, voice and speed as the reading had (a speed changed while reading included).
  const { startOffset: _offset, ...request } = asked.request;
  const again: RetryRequest = {
    ...request,
    tabId: session.tabId,
    startSentence: from,
    retried: true,
    voiceId: plan.params.voiceId,
    language: plan.params.language,
    speed: plan.params.speed,
    format: plan.params.format,
  };
  const token = await holdForConfirmation(RETRY_KIND, again, estimate.credits);
  return { token, label: t('retryReadingLabel', describeEstimate(estimate)) };
}
