import { useState } from 'react';
import type { SerializedServiceError } from '@/lib/api/errors';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/send';
import type { DownloadState } from '@/lib/background/download/state';
import { ErrorNotice } from '../error-notice';

/** How long a finished or cancelled download is still mentioned when the popup opens. */
const RECENT_MS = 2 * 60_000;

/** The download job: progress with Cancel, or its failure with Retry, or how it ended. */
export function DownloadStatus({ state }: { state: DownloadState }) {
  const [problem, setProblem] = useState<SerializedServiceError | null>(null);
  const send = async (name: 'cancelDownload' | 'retryDownload') => {
    setProblem(null);
    const result = await sendMessage(name, { id: state.id });
    // The job's own outcome shows from its state; only a refusal to act needs showing here.
    if (!result.ok && result.error.kind === 'invalidRequest') setProblem(result.error);
  };
  const cancel = (
    <button type="button" onClick={() => void send('cancelDownload')}>
      {t('downloadCancel')}
    </button>
  );
  const progress = [String(state.done), String(state.total)];
  const recent = Date.now() - state.updatedAt < RECENT_MS;

  let body: React.ReactNode = null;
  if (state.status === 'running') {
    body = (
      <section className="card download" aria-label={t('downloadHeading')}>
        <p className="hint" role="status">{t('downloadProgress', progress)}</p>
        <progress max={state.total} value={state.done} aria-label={t('downloadHeading')} />
        {state.note ? <p className="notice" role="status">{state.note}</p> : null}
        <div className="actions">{cancel}</div>
      </section>
    );
  } else if (state.status === 'failed' && state.error) {
    body = (
      <div className="notice error" role="alert">
        <p className="flush">{state.error.message}</p>
        <p className="flush">{t('downloadFailedHint', progress)}</p>
        <div className="actions">
          {state.retryable ? (
            <button type="button" className="primary" onClick={() => void send('retryDownload')}>
              {t('downloadRetry')}
            </button>
          ) : null}
          {cancel}
        </div>
      </div>
    );
  } else if (state.status === 'done' && state.fileName && recent) {
    body = <p className="notice ok">{t('downloaded', state.fileName)}</p>;
  } else if (state.status === 'cancelled' && recent) {
    body = <p className="notice">{t('downloadCancelled')}</p>;
  }
  return (
    <>
      <div aria-live="polite">{body}</div>
      {problem ? <ErrorNotice error={problem} /> : null}
    </>
  );
}
