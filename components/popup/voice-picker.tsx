import { memo, useDeferredValue, useMemo, useState } from 'react';
import type { Voice } from '@/lib/api/schemas';
import { t } from '@/lib/i18n';
import { baseCode } from '@/lib/language';
import { filterVoices, indexVoices, languageLabel, type VoiceGroup } from './voice-filter';
import type { Preview } from './use-preview';

/** Most voices listed at once; search and filters reach the rest. */
const LIST_LIMIT = 100;

export interface VoiceDefaults {
  default: string | null;
  byLanguage: Record<string, string>;
}

interface Props {
  voices: Voice[] | null;
  selected: Voice | null;
  onSelect: (voice: Voice | null) => void;
  defaults: VoiceDefaults;
  onMakeDefault: (voice: Voice) => void;
  preview: Preview;
}

const isDefault = (voice: Voice, defaults: VoiceDefaults) =>
  defaults.default === voice.id || defaults.byLanguage[baseCode(voice.language)] === voice.id;

function genderLabel(gender: string): string {
  return gender === 'female' ? t('popupGenderFemale') : gender === 'male' ? t('popupGenderMale') : gender;
}

/** Voice chooser for hundreds of voices: search, language and gender filters, grouped by language. */
export function VoicePicker({ voices, selected, onSelect, defaults, onMakeDefault, preview }: Props) {
  const [search, setSearch] = useState('');
  const [language, setLanguage] = useState('');
  const [gender, setGender] = useState('');
  const index = useMemo(() => indexVoices(voices ?? []), [voices]);
  const languages = useMemo(() => [...new Set(index.map((v) => v.language))], [index]);
  const genders = useMemo(() => [...new Set(index.map((v) => v.voice.gender))].sort(), [index]);
  // Typing stays instant; the list follows a moment later when React is busy.
  const query = useDeferredValue(search);
  const { groups, total } = useMemo(() => filterVoices(index, { search: query, language, gender }, LIST_LIMIT), [index, query, language, gender]);
  const selectedIsDefault = selected ? isDefault(selected, defaults) : true;

  return (
    <fieldset className="voice-picker">
      <legend>{t('popupVoice')}</legend>
      <div className="row voice-current">
        <span className="grow" dir="auto">
          {selected ? `${selected.name} · ${languageLabel(baseCode(selected.language))}` : t('voiceAutomatic')}
        </span>
        {selected ? (
          <button type="button" onClick={() => preview.toggle(selected)}>
            {preview.playing === selected.id ? t('popupStopPreview') : t('popupPreview', selected.name)}
          </button>
        ) : null}
      </div>
      {selected && !selectedIsDefault ? (
        <button type="button" className="link" onClick={() => onMakeDefault(selected)}>
          {t('popupMakeDefault', languageLabel(baseCode(selected.language)))}
        </button>
      ) : null}
      {selected && preview.failed === selected.id ? <p className="hint" role="alert">{t('popupPreviewFailed')}</p> : null}

      <label htmlFor="voice-search">{t('popupSearchVoices')}</label>
      <input id="voice-search" type="search" autoComplete="off" spellCheck={false} value={search} onChange={(e) => setSearch(e.target.value)} />
      <div className="row filters">
        <div className="grow">
          <label htmlFor="voice-language">{t('popupVoiceLanguage')}</label>
          <select id="voice-language" value={language} onChange={(e) => setLanguage(e.target.value)}>
            <option value="">{t('popupAllLanguages')}</option>
            {languages.map((code) => <option key={code} value={code}>{languageLabel(code)}</option>)}
          </select>
        </div>
        <div className="grow">
          <label htmlFor="voice-gender">{t('popupVoiceGender')}</label>
          <select id="voice-gender" value={gender} onChange={(e) => setGender(e.target.value)}>
            <option value="">{t('popupAnyGender')}</option>
            {genders.map((g) => <option key={g} value={g}>{genderLabel(g)}</option>)}
          </select>
        </div>
      </div>
      <p className="hint" role="status" aria-live="polite">
        {voices === null
          ? t('loading')
          : total === 0
            ? t('popupNoVoiceMatches')
            : total > LIST_LIMIT
              ? t('popupVoicesShown', [String(LIST_LIMIT), total.toLocaleString()])
              : total === 1
                ? t('popupVoicesFoundOne')
                : t('popupVoicesFound', total.toLocaleString())}
      </p>
      <div className="voice-list" role="radiogroup" aria-label={t('popupVoices')}>
        <label className="voice-option">
          <input type="radio" name="voice" checked={!selected} onChange={() => onSelect(null)} />
          <span>{t('voiceAutomatic')}</span>
        </label>
        <VoiceGroups groups={groups} selectedId={selected?.id ?? null} defaults={defaults} onSelect={onSelect} />
      </div>
    </fieldset>
  );
}

/** The listed radios; memoised so the selected-voice line updating does not re-render 100 rows. */
const VoiceGroups = memo(function VoiceGroups({ groups, selectedId, defaults, onSelect }: {
  groups: VoiceGroup[];
  selectedId: string | null;
  defaults: VoiceDefaults;
  onSelect: (voice: Voice) => void;
}) {
  return groups.map((group) => (
    <fieldset key={group.language} className="voice-group">
      <legend>{languageLabel(group.language)}</legend>
      {group.voices.map((voice) => (
        <label key={voice.id} className="voice-option">
          <input type="radio" name="voice" value={voice.id} checked={voice.id === selectedId} onChange={() => onSelect(voice)} />
          <span dir="auto">{voice.name}</span>
          <span className="tag">{genderLabel(voice.gender)}</span>
          {isDefault(voice, defaults) ? <span className="tag default">{t('popupDefaultTag')}</span> : null}
        </label>
      ))}
    </fieldset>
  ));
});
