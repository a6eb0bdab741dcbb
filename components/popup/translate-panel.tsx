import { useEffect, useRef, useState } from 'react';
import { browser } from 'wxt/browser';
import type { SerializedServiceError } from '@/lib/api/errors';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/send';
import type { SpendQuestion } from '@/lib/messaging/protocol';
import { SpendConfirm } from './spend-confirm';
import { translationCostOfParts } from '@/lib/translate/cost';
import { splitForTranslation } from '@/lib/translate/split';
import type { HistoryEntry } from '@/lib/translate/history';
import { defaultTargetLanguage } from '@/lib/language';
import type { TranslationResult } from '@/lib/translate/translate';
import { ErrorNotice } from '../error-notice';
import { SwapIcon } from '../icons';
import { LanguageSelect } from './language-select';
import { TranslationHistory } from './translation-history';
import { useHistory } from './use-history';
import { useWaitNote } from './use-wait-note';
import { usePrefilledText } from './use-selection';
import { useTabVideo } from './use-tab-video';
import { languageLabel } from './voice-filter';
import { languageName } from '../options/language-names';

const credits = (n: number) => t(n === 1 ? 'popupCreditsOne' : 'popupCredits', n.toLocaleString());

/** Translate any text: languages, the cost before sending, the result with copy and listen, history. */
export function TranslatePanel({ selection, lastTarget }: { selection: string; lastTarget: string | null }) {
  const [text, setText] = usePrefilledText(selection);
  const [source, setSource] = useState('auto');
  const [target, setTarget] = useState(() => defaultTargetLanguage(browser.i18n.getUILanguage(), lastTarget));
  const targetChosen = useRef(false);
  const [result, setResult] = useState<TranslationResult | null>(null);
  // The request under way, by the id the background's wait notes name it with.
  const [pending, setPending] = useState<string | null>(null);
  const busy = pending !== null;
  const waitNote = useWaitNote(pending ? `translate:${pending}` : null);
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<SerializedServiceError | null>(null);
  // The cost to approve when the background answered that it is above the user's threshold.
  const [toConfirm, setToConfirm] = useState<{ cost: number; token: string } | null>(null);
  const history = useHistory();
  const hasVideo = useTabVideo();
  // What the service will charge: long text goes in parts, each rounded up on its own.
  const cost = translationCostOfParts(splitForTranslation(text.trim()).parts);

  useEffect(() => {
    // Asked once on open; the user's own choice wins over a late answer.
    void sendMessage('getTargetLanguage').then((r) => r.ok && !targetChosen.current && setTarget(r.value));
  }, []);

  // An approval is for this text and these languages only.
  useEffect(() => setToConfirm(null), [text, source, target]);

  /** `agreed`: the question's token, once the user agreed to the cost it showed. */
  async function translate(agreed?: string) {
    const requestId = crypto.randomUUID();
    setPending(requestId);
    setError(null);
    setCopied(false);
    setToConfirm(null);
    const approval = agreed === undefined ? {} : { agreed };
    const response = await sendMessage('translate', { text, target, source: source === 'auto' ? null : source, requestId, ...approval });
    setPending(null);
    const answer = response.ok ? response.value : null;
    if (answer?.status === 'confirm') {
      setResult(null);
      return setToConfirm(answer);
    }
    setResult(answer);
    if (!response.ok) setError(response.error);
    history.reload();
  }

  const detected = source === 'auto' ? result?.sourceLanguage ?? null : source;
  function swap() {
    if (!detected) return;
    setSource(target);
    setTarget(detected);
    targetChosen.current = true;
    if (result) setText(result.translation);
    setResult(null);
  }

  function chooseTarget(code: string) {
    targetChosen.current = true;
    setTarget(code);
  }

  function pick(entry: HistoryEntry) {
    setText(entry.sourceText);
    setSource(entry.sourceLanguage ?? 'auto');
    chooseTarget(entry.targetLanguage);
    setResult(null);
  }

  async function copy() {
    await navigator.clipboard.writeText(result!.translation).then(() => setCopied(true), () => setCopied(false));
  }

  const [listenCost, setListenCost] = useState<SpendQuestion | null>(null);
  // Agreed: the worker reads what it kept under the question's token (the figure shown), once.
  const listen = (agreed?: SpendQuestion) => {
    setListenCost(null);
    const read = { text: result!.translation, language: result!.targetLanguage, title: result!.translation.slice(0, 60) };
    void (agreed ? sendMessage('confirmSpend', { token: agreed.token }) : sendMessage('readText', read)).then((r) => {
      if (!r.ok) setError(r.error);
      else if (r.value && 'confirm' in r.value) setListenCost(r.value.confirm);
    });
  };
  const dropListen = (question: SpendQuestion) => {
    setListenCost(null);
    void sendMessage('cancelSpend', { token: question.token });
  };

  // "Listen in <language>": translated and read aloud in one go, one figure for both.
  const [hearCost, setHearCost] = useState<SpendQuestion | null>(null);
  const hear = (agreed?: SpendQuestion) => {
    setHearCost(null);
    setError(null);
    void (agreed ? sendMessage('confirmSpend', { token: agreed.token }) : sendMessage('listenText', { text: text.trim(), target })).then((r) => {
      if (!r.ok) setError(r.error);
      else if (r.value && 'confirm' in r.value) setHearCost(r.value.confirm);
    });
  };
  const dropHear = (question: SpendQuestion) => {
    setHearCost(null);
    void sendMessage('cancelSpend', { token: question.token });
  };

  // The page shows the cost and asks there; the popup gets out of the way of that panel.
  async function translatePage() {
    const response = await sendMessage('translatePage');
    if (response.ok) window.close();
    else setError(response.error);
  }

  // The same: the captions show their figure on the page, over the video.
  async function translateCaptions() {
    const response = await sendMessage('translateTabCaptions');
    if (response.ok) window.close();
    else setError(response.error);
  }

  return (
    <>
      <div className="row actions">
        <button type="button" onClick={() => void translatePage()}>{t('menuTranslatePage')}</button>
        {hasVideo ? <button type="button" onClick={() => void translateCaptions()}>{t('menuTranslateCaptions')}</button> : null}
      </div>
      <label htmlFor="translate-text">{t('popupTranslateTextLabel')}</label>
      <textarea id="translate-text" rows={4} dir="auto" value={text} onChange={(e) => setText(e.target.value)} />
      <div className="row filters languages">
        <LanguageSelect id="translate-source" label={t('popupSourceLanguage')} value={source} onChange={setSource} automatic />
        <button type="button" className="swap" onClick={swap} disabled={!detected} aria-label={t('popupSwapLanguages')} title={t('popupSwapLanguages')}><SwapIcon /></button>
        <LanguageSelect id="translate-target" label={t('popupTargetLanguage')} value={target} onChange={chooseTarget} />
      </div>
      <div className="row actions">
        <button type="button" className="primary" disabled={busy || !text.trim() || toConfirm !== null} onClick={() => void translate()}>
          {busy ? t('bubbleWaiting') : t('popupTranslate')}
        </button>
        <button type="button" disabled={!text.trim() || hearCost !== null} onClick={() => hear()}>
          {t('popupListenIn', languageName(target))}
        </button>
        <span className="hint" id="translate-cost">{text.trim() ? t('popupCost', credits(cost)) : ''}</span>
      </div>
      {hearCost ? <SpendConfirm estimate={hearCost} onConfirm={() => hear(hearCost)} onCancel={() => dropHear(hearCost)} /> : null}
      {busy && waitNote ? <p className="notice" role="status">{waitNote}</p> : null}
      {error ? <ErrorNotice error={error} /> : null}
      {toConfirm !== null ? (
        <div className="notice" role="group" aria-labelledby="translate-confirm">
          <p id="translate-confirm">{t('popupConfirmCost', credits(toConfirm.cost))}</p>
          <div className="actions">
            <button type="button" className="primary" onClick={() => void translate(toConfirm.token)}>{t('popupTranslate')}</button>
            <button type="button" onClick={() => setToConfirm(null)}>{t('bubbleCancel')}</button>
          </div>
        </div>
      ) : null}
      <div aria-live="polite">
        {result ? (
          <section className="card result" aria-label={t('popupTranslation')}>
            {source === 'auto' && result.sourceLanguage ? (
              <p className="hint">{t('popupDetected', languageLabel(result.sourceLanguage))}</p>
            ) : null}
            <p className="translation" dir="auto" lang={result.targetLanguage}>{result.translation}</p>
            <p className="hint">
              {result.cached ? t('bubbleFromCache') : t('popupSpent', credits(result.cost))}
              {result.balance !== null ? ` · ${t('popupBalance', credits(result.balance))}` : ''}
            </p>
            <div className="actions">
              <button type="button" onClick={() => void copy()}>{copied ? t('bubbleCopied') : t('bubbleCopy')}</button>
              <button type="button" onClick={() => listen()}>{t('bubbleListen')}</button>
            </div>
            {listenCost ? <SpendConfirm estimate={listenCost} onConfirm={() => listen(listenCost)} onCancel={() => dropListen(listenCost)} /> : null}
          </section>
        ) : null}
      </div>
      <TranslationHistory entries={history.entries} onClear={history.clear} onPick={pick} />
    </>
  );
}
