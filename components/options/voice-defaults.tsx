import { t } from '@/lib/i18n';
import { ErrorNotice } from '../error-notice';
import { useSettings } from '../use-settings';
import { LanguageVoices } from './language-voices';
import { languageName, voiceLabel, voicesByLanguage } from './language-names';
import { useVoices } from './use-voices';

/** The default voice, the voices list (with a refresh), and a voice for each language the user reads. */
export function VoiceDefaults({ enabled }: { enabled: boolean }) {
  const [settings, update] = useSettings();
  const { voices, error, loading, refresh } = useVoices(enabled);
  const groups = voicesByLanguage(voices?.voices ?? []);
  if (!settings) return null;

  return (
    <section className="card" aria-labelledby="voices-heading">
      <h2 id="voices-heading">{t('optionsVoicesHeading')}</h2>
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
    </section>
  );
}
