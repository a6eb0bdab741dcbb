import { useEffect, useState } from 'react';
import { formatNumber, t } from '@/lib/i18n';
import { leftOutItem, type LeftOut } from '@/lib/settings/cache-items';
import type { CleanupRules } from '@/lib/speech/clean';
import { useSettings } from '../use-settings';

/** Each rule of lib/speech/clean.ts with its label, in the order shown. */
const RULES = [
  { rule: 'citations', label: 'optionsCleanupCitations' },
  { rule: 'code', label: 'optionsCleanupCode' },
  { rule: 'images', label: 'optionsCleanupImages' },
  { rule: 'tables', label: 'optionsCleanupTables' },
] as const satisfies readonly { rule: keyof CleanupRules; label: string }[];

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
      {RULES.map(({ rule, label }) => (
        <label className="check" key={rule}>
          <input
            type="checkbox"
            checked={settings.cleanup[rule]}
            aria-describedby="cleanup-hint"
            onChange={(e) => void update({ cleanup: { ...settings.cleanup, [rule]: e.target.checked } })}
          />
          {t(label)}
        </label>
      ))}
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
