import { useState } from 'react';
import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n';
import { languageByCode, LANGUAGES } from '@/lib/language';
import { useSettings } from '../use-settings';
import { languageName } from './language-names';
import { EVERY_SITE } from '@/lib/settings/every-site';
import { WRITE_AT_ONCE_CHARS } from '@/lib/settings/schema';


/** "Français (French)": the language's own name, and its name in the UI language when they differ. */
function optionText(code: string, native: string): string {
  const local = languageName(code);
  return local.toLowerCase() === native.toLowerCase() ? native : `${native} (${local})`;
}

/** Every language as an option, in its own name. */
function LanguageOptions() {
  return LANGUAGES.map((language) => (
    <option key={language.code} value={language.code} lang={language.code}>
      {optionText(language.code, language.native)}
    </option>
  ));
}

/**
 * The language translations go into ("Browser language", null, follows the browser's UI
 * language), the one what the user writes is translated into (null: the page's), and whether
 * that comes back into their language to check it, whether three spaces typed ask for it, and
 * whether a short one goes in place at once.
 */
export function TranslationDefaults() {
  const [settings, update] = useSettings();
  const [triggerRefused, setTriggerRefused] = useState(false);
  if (!settings) return null;

  /** The typed trigger runs on every site: access to them is asked for, within the click, when it is turned on. */
  const changeTrigger = async (on: boolean) => {
    setTriggerRefused(false);
    if (on && !(await browser.permissions.request({ origins: EVERY_SITE }).catch(() => false))) return setTriggerRefused(true);
    await update({ writeTrigger: on });
  };
  const browserLanguage = languageByCode(browser.i18n.getUILanguage())?.code ?? 'en';

  return (
    <section className="card" aria-labelledby="translation-heading">
      <h2 id="translation-heading">{t('optionsTranslationHeading')}</h2>
      <label htmlFor="target-language">{t('optionsTargetLabel')}</label>
      <select
        id="target-language"
        aria-describedby="target-language-hint"
        value={settings.targetLanguage ?? ''}
        onChange={(e) => void update({ targetLanguage: e.target.value || null })}
      >
        <option value="">{t('optionsTargetBrowser', languageName(browserLanguage))}</option>
        <LanguageOptions />
      </select>
      <p className="hint" id="target-language-hint">{t('optionsTargetHint')}</p>
      <label htmlFor="write-to-language">{t('optionsWriteToLabel')}</label>
      <select
        id="write-to-language"
        aria-describedby="write-to-language-hint"
        value={settings.writeTo ?? ''}
        onChange={(e) => void update({ writeTo: e.target.value || null })}
      >
        <option value="">{t('optionsWriteToPage')}</option>
        <LanguageOptions />
      </select>
      <p className="hint" id="write-to-language-hint">{t('optionsWriteToHint')}</p>
      <label className="check">
        <input type="checkbox" checked={settings.writeBack} aria-describedby="write-back-hint" onChange={(e) => void update({ writeBack: e.target.checked })} />
        {t('optionsWriteBackLabel')}
      </label>
      <p className="hint" id="write-back-hint">{t('optionsWriteBackHint')}</p>
      <label className="check">
        <input type="checkbox" checked={settings.writeTrigger} aria-describedby="write-trigger-hint" onChange={(e) => void changeTrigger(e.target.checked)} />
        {t('optionsWriteTriggerLabel')}
      </label>
      <p className="hint" id="write-trigger-hint">{t('optionsWriteTriggerHint')}</p>
      {triggerRefused ? <p className="notice" role="alert">{t('optionsWriteTriggerRefused')}</p> : null}
      <label className="check">
        <input type="checkbox" checked={settings.writeReplaceAtOnce} aria-describedby="write-at-once-hint" onChange={(e) => void update({ writeReplaceAtOnce: e.target.checked })} />
        {t('optionsWriteAtOnceLabel')}
      </label>
      <p className="hint" id="write-at-once-hint">{t('optionsWriteAtOnceHint', WRITE_AT_ONCE_CHARS.toLocaleString(document.documentElement.lang))}</p>
    </section>
  );
}
