import { useEffect, useRef, useState } from 'react';
import { t } from '@/lib/i18n';
import { ErrorNotice } from '../error-notice';
import { FormatSelect, SpeedInput } from '../speech-fields';
import { useSettings } from '../use-settings';
import { LanguageVoices } from './language-voices';
import { languageName, voiceLabel, voicesByLanguage } from './language-names';
import { useVoices } from './use-voices';

/** Default voice (and one per language), speed, format, highlighting and the in-page player. */
export function VoiceDefaults({ enabled }: { enabled: boolean }) {
  const [settings, update] = useSettings();
  const { voices, error, loading, refresh } = useVoices(enabled);
  const groups = voicesByLanguage(voices?.voices ?? []);
  // The slider moves at once and storage catches up; echoes of earlier writes must not move it back.
  const [speed, setSpeed] = useState<number | null>(null);
  const writing = useRef(0);
  useEffect(() => {
    if (!writing.current) setSpeed(settings?.speed ?? null);
  }, [settings?.speed]);
  if (!settings) return null;
  const shownSpeed = speed ?? settings.speed;

  return (
    <section className="card" aria-labelledby="defaults-heading">
      <h2 id="defaults-heading">{t('defaultsHeading')}</h2>
      <label htmlFor="default-voice">{t('defaultVoiceLabel')}</label>
      <select
        id="default-voice"
        aria-describedby="default-voice-hint"
        value={settings.voices.default ?? ''}
        onChange={(e) => void update({ voices: { ...settings.voices, default: e.target.value || null } })}
      >
        <option value="">{t('voiceAutomatic')}</option>
        {groups.map(([code, list]) => (
          <optgroup key={code} label={languageName(code)}>
            {list.map((voice) => (
              <option key={voice.id} value={voice.id}>{voiceLabel(voice)}</option>
            ))}
          </optgroup>
        ))}
      </select>
      <p className="hint" id="default-voice-hint">{t('optionsDefaultVoiceHint')}</p>
      <div className="row" style={{ marginTop: '0.5em' }}>
        <span className="hint" role="status">
          {voices ? t('voicesCount', [String(voices.voices.length), String(groups.length)]) : t('voicesNotLoaded')}
        </span>
        <button type="button" onClick={refresh} disabled={!enabled || loading}>
          {loading ? t('loading') : t('refreshVoices')}
        </button>
      </div>
      {error ? <ErrorNotice error={error} /> : null}

      <LanguageVoices groups={groups} settings={settings} update={update} />

      <SpeedInput
        id="default-speed"
        value={shownSpeed}
        onChange={(speed) => {
          setSpeed(speed);
          writing.current++;
          void update({ speed }).finally(() => writing.current--);
        }}
      />
      <FormatSelect id="default-format" value={settings.format} onChange={(format) => void update({ format })} />
      <label className="check">
        <input
          type="checkbox"
          checked={settings.highlight}
          onChange={(e) => void update({ highlight: e.target.checked })}
        />
        {t('highlightLabel')}
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={settings.highlightWords}
          disabled={!settings.highlight}
          onChange={(e) => void update({ highlightWords: e.target.checked })}
        />
        {t('highlightWordsLabel')}
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={settings.pagePlayer.show}
          onChange={(e) => void update({ pagePlayer: { ...settings.pagePlayer, show: e.target.checked } })}
        />
        {t('pagePlayerOption')}
      </label>
    </section>
  );
}
