import { useEffect, useState } from 'react';
import { formatNumber, t } from '@/lib/i18n';
import { leftOutItem, type LeftOut } from '@/lib/settings/cache-items';
import { useSettings } from '../use-settings';

/** What readings leave out before paying (each rule can be turned off), and how much it saved so far. */
export function CleanupOptions() {
  const [settings, update] = useSettings();
  const [saved, setSaved] = useState<LeftOut | null>(null);
  useEffect(() => {
    void leftOutItem.getValue().then(setSaved);
    return leftOutItem.watch((value) => setSaved(value));
  }, []);
  if (!settings) return null;

  return (
    <section className="card" aria-labelledby="cleanup-heading">
      <h2 id="cleanup-heading">{t('optionsCleanupHeading')}</h2>
      <label className="check">
        <input
          type="checkbox"
          checked={settings.cleanup.citations}
          aria-describedby="cleanup-hint"
          onChange={(e) => void update({ cleanup: { ...settings.cleanup, citations: e.target.checked } })}
        />
        {t('optionsCleanupCitations')}
      </label>
      <p className="hint" id="cleanup-hint">{t('optionsCleanupHint')}</p>
      {saved && saved.chars > 0 ? (
        <p className="hint" role="status">
          {saved.credits >= 1
            ? t('optionsCleanupSavedCredits', [formatNumber(saved.chars), formatNumber(Math.round(saved.credits))])
            : t('optionsCleanupSaved', formatNumber(saved.chars))}
        </p>
      ) : null}
    </section>
  );
}
