import { useEffect, useState } from 'react';
import { t } from '@/lib/i18n';
import { type ServiceStatus } from '@/lib/messaging/protocol';
import { sendMessage } from '@/lib/messaging/send';
import { ServiceForm } from '../options/service-form';
import { ShortcutList } from '../options/shortcut-list';
import { TrySample } from './try-sample';

const openOptions = () => void sendMessage('openOptions');

/**
 * The page opened once after install: connect the service (the options' own form), try it on a
 * sample paragraph, and where the shortcuts and the options are.
 */
export function WelcomeApp() {
  const [status, setStatus] = useState<ServiceStatus | null>(null);
  const refresh = () => void sendMessage('getServiceStatus').then((r) => r.ok && setStatus(r.value));
  useEffect(refresh, []);
  useEffect(() => {
    document.title = t('welcomeTitle');
  }, []);

  return (
    <main className="welcome">
      <h1>{t('welcomeTitle')}</h1>
      <p className="lead">{t('welcomeIntro')}</p>
      {status ? (
        <>
          <p className="hint">{t('welcomeConnectHint')}</p>
          <ServiceForm status={status} onChange={refresh} />
          {/* Mounted again once connected: the balance shown is the new account's. */}
          <TrySample key={status.account ? status.serviceUrl : ''} connected={Boolean(status.account)} serviceUrl={status.serviceUrl} />
          <section className="card" aria-labelledby="welcome-where-heading">
            <h2 id="welcome-where-heading">{t('welcomeWhereHeading')}</h2>
            <p>{t('welcomeWhereHint')}</p>
            <div className="actions">
              <button type="button" onClick={openOptions}>{t('openOptions')}</button>
            </div>
          </section>
          <ShortcutList />
        </>
      ) : null}
    </main>
  );
}
