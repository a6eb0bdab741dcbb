import { useEffect, useState } from 'react';
import type { SerializedServiceError } from '@/lib/api/errors';
import type { Voice } from '@/lib/api/schemas';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/send';
import type { SpendQuestion } from '@/lib/messaging/protocol';
import { downloadItem } from '@/lib/background/download/state';
import { baseCode } from '@/lib/language';
import type { Settings } from '@/lib/settings/schema';
import { ErrorNotice } from '../error-notice';
import { DownloadStatus } from './download-status';
import { SpeechOptions } from './speech-options';
import { SpendConfirm } from './spend-confirm';
import { useDownload } from './use-download';
import { usePreview } from './use-preview';
import { usePrefilledText } from './use-selection';
import { VoicePicker } from './voice-picker';

interface Props {
  selection: string;
  voices: Voice[] | null;
  settings: Settings;
  updateSettings: (patch: Partial<Settings>) => void;
}

/** Type, paste or take the page's selection; hear it or download it, in the voice chosen here. */
export function SpeakPanel({ selection, voices, settings, updateSettings }: Props) {
  const [text, setText] = usePrefilledText(selection);
  const [voice, setVoice] = useState<Voice | null>(null);
  const [busy, setBusy] = useState<'readText' | 'downloadText' | null>(null);
  const [error, setError] = useState<SerializedServiceError | null>(null);
  // Above the user's threshold the background sends nothing and says what it would cost.
  const [confirm, setConfirm] = useState<{ kind: 'readText' | 'downloadText'; question: SpendQuestion } | null>(null);
  const download = useDownload();
  const downloading = download?.status === 'running';
  const preview = usePreview();

  // Once the job runs, its progress shows below; until then the button says it is preparing.
  useEffect(() => {
    if (downloading) setBusy((b) => (b === 'downloadText' ? null : b));
  }, [downloading]);

  async function run(kind: 'readText' | 'downloadText', agreed?: SpendQuestion) {
    setBusy(kind);
    setError(null);
    setConfirm(null);
    preview.audioRef.current?.pause();
    const jobBefore = download?.id;
    const choices = {
      text,
      title: text.trim().slice(0, 60),
      speed: settings.speed,
      format: settings.format,
      ...(voice ? { voiceId: voice.id } : {}),
    };
    // Agreed: the worker runs what it kept under the question's token (the figure shown), once.
    const result = agreed ? await sendMessage('confirmSpend', { token: agreed.token }) : await sendMessage(kind, choices);
    setBusy((b) => (b === kind ? null : b));
    if (result.ok) {
      if (result.value && 'confirm' in result.value) setConfirm({ kind, question: result.value.confirm });
      return;
    }
    if (result.error.kind === 'cancelled') return;
    // A job that started shows its own failure (with Retry); only a refusal before it is shown here.
    if (kind === 'downloadText' && (await downloadItem.getValue())?.id !== jobBefore) return;
    setError(result.error);
  }

  function cancel(question: SpendQuestion) {
    setConfirm(null);
    void sendMessage('cancelSpend', { token: question.token });
  }

  const makeDefault = (v: Voice) =>
    updateSettings({ voices: { ...settings.voices, byLanguage: { ...settings.voices.byLanguage, [baseCode(v.language)]: v.id } } });

  return (
    <>
      <label htmlFor="speak-text">{t('speakTextLabel')}</label>
      <textarea id="speak-text" rows={4} dir="auto" value={text} onChange={(e) => setText(e.target.value)} />
      <div className="actions">
        <button type="button" className="primary" disabled={busy === 'readText' || !text.trim()} onClick={() => void run('readText')}>
          {t('play')}
        </button>
        <button type="button" disabled={busy === 'downloadText' || downloading || !text.trim()} onClick={() => void run('downloadText')}>
          {busy === 'downloadText' ? t('popupPreparingDownload') : t('download')}
        </button>
      </div>
      {download ? <DownloadStatus state={download} /> : null}
      <div aria-live="polite">
        {confirm ? <SpendConfirm estimate={confirm.question} action={confirm.kind === 'readText' ? 'play' : 'download'} onConfirm={() => void run(confirm.kind, confirm.question)} onCancel={() => cancel(confirm.question)} /> : null}
      </div>
      {error ? <ErrorNotice error={error} /> : null}
      <SpeechOptions speed={settings.speed} format={settings.format} onChange={updateSettings} />
      <VoicePicker
        voices={voices}
        selected={voice}
        onSelect={setVoice}
        defaults={settings.voices}
        onMakeDefault={makeDefault}
        preview={preview}
      />
      <audio ref={preview.audioRef} preload="none" hidden />
    </>
  );
}
