import type { SerializedServiceError } from '../../api/errors';
import { isServiceError, nextStepFor } from '../../api/errors';
import { fetchAccount } from '../account';
import { setBadge } from '../badge';
import { tellPage } from '../page-link';
import { readingRetryNote, setWaitNote } from '../wait-notes';
import { waitingOnService } from './audio-fetch';
import { lastErrorItem, sessionItem } from './session';
import { formatNumber, t } from '../../i18n';

/*
 * What goes wrong or slow in a reading, said where the user is: a wait on the service, a problem
 * the reading cannot get past.
 */

/** Whether the listener of reading `sessionId` is waiting for audio right now (not hearing any). */
export async function listenerWaits(sessionId: string): Promise<boolean> {
  const session = await sessionItem.getValue();
  if (session?.plan.sessionId !== sessionId || session.interrupted) return false;
  return !session.position || session.position.status === 'loading';
}

/**
 * The stored reading `sessionId`, waiting a little for it: a first request sent from a menu click
 * can hear back (e.g. a 429) before its reading is stored, while the page script is still coming.
 */
async function startedSession(sessionId: string, waitMs = 3000) {
  for (let waited = 0; ; waited += 100) {
    const session = await sessionItem.getValue();
    // Found after waiting: still worth saying only while its requests are still with the service.
    if (session?.plan.sessionId === sessionId) return waited === 0 || waitingOnService(sessionId) ? session : null;
    if (waited >= waitMs) return null;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A rate limit slows the whole reading: said at once; another retry once the listener waits on it. */
export async function noteReadingRetry(sessionId: string, error: unknown, delayMs: number): Promise<void> {
  const busy = isServiceError(error) && error.kind === 'rateLimited';
  if (busy || (await listenerWaits(sessionId))) await noteReadingWait(sessionId, readingRetryNote(error, delayMs));
}

/**
 * Says why the reading waits, where the user is: on the page it came from, and in the popup's
 * reading card. The note goes once the reading plays again.
 */
export async function noteReadingWait(sessionId: string, message: string): Promise<void> {
  // The popup's reading card shows it as soon as it shows that reading, however long storing it takes.
  if (!(await setWaitNote(`reading:${sessionId}`, message))) return;
  const session = await startedSession(sessionId);
  if (!session || session.tabId === null) return;
  await tellPage(session.tabId, 0, { type: 'pageNotice', tone: 'info', message });
}


/**
 * Shows a problem where the user is: on the page when we can reach it, with its next step as a
 * button (*Open options* for a rejected key, *Top up* without credits, *Retry* with what it may
 * cost when `retry` was offered); else on the toolbar button and in the popup (which reads
 * lastErrorItem), e.g. on a page the browser keeps us out of.
 */
export async function reportProblem(tabId: number | null, problem: SerializedServiceError, retry?: { token: string; label: string } | null): Promise<void> {
  if (problem.kind === 'cancelled') return;
  const error = problem.kind === 'insufficientCredits' ? await withBalance(problem) : problem;
  // A retry needs its offer (what it may cost), made by the caller.
  const step = nextStepFor(error.kind);
  const shown =
    tabId !== null &&
    (await tellPage(tabId, 0, {
      type: 'pageNotice',
      message: error.message,
      tone: 'error',
      action: step === 'openOptions' || step === 'topUp' ? step : undefined,
      ...(retry ? { confirm: retry } : {}),
    }));
  if (shown) return setBadge('idle');
  await lastErrorItem.setValue(error);
  await setBadge('problem', error.message);
}

/** Adds the current balance to a "not enough credits" message, when the service tells it. */
async function withBalance(error: SerializedServiceError): Promise<SerializedServiceError> {
  const account = await fetchAccount(0).catch(() => null);
  return account ? { ...error, message: t('balanceNote', [error.message, formatNumber(account.credits)]) } : error;
}
