import { useEffect, useState } from 'react';
import { t } from '@/lib/i18n';
import { sendMessage, type ServiceStatus } from '@/lib/messaging/protocol';
import { ServiceForm } from './service-form';
import { VoiceDefaults } from './voice-defaults';

/** The options page: the service connection first, then the reading defaults. */
export function OptionsApp() {
  const [status, setStatus] = useState<ServiceStatus | null>(null);
  const refresh = () => void sendMessage('getServiceStatus').then((r) => r.ok && setStatus(r.value));
  useEffect(refresh, []);
  useEffect(() => {
    document.title = t('optionsTitle');
  }, []);

  return (
    <main style={{ maxWidth: 640, margin: '0 auto', padding: '1.5em' }}>
      <h1>{t('optionsTitle')}</h1>
      {status ? (
        <>
          <ServiceForm status={status} onChange={refresh} />
          <VoiceDefaults enabled={Boolean(status.account)} />
        </>
      ) : null}
    </main>
  );
}
