import { t } from '@/lib/i18n';
import { ErrorNotice } from '../error-notice';
import { NextIcon, PreviousIcon } from '../icons';
import { sendMessage } from '@/lib/messaging/send';
import type { ReadingState } from '@/lib/messaging/protocol';
import type { PlayerAction } from '@/lib/player/contract';
import { useWaitNote } from './use-wait-note';
import { ReadingSpeed } from './reading-speed';

function formatTime(seconds: number): string {
  const s = Math.floor(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * Pause/resume, previous/next sentence and stop for the reading under way, with its progress; and
 * why it stopped, when it stopped by itself (Resume then goes on from there).
 */
export function ReadingControls({ reading }: { reading: ReadingState }) {
  const control = (action: PlayerAction) => void sendMessage('readingControl', { action });
  const paused = reading.status === 'paused';
  // Why it waits (busy, slow, retrying), while it waits.
  const waitNote = useWaitNote(`reading:${reading.sessionId}`);
  return (
    <section className="card reading" aria-label={t('nowReading')}>
      <p className="reading-title" dir="auto">{reading.title || t('untitled')}</p>
      <p className="hint" role="status">
        {t('progress', [String(reading.sentence + 1), String(reading.sentenceCount), formatTime(reading.elapsedSec)])}
        {reading.status === 'loading' ? ` · ${t('loading')}` : paused ? ` · ${t('popupPaused')}` : ''}
      </p>
      {reading.status === 'loading' && waitNote ? <p className="notice" role="status">{waitNote}</p> : null}
      <progress max={reading.sentenceCount} value={reading.sentence + 1} aria-label={t('nowReading')} />
      {/* The reading stopped on its own (its player could not be started again): why, and Resume below. */}
      {reading.error ? <ErrorNotice error={{ kind: 'invalidRequest', message: reading.error.message }} /> : null}
      <div className="actions">
        <button type="button" className="primary" onClick={() => control(paused ? 'resume' : 'pause')}>
          {paused ? t('resume') : t('pause')}
        </button>
        <button type="button" onClick={() => control('stop')}>{t('stop')}</button>
        <button type="button" onClick={() => control('previous')} aria-label={t('previousSentence')} title={t('previousSentence')}><PreviousIcon /></button>
        <button type="button" onClick={() => control('next')} aria-label={t('nextSentence')} title={t('nextSentence')}><NextIcon /></button>
      </div>
      <ReadingSpeed speed={reading.speed} />
    </section>
  );
}
