import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/send';
import { openWelcome } from '@/lib/popup/welcome';
import { ErrorNotice } from '../error-notice';
import type { AccountState } from './use-account';

const openOptions = () => void sendMessage('openOptions');
// The welcome page walks a newcomer through connecting and trying it; the popup steps aside.
const getStarted = () => void openWelcome().then(() => window.close());

/** One line with the account's email, plan and credits; or what to do when nothing is set up. */
export function AccountLine({ state }: { state: AccountState }) {
  const { account, setUp, error } = state;
  if (setUp === false) {
    return (
      <section className="notice" aria-labelledby="setup-heading">
        <h1 id="setup-heading" className="setup-title">{t('popupNotSetUpTitle')}</h1>
        <p className="hint">{t('popupNotSetUp')}</p>
        <div className="actions">
          <button type="button" className="primary" onClick={getStarted}>{t('popupGetStarted')}</button>
          <button type="button" onClick={openOptions}>{t('openOptions')}</button>
        </div>
      </section>
    );
  }
  const optionsButton = <button type="button" onClick={openOptions}>{t('openOptions')}</button>;
  return (
    <>
      <section className="account-line" aria-label={t('accountHeading')}>
        {account ? (
          <>
            <span className="email" title={account.email}>{account.email}</span>
            <span className="plan">{account.plan}</span>
            <span className="credits" data-testid="credits">{t('popupCredits', account.credits.toLocaleString())}</span>
          </>
        ) : (
          <span className="hint">{error ? t('popupAccountUnknown') : t('loading')}</span>
        )}
        <button type="button" className="icon" onClick={openOptions} aria-label={t('openOptions')} title={t('openOptions')}>
          ⚙
        </button>
      </section>
      {error && error.kind === 'unauthorized' ? <ErrorNotice error={error} action={optionsButton} /> : null}
      {error && error.kind !== 'unauthorized' ? <p className="hint" role="status">{error.message}</p> : null}
    </>
  );
}
