import { useEffect, useId, useRef, useState } from 'react';
import { t } from '@/lib/i18n';

export interface ClearRowProps {
  label: string;
  hint: string;
  /** What is stored now, e.g. "Entries: 12 · 1.4 MB"; null while being counted. */
  summary: string | null;
  /** Text of the button that asks, e.g. "Clear cached audio". */
  action: string;
  /** The question shown before anything is deleted. */
  question: string;
  /** Said once it is done. */
  done: string;
  onClear: () => Promise<void>;
}

type Step = 'idle' | 'asking' | 'clearing' | 'done' | 'failed';

/** A kind of stored data, its size, and a Clear button that asks first and then says it is done. */
export function ClearRow({ label, hint, summary, action, question, done, onClear }: ClearRowProps) {
  const [step, setStep] = useState<Step>('idle');
  const id = useId();
  const askButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  // Focus follows the question: onto "Yes, clear" when asked, back to the button once answered.
  useEffect(() => {
    if (step === 'asking') {
      asked.current = true;
      confirmButton.current?.focus();
    } else if (step !== 'clearing' && asked.current) {
      asked.current = false;
      askButton.current?.focus();
    }
  }, [step]);

  async function clear() {
    setStep('clearing');
    try {
      await onClear();
      setStep('done');
    } catch {
      setStep('failed');
    }
  }

  return (
    <div className="clear-row" role="group" aria-labelledby={`${id}-label`}>
      <div className="clear-row-text">
        <h3 id={`${id}-label`}>{label}</h3>
        <p className="hint">{hint}</p>
        <p className="figures">{summary ?? t('loading')}</p>
      </div>
      {step === 'asking' || step === 'clearing' ? (
        <div className="confirm" role="alertdialog" aria-labelledby={`${id}-question`}>
          <p id={`${id}-question`}>{question}</p>
          <div className="actions">
            <button ref={confirmButton} type="button" className="danger" onClick={() => void clear()} disabled={step === 'clearing'}>
              {t('optionsConfirmClear')}
            </button>
            <button type="button" onClick={() => setStep('idle')}>{t('optionsCancel')}</button>
          </div>
        </div>
      ) : (
        <button ref={askButton} type="button" onClick={() => setStep('asking')}>{action}</button>
      )}
      <p className="feedback" role="status">
        {step === 'done' ? done : step === 'failed' ? t('optionsClearFailed') : ''}
      </p>
    </div>
  );
}
