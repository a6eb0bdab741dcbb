import { serializeError, ServiceError } from '../../api/errors';
import { dropPending, takeConfirmed } from './questions';
import { downloadSpeech } from '../download/download';
import { confirmDownload, type DownloadChoice } from '../download/confirm';
import { RESUME_KIND, type ResumeRequest } from '../reading/interrupt';
import { goTo, readFromStart, resumeReading } from '../reading/control';
import { REACH_KIND, type ReachRequest } from '../reading/reach';
import { reportProblem } from '../reading/problems';
import { RETRY_KIND, type RetryRequest } from '../reading/retry';
import { startReading, type ReadRequest } from '../reading/start';
import { RESTART_KIND, type RestartRequest } from '../reading/resume';
import { t } from '../../i18n';
import { LISTEN_KIND, listenTranslated, type ListenRequest } from '../listen';

/**
 * The user agreed, on the page in tab `tabId` (null: in the popup), to a paid action that was above
 * their threshold (or to resume a reading that stopped): it runs now, once. A token asked elsewhere
 * (another tab, a page's from the popup or the popup's from a page), used already or expired does
 * nothing but say so: on the page, or to the popup as its answer.
 */
export async function runConfirmedSpend(token: string, tabId: number | null): Promise<void> {
  const pending = await takeConfirmed(token, tabId);
  try {
    if (!pending) throw new ServiceError('invalidRequest', t('confirmExpired'));
    if (pending.kind === 'read') await startReading({ ...(pending.request as ReadRequest), confirmed: true });
    // Its button showed what it may cost: that much is agreed to.
    else if (pending.kind === RETRY_KIND) await startReading({ ...(pending.request as RetryRequest), confirmed: true });
    else if (pending.kind === RESUME_KIND) {
      // Nothing new is spent: the reading goes on with what it was already allowed to cost.
      readingGoesOn(await resumeReading((pending.request as ResumeRequest).sessionId));
    } else if (pending.kind === RESTART_KIND) {
      // The button showed this figure when it was above the threshold: that much is agreed to.
      readingGoesOn(await readFromStart((pending.request as RestartRequest).sessionId, pending.credits));
    } else if (pending.kind === REACH_KIND) {
      const { sessionId, sentence } = pending.request as ReachRequest;
      readingGoesOn(await goTo(sessionId, sentence, pending.credits));
    } else if (pending.kind === LISTEN_KIND) {
      // Its button showed the translation and the speech together: that much is agreed to.
      await listenTranslated(pending.request as ListenRequest, pending.credits);
    } else if (pending.kind === 'download') {
      const choice = pending.request as DownloadChoice;
      await downloadSpeech(choice, confirmDownload(choice, true));
    } else throw new ServiceError('invalidRequest', t('confirmExpired'));
  } catch (error) {
    if (tabId === null) throw error;
    await reportProblem(tabId, serializeError(error));
  }
}

/** An answer for a reading that ended meanwhile says so. */
function readingGoesOn(found: boolean): void {
  if (!found) throw new ServiceError('invalidRequest', t('confirmReadingOver'));
}

/** The user declined, where the question was asked (`tabId`: null for the popup): the action is forgotten. */
export const cancelConfirmedSpend = (token: string, tabId: number | null): Promise<void> => dropPending(token, tabId);
