import { holdForConfirmation } from '../spend/questions';
import { formatNumber, t } from '../../i18n';
import { setBadge } from '../badge';
import { cancelFetches } from './audio-fetch';
import { tellPage } from '../page-link';
import { sessionItem, type ReadingSession } from './session';

/** What the pending-action store calls a reading waiting for the user to resume it. */
export const RESUME_KIND = 'resume';

/** What a resume button on the page carries (checked against the tab that clicked it). */
export interface ResumeRequest {
  tabId: number;
  sessionId: string;
}

/** Says where the reading stopped, why, and what resuming costs (nothing already received). */
export function interruptedMessage(session: ReadingSession): string {
  const at = (session.position?.sentence ?? 0) + 1;
  return t('readingInterrupted', [formatNumber(at), formatNumber(session.plan.sentenceCount)]);
}

/**
 * The reading cannot go on by itself: it is kept, paused where it was, and the page (a notice with
 * a Resume button), the toolbar button ("!") and the popup (Resume) say so. Requests not sent yet
 * are dropped (the user may never resume); sent ones finish into the cache, for the resume.
 */
export async function interruptReading(session: ReadingSession): Promise<void> {
  const message = interruptedMessage(session);
  const { sessionId } = session.plan;
  const position = session.position ?? { sessionId, status: 'paused', sentence: 0, chunk: 0, elapsedSec: session.elapsedBase ?? 0 };
  await sessionItem.setValue({ ...session, position: { ...position, status: 'paused' }, recoveries: 0, interrupted: message });
  cancelFetches(sessionId);
  await setBadge('problem', message);
  if (session.tabId === null) return;
  const token = await holdForConfirmation<ResumeRequest>(RESUME_KIND, { tabId: session.tabId, sessionId }, 0);
  await tellPage(session.tabId, 0, { type: 'pageNotice', tone: 'error', message, confirm: { token, label: t('resumeReading') } });
}
