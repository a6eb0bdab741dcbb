import { ServiceError } from '../../api/errors';
import { confirmThreshold, describeEstimate, holdForConfirmation } from '../spend/questions';
import { estimateSpeechCredits } from '../speech-price';
import type { SpendQuestion } from '../../messaging/protocol';
import { getSettings } from '../../settings/items';
import { downloadSpeech, type ConfirmDownload } from './download';
import { tellPage } from '../page-link';
import type { SpeechChoices } from '../reading/speech-params';
import { formatNumber, t } from '../../i18n';

/** A download the user chose, kept while they are asked whether to pay for it. */
export interface DownloadChoice extends SpeechChoices {
  text: string;
  title: string;
  /** The tab it was chosen on (the question is asked there), or null for the popup. */
  tabId: number | null;
}

/** The download's cost is above the threshold: nothing was sent, the user is being asked. */
export class SpendQuestionError extends ServiceError {
  readonly question: SpendQuestion;

  constructor(question: SpendQuestion) {
    super('cancelled', t('spendWaiting'));
    this.question = question;
  }
}

/**
 * The download's confirm step: what it will cost (only parts not in the cache) against the user's
 * threshold. Above it, and not agreed yet, the download is kept for the user's answer (a notice
 * on the page it was chosen on, or the popup's confirm row) and nothing is sent. Below it, a
 * download chosen on a page says what it will cost as it starts.
 */
export function confirmDownload(choice: DownloadChoice, confirmed: boolean): ConfirmDownload {
  return async (summary) => {
    const [threshold, { serviceUrl }] = await Promise.all([confirmThreshold(), getSettings()]);
    const estimate = await estimateSpeechCredits(serviceUrl, summary.format, summary.textsToFetch);
    const cost = describeEstimate(estimate);
    if (confirmed || estimate.credits <= threshold) {
      if (choice.tabId !== null && summary.partsToFetch > 0) {
        void tellPage(choice.tabId, 0, { type: 'pageNotice', tone: 'info', message: t('downloadPreparing', cost), timeoutMs: 6000 });
      }
      return true;
    }
    const token = await holdForConfirmation('download', choice, estimate.credits);
    if (choice.tabId !== null) {
      await tellPage(choice.tabId, 0, {
        type: 'pageNotice',
        tone: 'info',
        message: t('downloadConfirmNotice', [cost, formatNumber(threshold)]),
        confirm: { token, label: t('downloadConfirmLabel', cost) },
      });
    }
    throw new SpendQuestionError({ ...estimate, limit: threshold, token });
  };
}

/** "Download" in the popup: the file's name once saved, or the question to ask there first. */
export async function downloadFromPopup(choice: DownloadChoice): Promise<{ fileName: string } | { confirm: SpendQuestion }> {
  try {
    return await downloadSpeech(choice, confirmDownload(choice, false));
  } catch (error) {
    if (error instanceof SpendQuestionError) return { confirm: error.question };
    throw error;
  }
}
