import { useEffect, useRef, useState } from 'react';
import type { Voice } from '@/lib/api/schemas';
import { t, uiLocale } from '@/lib/i18n';
import { noteLanguageMet } from '@/lib/settings/languages-met';
import type { Settings } from '@/lib/settings/schema';
import { languageName, voiceLabel } from './language-names';
import { splitShownLanguages } from './shown-languages';
import { useLanguagesMet } from './use-languages-met';

interface Props {
  groups: [string, Voice[]][];
  settings: Settings;
  update: (patch: Partial<Settings>) => Promise<Settings>;
}

/**
 * A voice for each language the user reads (the UI language, those met in readings and
 * translations, those with a voice chosen), not for every language of the service; "Add a
 * language" adds another. "Automatic" removes the language's entry.
 */
export function LanguageVoices({ groups, settings, update }: Props) {
  const met = useLanguagesMet();
  const { shown, others } = splitShownLanguages(groups, [uiLocale(), ...met, ...Object.keys(settings.voices.byLanguage)]);
  const [adding, setAdding] = useState('');
  const pairs = useRef<HTMLDivElement>(null);
  const choose = (code: string, voiceId: string) => {
    const byLanguage = { ...settings.voices.byLanguage };
    if (voiceId) byLanguage[code] = voiceId;
    else delete byLanguage[code];
    void update({ voices: { ...settings.voices, byLanguage } });
  };
  // The new language's picker takes the focus once it is shown (when storage has told this page).
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const picker = focusNext.current && pairs.current?.querySelector<HTMLSelectElement>(`#voice-${focusNext.current}`);
    if (!picker) return;
    focusNext.current = null;
    picker.focus();
  });
  const add = async () => {
    focusNext.current = adding;
    setAdding('');
    await noteLanguageMet(adding);
  };

  return (
    <fieldset className="language-voices" aria-describedby="language-voices-hint">
      <legend>{t('optionsLanguageVoicesHeading')}</legend>
      <p className="hint" id="language-voices-hint">
        {groups.length ? t('optionsLanguageVoicesHint') : t('optionsLanguageVoicesEmpty')}
      </p>
      <div className="pairs" ref={pairs}>
        {shown.map(([code, list]) => (
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
      {others.length ? (
        <div className="add-language">
          <label htmlFor="add-language">{t('optionsAddLanguage')}</label>
          <div className="row">
            <select id="add-language" value={adding} onChange={(e) => setAdding(e.target.value)}>
              <option value="">{t('optionsAddLanguageChoose')}</option>
              {others.map(([code]) => (
                <option key={code} value={code}>{languageName(code)}</option>
              ))}
            </select>
            <button type="button" disabled={!adding} onClick={() => void add()}>{t('optionsPronunciationAdd')}</button>
          </div>
        </div>
      ) : null}
    </fieldset>
  );
}
