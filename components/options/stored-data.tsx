import { useCallback, useEffect, useState } from 'react';
import { t } from '@/lib/i18n';
import { audioCacheStats, clearAudioCache } from '@/lib/speech/cache';
import { clearTranslationCache, translationCacheStats } from '@/lib/translate/cache';
import { clearHistory, getHistory } from '@/lib/translate/history';
import { clearPositions, countPositions } from '@/lib/settings/reading-positions';
import { clearWriteToSites, countWriteToSites } from '@/lib/settings/write-to-sites';
import { clearLanguagesMet, countLanguagesMet } from '@/lib/settings/languages-met';
import { ClearRow } from './clear-row';

interface Figures {
  audio: { entries: number; bytes: number };
  translations: { entries: number; bytes: number };
  history: number;
  positions: number;
  writeTo: number;
  languages: number;
}

/** "1.4 MB" in the UI language's number format. */
export function formatBytes(bytes: number): string {
  const [value, unit] = bytes >= 1024 * 1024 ? [bytes / (1024 * 1024), 'megabyte'] : [bytes / 1024, 'kilobyte'];
  return new Intl.NumberFormat(document.documentElement.lang || undefined, {
    style: 'unit',
    unit,
    maximumFractionDigits: 1,
  }).format(value);
}

function summary(stats: { entries: number; bytes: number }): string {
  return stats.entries ? t('optionsCacheFigures', [stats.entries.toLocaleString(document.documentElement.lang), formatBytes(stats.bytes)]) : t('optionsEmpty');
}

/** What Voxlate keeps in this browser (cached audio, cached translations, history, places to continue reading, the languages you write to and read), and clearing it. */
export function StoredData() {
  const [figures, setFigures] = useState<Figures | null>(null);
  const count = useCallback(async () => {
    const [audio, translations, history, positions, writeTo, languages] = await Promise.all([
      audioCacheStats(),
      translationCacheStats(),
      getHistory(),
      countPositions(),
      countWriteToSites(),
      countLanguagesMet(),
    ]);
    setFigures({ audio, translations, history: history.length, positions, writeTo, languages });
  }, []);
  useEffect(() => {
    void count();
    // Readings and translations elsewhere change the figures; recount when the user comes back.
    const recount = () => void count();
    window.addEventListener('focus', recount);
    return () => window.removeEventListener('focus', recount);
  }, [count]);
  const after = (clear: () => Promise<void>) => async () => {
    await clear();
    await count();
  };

  return (
    <section className="card" aria-labelledby="stored-heading">
      <h2 id="stored-heading">{t('optionsStoredHeading')}</h2>
      <ClearRow
        label={t('optionsAudioCacheLabel')}
        hint={t('optionsAudioCacheHint')}
        summary={figures && summary(figures.audio)}
        action={t('optionsClearAudio')}
        question={t('optionsClearAudioQuestion')}
        done={t('optionsAudioCleared')}
        onClear={after(clearAudioCache)}
      />
      <ClearRow
        label={t('optionsTranslationCacheLabel')}
        hint={t('optionsTranslationCacheHint')}
        summary={figures && summary(figures.translations)}
        action={t('optionsClearTranslations')}
        question={t('optionsClearTranslationsQuestion')}
        done={t('optionsTranslationsCleared')}
        onClear={after(clearTranslationCache)}
      />
      <ClearRow
        label={t('optionsHistoryLabel')}
        hint={t('optionsHistoryHint')}
        summary={figures && (figures.history ? t('optionsHistoryFigures', figures.history.toLocaleString(document.documentElement.lang)) : t('optionsEmpty'))}
        action={t('optionsClearHistory')}
        question={t('optionsClearHistoryQuestion')}
        done={t('optionsHistoryCleared')}
        onClear={after(clearHistory)}
      />
      <ClearRow
        label={t('optionsPositionsLabel')}
        hint={t('optionsPositionsHint')}
        summary={figures && (figures.positions ? t('optionsPositionsFigures', figures.positions.toLocaleString(document.documentElement.lang)) : t('optionsEmpty'))}
        action={t('optionsClearPositions')}
        question={t('optionsClearPositionsQuestion')}
        done={t('optionsPositionsCleared')}
        onClear={after(clearPositions)}
      />
      <ClearRow
        label={t('optionsWriteToSitesLabel')}
        hint={t('optionsWriteToSitesHint')}
        summary={figures && (figures.writeTo ? t('optionsWriteToSitesFigures', figures.writeTo.toLocaleString(document.documentElement.lang)) : t('optionsEmpty'))}
        action={t('optionsClearWriteToSites')}
        question={t('optionsClearWriteToSitesQuestion')}
        done={t('optionsWriteToSitesCleared')}
        onClear={after(clearWriteToSites)}
      />
      <ClearRow
        label={t('optionsLanguagesMetLabel')}
        hint={t('optionsLanguagesMetHint')}
        summary={figures && (figures.languages ? t('optionsLanguagesMetFigures', figures.languages.toLocaleString(document.documentElement.lang)) : t('optionsEmpty'))}
        action={t('optionsClearLanguagesMet')}
        question={t('optionsClearLanguagesMetQuestion')}
        done={t('optionsLanguagesMetCleared')}
        onClear={after(clearLanguagesMet)}
      />
    </section>
  );
}
