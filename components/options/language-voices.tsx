import type { Voice } from '@/lib/api/schemas';
import { t } from '@/lib/i18n';
import type { Settings } from '@/lib/settings/schema';
import { languageName, voiceLabel } from './language-names';

interface Props {
  groups: [string, Voice[]][];
  settings: Settings;
  update: (patch: Partial<Settings>) => Promise<Settings>;
}

/** A voice per language of the voices list; "Automatic" removes the language's entry. */
export function LanguageVoices({ groups, settings, update }: Props) {
  const choose = (code: string, voiceId: string) => {
    const byLanguage = { ...settings.voices.byLanguage };
    if (voiceId) byLanguage[code] = voiceId;
    else delete byLanguage[code];
    void update({ voices: { ...settings.voices, byLanguage } });
  };

  return (
    <fieldset className="language-voices" aria-describedby="language-voices-hint">
      <legend>{t('optionsLanguageVoicesHeading')}</legend>
      <p className="hint" id="language-voices-hint">
        {groups.length ? t('optionsLanguageVoicesHint') : t('optionsLanguageVoicesEmpty')}
      </p>
      <div className="pairs">
        {groups.map(([code, list]) => (
          <div className="pair" key={code}>
            <label htmlFor={`voice-${code}`}>{languageName(code)}</label>
            <select id={`voice-${code}`} value={settings.voices.byLanguage[code] ?? ''} onChange={(e) => choose(code, e.target.value)}>
              <option value="">{t('optionsVoiceAutomatic')}</option>
              {list.map((voice) => (
                <option key={voice.id} value={voice.id}>{voiceLabel(voice)}</option>
              ))}
            </select>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
