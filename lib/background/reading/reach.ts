import { ServiceError } from '../../api/errors';
import { formatNumber, t } from '../../i18n';
import { estimateReading } from './modes';
import { chunkOfSentence } from '../../player/sentence-position';
import { tellPage } from '../page-link';
import { confirmThreshold, describeEstimate, holdForConfirmation } from '../spend/questions';
import type { SpeechEstimate } from '../speech-price';
import { heardInOf, type ReadingSession } from './session';
import { textAsSaid } from './said';

/*
 * A reading started later in its text (read from here, resumed where the user stopped) was asked
 * about, and pays, only from its start on. Going before that (Previous, a jump back, Start from the
 * beginning) buys more: below the user's threshold it just goes; above, the page asks with the
 * figure first, and nothing is sent until the user agrees.
 */

/** What the pending-action store calls going to an earlier part of a reading, once agreed. */
export const REACH_KIND = 'reach';

/** What the page's button carries (checked against the tab that clicked it). */
export interface ReachRequest {
  tabId: number;
  sessionId: string;
  sentence: number;
}

/** The first sentence of the part of the reading the user agreed to pay for. */
export function boughtFrom(session: Pick<ReadingSession, 'boughtFrom' | 'startSentence'>): number {
  return session.boughtFrom ?? session.startSentence ?? 0;
}

/** What going to `sentence` buys beyond the part agreed to: the chunks before it, less those already in the cache. */
export async function costOfReaching(session: ReadingSession, sentence: number, threshold: number): Promise<SpeechEstimate> {
  const { chunks, params } = session.plan;
  const from = boughtFrom(session);
  const before = sentence < from ? chunks.slice(chunkOfSentence(chunks, sentence), chunkOfSentence(chunks, from)) : [];
  // Heard in another language: the translations of what is reached are in the figure too.
  return estimateReading(before, params, threshold, heardInOf(session), (text, language) => textAsSaid(session.plan.sessionId, text, language));
}

/**
 * Whether the reading may go to `sentence` now: yes within what was agreed, below the threshold or
 * within `agreed` (a figure the user accepted); otherwise the page asks, and the answer is no.
 */
export async function mayReach(session: ReadingSession, sentence: number, agreed = 0): Promise<boolean> {
  const threshold = await confirmThreshold();
  const cost = await costOfReaching(session, sentence, threshold);
  if (cost.credits <= threshold || cost.credits <= agreed) return true;
  const describe = describeEstimate(cost);
  const message = t('readingReachNotice', [describe, formatNumber(sentence + 1)]);
  if (session.tabId === null) throw new ServiceError('invalidRequest', message);
  const token = await holdForConfirmation<ReachRequest>(REACH_KIND, { tabId: session.tabId, sessionId: session.plan.sessionId, sentence }, cost.credits);
  await tellPage(session.tabId, 0, { type: 'pageNotice', tone: 'info', message, confirm: { token, label: t('readingReachLabel', describe) } });
  return false;
}

/** The label of the page's "Start from the beginning": with its figure when that is above the threshold. */
export async function startFromBeginningOffer(session: ReadingSession): Promise<{ label: string; credits: number; asks: boolean }> {
  const threshold = await confirmThreshold();
  const cost = await costOfReaching(session, 0, threshold);
  if (cost.credits <= threshold) return { label: t('resumeFromStart'), credits: cost.credits, asks: false };
  return { label: t('resumeFromStartCost', describeEstimate(cost)), credits: cost.credits, asks: true };
}
