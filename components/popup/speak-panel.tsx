import { useState } from 'react';
import type { SerializedServiceError } from '@/lib/api/errors';
import type { Voice } from '@/lib/api/schemas';
import { t } from '@/lib/i18n';
import { sendMessage, type SpendQuestion } from '@/lib/messaging/protocol';
import { baseCode } from '@/lib/translate/languages';
import type { Settings } from '@/lib/settings/schema';
import { ErrorNotice } from '../error-notice';
import { SpeechOptions } from './speech-options';
import { SpendConfirm } from './spend-confirm';
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
  const [saved, setSaved] = useState<string | null>(null);
  // Above the user's threshold the background sends nothing and says what it would cost.
  const [confirm, setConfirm] = useState<SpendQuestion | null>(null);
  const preview = usePreview();

  async function run(kind: 'readText' | 'downloadText', confirmed = false) {
    setBusy(kind);
    setError(null);
    setSaved(null);
    setConfirm(null);
    preview.audioRef.current?.pause();
    const choices = {
      text,
      title: text.trim().slice(0, 60),
      speed: settings.speed,
      format: settings.format,
      ...(voice ? { voiceId: voice.id } : {}),
    };
    const result = kind === 'readText' ? await sendMessage('readText', { ...choices, confirmed }) : await sendMessage('downloadText', choices);
    setBusy(null);
    if (!result.ok) setError(result.error);
    else if ('fileName' in result.value) setSaved(result.value.fileName);
    else if ('confirm' in result.value) setConfirm(result.value.confirm);
  }


  const makeDefault = (v: Voice) =>
    updateSettings({ voices: { ...settings.voices, byLanguage: { ...settings.voices.byLanguage, [baseCode(v.language)]: v.id } } });

  return (
    <>
      <label htmlFor="speak-text">{t('speakTextLabel')}</label>
      <textarea id="speak-text" rows={4} dir="auto" value={text} onChange={(e) => setText(e.target.value)} />
      <div className="actions">
        <button type="button" className="primary" disabled={busy !== null || !text.trim()} onClick={() => void run('readText')}>
          {t('play')}
        </button>
        <button type="button" disabled={busy !== null || !text.trim()} onClick={() => void run('downloadText')}>
          {busy === 'downloadText' ? t('popupPreparingDownload') : t('download')}
        </button>
      </div>
      <div aria-live="polite">
        {saved ? <p className="notice ok">{t('downloaded', saved)}</p> : null}
        {confirm ? (
          <SpendConfirm estimate={confirm} onConfirm={() => void run('readText', true)} onCancel={() => setConfirm(null)} />
        ) : null}
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
