import { useEffect, useState } from 'react';
import type { SerializedServiceError } from '@/lib/api/errors';
import { t, uiLocale } from '@/lib/i18n';
import { baseCode } from '@/lib/language';
import type { SpendQuestion } from '@/lib/messaging/protocol';
import { sendMessage } from '@/lib/messaging/send';
import { sampleTarget } from '@/lib/popup/welcome';
import type { TranslationResult } from '@/lib/translate/translate';
import { ErrorNotice } from '../error-notice';
import { LanguageSelect } from '../popup/language-select';
import { ReadingControls } from '../popup/reading-controls';
import { SpendConfirm } from '../popup/spend-confirm';
import { useAccount } from '../popup/use-account';
import { useReading } from '../popup/use-reading';

const credits = (n: number) => t(n === 1 ? 'popupCreditsOne' : 'popupCredits', n.toLocaleString());

/**
 * The sample paragraph (in the UI language), read aloud or translated through the same messages
 * as the popup's: the worker's one spend gate asks here when it is above the user's threshold.
 */
export function TrySample({ connected, serviceUrl }: { connected: boolean; serviceUrl: string }) {
  const sample = t('welcomeSample');
  const language = baseCode(uiLocale());
  const account = useAccount(null, connected ? serviceUrl : '');
  const reading = useReading();
  const [target, setTarget] = useState(() => sampleTarget(language, language));
  const [question, setQuestion] = useState<SpendQuestion | null>(null);
  const [toConfirm, setToConfirm] = useState<{ cost: number; token: string } | null>(null);
  const [result, setResult] = useState<TranslationResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<SerializedServiceError | null>(null);

  useEffect(() => {
    void sendMessage('getTargetLanguage').then((r) => r.ok && setTarget(sampleTarget(language, r.value)));
  }, []);

  // Agreed: the worker reads what it kept under the question's token (the figure shown), once.
  async function read(agreed?: SpendQuestion) {
    setQuestion(null);
    setError(null);
    const r = agreed ? await sendMessage('confirmSpend', { token: agreed.token }) : await sendMessage('readText', { text: sample, title: t('welcomeTryHeading'), language });
    if (!r.ok) setError(r.error);
    else if (r.value && 'confirm' in r.value) setQuestion(r.value.confirm);
  }

  function dropQuestion(q: SpendQuestion) {
    setQuestion(null);
    void sendMessage('cancelSpend', { token: q.token });
  }

  async function translate(agreed?: string) {
    setBusy(true);
    setError(null);
    setToConfirm(null);
    // Tried out: the language chosen here is not made the user's own for their pages.
    const r = await sendMessage('translate', { text: sample, target, source: language, requestId: crypto.randomUUID(), sample: true, ...(agreed ? { agreed } : {}) });
    setBusy(false);
    if (!r.ok) return setError(r.error);
    if (r.value.status === 'confirm') return setToConfirm(r.value);
    setResult(r.value);
  }

  return (
    <section className="card" aria-labelledby="welcome-try-heading">
      <h2 id="welcome-try-heading">{t('welcomeTryHeading')}</h2>
      <p className="hint" id="welcome-sample-label">{t('welcomeSampleLabel')}</p>
      <blockquote className="sample" lang={language} aria-labelledby="welcome-sample-label">{sample}</blockquote>
      {connected ? null : <p className="hint">{t('welcomeTryNotConnected')}</p>}
      <div className="row wrap-end">
        <LanguageSelect id="welcome-target" label={t('popupTargetLanguage')} value={target} onChange={setTarget} />
      </div>
      <div className="actions">
        <button type="button" className="primary" disabled={!connected || question !== null} onClick={() => void read()}>
          {t('welcomeReadSample')}
        </button>
        <button type="button" disabled={!connected || busy || toConfirm !== null} onClick={() => void translate()}>
          {busy ? t('bubbleWaiting') : t('welcomeTranslateSample')}
        </button>
      </div>
      {connected && account.account ? (
        <p className="hint" role="status" data-testid="welcome-balance">{t('popupBalance', credits(account.account.credits))}</p>
      ) : null}
      <div aria-live="polite">
        {question ? <SpendConfirm estimate={question} onConfirm={() => void read(question)} onCancel={() => dropQuestion(question)} /> : null}
        {toConfirm ? (
          <div className="notice" role="group" aria-labelledby="welcome-translate-confirm">
            <p id="welcome-translate-confirm">{t('popupConfirmCost', credits(toConfirm.cost))}</p>
            <div className="actions">
              <button type="button" className="primary" onClick={() => void translate(toConfirm.token)}>{t('welcomeTranslateSample')}</button>
              <button type="button" onClick={() => setToConfirm(null)}>{t('bubbleCancel')}</button>
            </div>
          </div>
        ) : null}
        {result ? (
          <section className="notice" aria-label={t('popupTranslation')}>
            <p className="translation" dir="auto" lang={result.targetLanguage}>{result.translation}</p>
            <p className="hint">
              {result.cached ? t('bubbleFromCache') : t('popupSpent', credits(result.cost))}
              {result.balance !== null ? ` · ${t('popupBalance', credits(result.balance))}` : ''}
            </p>
          </section>
        ) : null}
      </div>
      {reading ? <ReadingControls reading={reading} /> : null}
      {error ? <ErrorNotice error={error} /> : null}
    </section>
  );
}
