import { ServiceError } from '../../api/errors';
import { keepAliveDuring } from '../keep-alive';
import { getSettings } from '../../settings/items';
import { cancelRunningJob, end, runDownloadJob, runningJobId, type ConfirmDownload } from './job';
import { downloadItem, downloadRequestItem } from './state';
import { chooseSpeechParams, type SpeechChoices } from '../reading/speech-params';
import { t } from '../../i18n';

export type { ConfirmDownload, DownloadSummary } from './job';

/** No confirmation step yet: every download goes ahead (the estimate and threshold plug in here). */
const goAhead: ConfirmDownload = async () => true;

/**
 * Saves the audio of a whole text as one file, as a background job with progress and Cancel.
 * It is planned exactly like a reading, so audio already heard comes from the cache and costs
 * nothing; resolves with the file's name when it is saved.
 */
export function downloadSpeech(
  input: SpeechChoices & { text: string; title: string; tabId?: number | null },
  confirm: ConfirmDownload = goAhead,
): Promise<{ fileName: string }> {
  return keepAliveDuring(async () => {
    if (!input.text.trim()) throw new ServiceError('invalidRequest', t('downloadNoText'));
    const params = await chooseSpeechParams(input.text, input, await getSettings());
    return runDownloadJob({ id: crypto.randomUUID(), text: input.text, title: input.title, params, tabId: input.tabId ?? null }, confirm);
  });
}

/**
 * Finishes a failed download: the parts already received are still in the cache (held there for
 * this), so only the missing ones are asked for and paid.
 */
export function retryDownload(id: string, confirm: ConfirmDownload = goAhead): Promise<{ fileName: string }> {
  return keepAliveDuring(async () => {
    const [state, request] = await Promise.all([downloadItem.getValue(), downloadRequestItem.getValue()]);
    if (state?.id !== id || state.status !== 'failed' || request?.id !== id) {
      throw new ServiceError('invalidRequest', t('downloadNoRetry'));
    }
    return runDownloadJob(request, confirm);
  });
}

/**
 * Cancels a download: nothing more is sent for it (a part already sent finishes into the cache,
 * as it is paid anyway). On a failed one it gives up the retry and lets go of its parts.
 */
export async function cancelDownload(id: string): Promise<void> {
  if (cancelRunningJob(id)) return;
  const state = await downloadItem.getValue();
  if (state?.id === id && (state.status === 'running' || state.status === 'failed')) await end(id, { status: 'cancelled' });
}

/**
 * At worker start: a job the stored state calls running died with the previous worker. It
 * becomes a failed one, so Retry finishes it from the parts already in the cache.
 */
export async function recoverDownload(): Promise<void> {
  const state = await downloadItem.getValue();
  if (state?.status !== 'running' || runningJobId() === state.id) return;
  const retryable = (await downloadRequestItem.getValue())?.id === state.id;
  await end(state.id, {
    status: 'failed',
    retryable,
    error: { kind: 'network', message: t('downloadInterrupted') },
  });
}
