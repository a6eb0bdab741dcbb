import { useEffect, useRef, useState, type FormEvent } from 'react';
import { t } from '@/lib/i18n';
import { LANGUAGES } from '@/lib/language';
import { MAX_GLOSSARY } from '@/lib/settings/schema';
import { PRONUNCIATION_ANCHOR, takePronunciationAsked } from '@/lib/settings/pronunciation-asked';
import type { Pronunciation } from '@/lib/speech/pronounce';
import { useSettings } from '../use-settings';
import { languageName } from './language-names';

/** The user's "write → say" pairs: added with labelled fields, listed, removed. */
export function PronunciationOptions() {
  const [settings, update] = useSettings();
  const [write, setWrite] = useState('');
  const [say, setSay] = useState('');
  const [language, setLanguage] = useState('');
  const [site, setSite] = useState('');
  const [said, setSaid] = useState('');
  // Opened by a "Fix pronunciation" from a page's menu: the word and the site it asks to fill in.
  const [asked, setAsked] = useState(() => location.hash === `#${PRONUNCIATION_ANCHOR}`);
  const sayField = useRef<HTMLInputElement>(null);
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!asked) return;
    void takePronunciationAsked().then((fill) => {
      if (!fill) return setAsked(false);
      setWrite(fill.write);
      setSite(fill.site);
    });
  }, []);
  useEffect(() => {
    if (!asked || !settings) return;
    section.current?.scrollIntoView();
    sayField.current?.focus();
  }, [asked, Boolean(settings)]);
  if (!settings) return null;
  const list = settings.pronunciations;

  const add = (event: FormEvent) => {
    event.preventDefault();
    const entry: Pronunciation = { write: write.trim(), say: say.trim(), language: language || null, site: site.trim().toLowerCase() || null };
    if (!entry.write || !entry.say) return;
    // The same word in the same place is said one way: the new pair replaces the old.
    const others = list.filter((p) => !(p.write === entry.write && p.language === entry.language && p.site === entry.site));
    void update({ pronunciations: [...others, entry].slice(-MAX_GLOSSARY) }).then(() => {
      setSaid(t('optionsPronunciationAdded', [entry.write, entry.say]));
      setWrite('');
      setSay('');
    });
  };
  const remove = (index: number) => {
    const gone = list[index]!;
    void update({ pronunciations: list.filter((_, i) => i !== index) }).then(() => setSaid(t('optionsPronunciationRemoved', gone.write)));
  };
  const where = (p: Pronunciation) =>
    [p.language ? languageName(p.language) : null, p.site].filter(Boolean).join(' · ') || t('optionsPronunciationEverywhere');

  return (
    <section className="card" aria-labelledby="pronunciation-heading" id="pronunciation" ref={section}>
      <h2 id="pronunciation-heading">{t('optionsPronunciationHeading')}</h2>
      <p className="hint" id="pronunciation-hint">{t('optionsPronunciationHint')}</p>
      <form className="pronunciation-form" onSubmit={add} aria-describedby="pronunciation-hint">
        <label>
          {t('optionsPronunciationWrite')}
          <input value={write} maxLength={100} required onChange={(e) => setWrite(e.target.value)} />
        </label>
        <label>
          {t('optionsPronunciationSay')}
          <input ref={sayField} value={say} maxLength={200} required onChange={(e) => setSay(e.target.value)} />
        </label>
        <label>
          {t('optionsPronunciationLanguage')}
          <select value={language} onChange={(e) => setLanguage(e.target.value)}>
            <option value="">{t('optionsPronunciationAnyLanguage')}</option>
            {LANGUAGES.map((l) => (
              <option key={l.code} value={l.code}>{languageName(l.code)}</option>
            ))}
          </select>
        </label>
        <label>
          {t('optionsPronunciationSite')}
          <input value={site} maxLength={253} placeholder="example.com" onChange={(e) => setSite(e.target.value)} />
        </label>
        <button type="submit" className="primary">{t('optionsPronunciationAdd')}</button>
      </form>
      <p className="hint" role="status">{said}</p>
      {list.length > 0 ? (
        <ul className="pronunciations" aria-label={t('optionsPronunciationListLabel')}>
          {list.map((p, i) => (
            <li key={`${p.write}|${p.language}|${p.site}`}>
              <span>
                <strong>{p.write}</strong> → {p.say} <span className="hint">({where(p)})</span>
              </span>
              <button type="button" aria-label={t('optionsPronunciationRemove', p.write)} onClick={() => remove(i)}>
                {t('optionsPronunciationRemoveShort')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
