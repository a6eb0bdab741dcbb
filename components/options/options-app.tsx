import { useEffect, useState } from 'react';
import { t } from '@/lib/i18n';
import { type ServiceStatus } from '@/lib/messaging/protocol';
import { sendMessage } from '@/lib/messaging/send';
import { CleanupOptions } from './cleanup-options';
import { ListenOptions } from './listen-options';
import { PdfOptions } from './pdf-options';
import { PermissionList } from './permission-list';
import { PronunciationOptions } from './pronunciation-options';
import { ServiceForm } from './service-form';
import { ShortcutList } from './shortcut-list';
import { SpendThreshold } from './spend-threshold';
import { StoredData } from './stored-data';
import { TranslationDefaults } from './translation-defaults';
import { VoiceDefaults } from './voice-defaults';

/** The options page: the service connection first, then defaults, the spending threshold, shortcuts, stored data, permissions. */
export function OptionsApp() {
  const [status, setStatus] = useState<ServiceStatus | null>(null);
  const refresh = () => void sendMessage('getServiceStatus').then((r) => r.ok && setStatus(r.value));
  useEffect(refresh, []);
  useEffect(() => {
    document.title = t('optionsTitle');
  }, []);

  return (
    <main className="options">
      <h1>{t('optionsTitle')}</h1>
      {status ? (
        <>
          <ServiceForm status={status} onChange={refresh} />
          <VoiceDefaults enabled={Boolean(status.account)} />
          <TranslationDefaults />
          <ListenOptions />
          <CleanupOptions />
          <PronunciationOptions />
          <SpendThreshold />
          <PdfOptions />
          <ShortcutList />
          <StoredData />
          <PermissionList serviceUrl={status.serviceUrl} />
        </>
      ) : null}
    </main>
  );
}
