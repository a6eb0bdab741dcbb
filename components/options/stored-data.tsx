import { useCallback, useEffect, useState } from 'react';
import { t } from '@/lib/i18n';
import { audioCacheStats, clearAudioCache } from '@/lib/speech/cache';
import { clearTranslationCache, translationCacheStats } from '@/lib/translate/cache';
import { clearHistory, getHistory } from '@/lib/translate/history';
import { clearPositions, countPositions } from '@/lib/settings/reading-positions';
import { clearWriteToSites, countWriteToSites } from '@/lib/settings/write-to-sites';
import { clearLanguagesMet, countLanguagesMet } from '@/lib/settings/languages-met';
import { ClearRow, type ClearRowProps } from './clear-row';

/** How much of a kind is kept: a count of items, or a cache's entries and bytes. */
type Figure = number | { entries: number; bytes: number };

/** One kind of stored data: how to measure it, how to clear it, and its words. */
interface StoredKind extends Omit<ClearRowProps, 'summary' | 'onClear'> {
  measure: () => Promise<Figure>;
  clear: () => Promise<void>;
  /** "12 items" for a count (a cache's figures are said alike for every cache). */
  counted?: (count: string) => string;
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

const number = (n: number) => n.toLocaleString(document.documentElement.lang);

function summary(kind: StoredKind, figure: Figure): string {
  if (typeof figure === 'number') return figure && kind.counted ? kind.counted(number(figure)) : t('optionsEmpty');
  return figure.entries ? t('optionsCacheFigures', [number(figure.entries), formatBytes(figure.bytes)]) : t('optionsEmpty');
}

/** Every kind the section lists, in its order; the words are read when shown (the UI language may change). */
function storedKinds(): StoredKind[] {
  return [
    {
      label: t('optionsAudioCacheLabel'),
      hint: t('optionsAudioCacheHint'),
      action: t('optionsClearAudio'),
      question: t('optionsClearAudioQuestion'),
      done: t('optionsAudioCleared'),
      measure: audioCacheStats,
      clear: clearAudioCache,
    },
    {
      label: t('optionsTranslationCacheLabel'),
      hint: t('optionsTranslationCacheHint'),
      action: t('optionsClearTranslations'),
      question: t('optionsClearTranslationsQuestion'),
      done: t('optionsTranslationsCleared'),
      measure: translationCacheStats,
      clear: clearTranslationCache,
    },
    {
      label: t('optionsHistoryLabel'),
      hint: t('optionsHistoryHint'),
      action: t('optionsClearHistory'),
      question: t('optionsClearHistoryQuestion'),
      done: t('optionsHistoryCleared'),
      counted: (n) => t('optionsHistoryFigures', n),
      measure: async () => (await getHistory()).length,
      clear: clearHistory,
    },
    {
      label: t('optionsPositionsLabel'),
      hint: t('optionsPositionsHint'),
      action: t('optionsClearPositions'),
      question: t('optionsClearPositionsQuestion'),
      done: t('optionsPositionsCleared'),
      counted: (n) => t('optionsPositionsFigures', n),
      measure: countPositions,
      clear: clearPositions,
    },
    {
      label: t('optionsWriteToSitesLabel'),
      hint: t('optionsWriteToSitesHint'),
      action: t('optionsClearWriteToSites'),
      question: t('optionsClearWriteToSitesQuestion'),
      done: t('optionsWriteToSitesCleared'),
      counted: (n) => t('optionsWriteToSitesFigures', n),
      measure: countWriteToSites,
      clear: clearWriteToSites,
    },
    {
      label: t('optionsLanguagesMetLabel'),
      hint: t('optionsLanguagesMetHint'),
      action: t('optionsClearLanguagesMet'),
      question: t('optionsClearLanguagesMetQuestion'),
      done: t('optionsLanguagesMetCleared'),
      counted: (n) => t('optionsLanguagesMetFigures', n),
      measure: countLanguagesMet,
      clear: clearLanguagesMet,
    },
  ];
}

/** What Voxlate keeps in this browser (cached audio, cached translations, history, places to continue reading, the languages you write to and read), and clearing it. */
export function StoredData() {
  const kinds = storedKinds();
  const [figures, setFigures] = useState<Figure[] | null>(null);
  const count = useCallback(async () => setFigures(await Promise.all(storedKinds().map((kind) => kind.measure()))), []);
  useEffect(() => {
    void count();
    // Readings and translations elsewhere change the figures; recount when the user comes back.
    const recount = () => void count();
    window.addEventListener('focus', recount);
    return () => window.removeEventListener('focus', recount);
  }, [count]);

  return (
    <section className="card" aria-labelledby="stored-heading">
      <h2 id="stored-heading">{t('optionsStoredHeading')}</h2>
      {kinds.map(({ measure, clear, counted, ...words }, i) => (
        <ClearRow
          key={words.label}
          {...words}
          summary={figures && summary({ measure, clear, counted, ...words }, figures[i]!)}
          onClear={async () => {
            await clear();
            await count();
          }}
        />
      ))}
    </section>
  );
}
