import type { AccountView } from '@/lib/messaging/protocol';
import { t } from '@/lib/i18n';

/** Email, plan and credits of the connected account. */
export function AccountSummary({ account }: { account: AccountView }) {
  return (
    <dl className="account" aria-label={t('accountHeading')}>
      <dt>{t('accountEmail')}</dt>
      <dd>{account.email}</dd>
      <dt>{t('accountPlan')}</dt>
      <dd>{account.plan}</dd>
      <dt>{t('accountCredits')}</dt>
      <dd>{account.credits.toLocaleString()}</dd>
    </dl>
  );
}
