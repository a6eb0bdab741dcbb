import { useState } from 'react';
import type { SerializedServiceError } from '@/lib/api/errors';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/protocol';
import { ErrorNotice } from './error-notice';
import { ReadingControls } from './reading-controls';
import { useReading } from './use-reading';

/** Type or paste any text, hear it or download it; controls whatever reading is under way. */
export function SpeakPanel() {
  const [text, setText] = useState('');
  const [error, setError] = useState<SerializedServiceError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reading = useReading();

  async function run(kind: 'readText' | 'downloadText') {
    setBusy(true);
    setError(null);
    setNotice(null);
    const result = await sendMessage(kind, { text, title: text.trim().slice(0, 60) });
    setBusy(false);
    if (!result.ok) setError(result.error);
    else if (kind === 'downloadText' && 'fileName' in result.value) setNotice(t('downloaded', result.value.fileName));
  }

  return (
    <section aria-label={t('speakHeading')}>
      <label htmlFor="speak-text">{t('speakTextLabel')}</label>
      <textarea id="speak-text" rows={5} dir="auto" value={text} onChange={(e) => setText(e.target.value)} />
      <div className="actions">
        <button type="button" className="primary" disabled={busy} onClick={() => void run('readText')}>{t('play')}</button>
        <button type="button" disabled={busy} onClick={() => void run('downloadText')}>{t('download')}</button>
      </div>
      {notice ? <div className="notice ok" role="status">{notice}</div> : null}
      {error ? <ErrorNotice error={error} /> : null}
      {reading ? <ReadingControls reading={reading} /> : null}
    </section>
  );
}
