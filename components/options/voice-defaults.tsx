import { useEffect, useMemo, useState } from 'react';
import type { SerializedServiceError } from '@/lib/api/errors';
import type { Voice } from '@/lib/api/schemas';
import { t } from '@/lib/i18n';
import { sendMessage, type VoicesView } from '@/lib/messaging/protocol';
import { ErrorNotice } from './error-notice';
import { useSettings } from './use-settings';

function groupByLanguage(voices: Voice[]): [string, Voice[]][] {
  const groups = new Map<string, Voice[]>();
  for (const voice of voices) groups.set(voice.language, [...(groups.get(voice.language) ?? []), voice]);
  return [...groups].sort(([a], [b]) => a.localeCompare(b));
}

/** Default voice, speed, format and highlighting; the voices list is cached by the background. */
export function VoiceDefaults({ enabled }: { enabled: boolean }) {
  const [settings, update] = useSettings();
  const [voices, setVoices] = useState<VoicesView | null>(null);
  const [error, setError] = useState<SerializedServiceError | null>(null);
  const [loading, setLoading] = useState(false);

  async function load(refresh: boolean) {
    setLoading(true);
    const result = await sendMessage('getVoices', { refresh });
    setLoading(false);
    if (result.ok) {
      setVoices(result.value);
      setError(null);
    } else setError(result.error);
  }
  useEffect(() => {
    if (enabled) void load(false);
  }, [enabled]);
  const groups = useMemo(() => groupByLanguage(voices?.voices ?? []), [voices]);
  if (!settings) return null;

  return (
    <section className="card" aria-labelledby="defaults-heading">
      <h2 id="defaults-heading">{t('defaultsHeading')}</h2>
      <label htmlFor="default-voice">{t('defaultVoiceLabel')}</label>
      <select
        id="default-voice"
        value={settings.voices.default ?? ''}
        onChange={(e) => void update({ voices: { ...settings.voices, default: e.target.value || null } })}
      >
        <option value="">{t('voiceAutomatic')}</option>
        {groups.map(([language, list]) => (
          <optgroup key={language} label={language}>
            {list.map((voice) => (
              <option key={voice.id} value={voice.id}>{`${voice.name} (${voice.gender})`}</option>
            ))}
          </optgroup>
        ))}
      </select>
      <div className="row" style={{ marginTop: '0.5em' }}>
        <span className="hint" role="status">
          {voices ? t('voicesCount', [String(voices.voices.length), String(groups.length)]) : t('voicesNotLoaded')}
        </span>
        <button type="button" onClick={() => void load(true)} disabled={!enabled || loading}>
          {loading ? t('loading') : t('refreshVoices')}
        </button>
      </div>
      {error ? <ErrorNotice error={error} /> : null}

      <label htmlFor="default-speed">{t('speedLabel', settings.speed.toFixed(2))}</label>
      <input
        id="default-speed"
        type="range"
        min={0.5}
        max={2}
        step={0.05}
        value={settings.speed}
        onChange={(e) => void update({ speed: Number(e.target.value) })}
      />
      <label htmlFor="default-format">{t('formatLabel')}</label>
      <select
        id="default-format"
        value={settings.format}
        onChange={(e) => void update({ format: e.target.value as 'mp3' | 'wav' })}
      >
        <option value="mp3">MP3</option>
        <option value="wav">WAV</option>
      </select>
      <label style={{ fontWeight: 400 }}>
        <input
          type="checkbox"
          checked={settings.highlight}
          onChange={(e) => void update({ highlight: e.target.checked })}
        />{' '}
        {t('highlightLabel')}
      </label>
    </section>
  );
}
