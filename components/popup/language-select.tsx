import { t } from '@/lib/i18n';
import { LANGUAGES } from '@/lib/language';
import { languageLabel } from './voice-filter';

/** A picker of the translator's languages, optionally with "Automatic" (detect) first. */
export function LanguageSelect({ id, label, value, onChange, automatic }: {
  id: string;
  label: string;
  value: string;
  onChange: (code: string) => void;
  automatic?: boolean;
}) {
  return (
    <div className="grow">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {automatic ? <option value="auto">{t('popupDetectLanguage')}</option> : null}
        {LANGUAGES.map((l) => <option key={l.code} value={l.code}>{languageLabel(l.code)}</option>)}
      </select>
    </div>
  );
}
