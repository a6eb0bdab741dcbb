import { t } from '@/lib/i18n';
import type { HistoryEntry } from '@/lib/translate/history';

/** Most entries listed in the popup (the history keeps more). */
const SHOWN = 10;

/** Recent translations, newest first, with a button that forgets them all. */
export function TranslationHistory({ entries, onClear, onPick }: {
  entries: HistoryEntry[];
  onClear: () => void;
  onPick: (entry: HistoryEntry) => void;
}) {
  return (
    <section className="history" aria-labelledby="history-heading">
      <div className="row">
        <h2 id="history-heading" className="grow">{t('popupHistory')}</h2>
        <button type="button" onClick={onClear} disabled={entries.length === 0}>{t('popupClearHistory')}</button>
      </div>
      {entries.length === 0 ? (
        <p className="hint">{t('popupHistoryEmpty')}</p>
      ) : (
        <ul aria-label={t('popupHistory')}>
          {entries.slice(0, SHOWN).map((entry) => (
            <li key={entry.id}>
              <button type="button" className="history-entry" onClick={() => onPick(entry)}>
                <span className="tag">{`${entry.sourceLanguage ?? '?'} → ${entry.targetLanguage}`}</span>
                <span className="clip" dir="auto">{entry.sourceText}</span>
                <span className="clip strong" dir="auto" lang={entry.targetLanguage}>{entry.translation}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
