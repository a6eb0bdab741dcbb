import { useEffect, useState } from 'react';
import { t } from '@/lib/i18n';
import { checkDashboardUrl, dashboardAddress } from '@/lib/settings/service-url';
import { useSettings } from '../use-settings';

/** Put in the label's text where the number field goes, then cut there. */
const FIELD = '{count}';

/** A whole number of credits, or null for anything else (empty, negative, fractional). */
function parseCredits(value: string): number | null {
  if (!/^\d{1,9}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/**
 * The confirmation threshold: one action expected to cost more credits than this is sent only
 * after the user confirms it. The field sits inside its sentence ("Ask before spending more than
 * [200] credits"), which is also its accessible name.
 */
export function SpendThreshold() {
  const [settings, update] = useSettings();
  const stored = settings?.confirmAboveCredits;
  const [draft, setDraft] = useState('');
  // Follows the stored value (also when another page changes it), except while it is being typed.
  useEffect(() => {
    if (stored !== undefined) setDraft((current) => (parseCredits(current) === stored ? current : String(stored)));
  }, [stored]);
  if (!settings) return null;
  // The number field stands where the message's $COUNT$ goes.
  const [before, after = ''] = t('optionsConfirmAbove', FIELD).split(FIELD);

  function change(value: string) {
    setDraft(value);
    const credits = parseCredits(value);
    if (credits !== null && credits !== stored) void update({ confirmAboveCredits: credits });
  }

  return (
    <section className="card" aria-labelledby="credits-heading">
      <h2 id="credits-heading">{t('optionsCreditsHeading')}</h2>
      <label className="inline-field">
        {before}
        <input
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={draft}
          aria-describedby="confirm-above-hint"
          aria-invalid={parseCredits(draft) === null}
          onChange={(e) => change(e.target.value)}
          onBlur={() => parseCredits(draft) === null && setDraft(String(stored))}
        />
        {after}
      </label>
      <p className="hint" id="confirm-above-hint">{t('optionsConfirmAboveHint')}</p>
      <label className="check">
        <input
          type="checkbox"
          checked={settings.confirmPageTranslation}
          onChange={(e) => void update({ confirmPageTranslation: e.target.checked })}
        />
        {t('optionsConfirmPageTranslation')}
      </label>
      <DashboardField stored={settings.dashboardUrl} fallback={dashboardAddress({ ...settings, dashboardUrl: '' })} onSave={(dashboardUrl) => void update({ dashboardUrl })} />
    </section>
  );
}

/**
 * Where "Top up credits" (on a notice that says there are not enough) takes the user: saved as it
 * is typed once it is a web address, or empty for the service's own address.
 */
function DashboardField({ stored, fallback, onSave }: { stored: string; fallback: string | null; onSave: (value: string) => void }) {
  const [draft, setDraft] = useState(stored);
  useEffect(() => setDraft((current) => (current.trim() === stored ? current : stored)), [stored]);
  const valid = (value: string) => !value.trim() || checkDashboardUrl(value) !== null;

  function change(value: string) {
    setDraft(value);
    const next = value.trim() ? checkDashboardUrl(value) : '';
    if (next !== null && value.trim() !== stored) onSave(value.trim());
  }

  return (
    <>
      <label htmlFor="dashboard-url">{t('optionsDashboardLabel')}</label>
      <input
        id="dashboard-url"
        type="url"
        inputMode="url"
        spellCheck={false}
        placeholder={fallback ?? 'https://'}
        value={draft}
        aria-describedby="dashboard-url-hint"
        aria-invalid={!valid(draft)}
        onChange={(e) => change(e.target.value)}
      />
      <p className="hint" id="dashboard-url-hint">
        {valid(draft) ? t('optionsDashboardHint') : t('optionsDashboardInvalid')}
      </p>
    </>
  );
}
