import { useEffect, useState } from 'react';
import { t } from '@/lib/i18n';
import { ErrorNotice } from '../error-notice';
import { AccountLine } from './account-line';
import { markFirstRender, type CachedData } from './cached-data';
import { ReadingControls } from './reading-controls';
import { ResumeOffer } from './resume-offer';
import { SpeakPanel } from './speak-panel';
import { Tabs } from './tabs';
import { TranslatePanel } from './translate-panel';
import { useAccount } from './use-account';
import { useLastError } from './use-last-error';
import { usePopupSettings } from './use-popup-settings';
import { useReading } from './use-reading';
import { useSelection } from './use-selection';
import { useVoiceList } from './use-voice-list';

const TAB_KEY = 'voxlate.popupTab';

/** The toolbar popup: account, the reading under way, then Speak and Translate tabs. */
export function PopupApp({ cached, onFirstRender }: { cached: CachedData; onFirstRender?: () => void }) {
  const [settings, updateSettings] = usePopupSettings(cached.settings);
  const account = useAccount(cached.account, settings.serviceUrl);
  const ready = account.setUp !== false;
  const { voices, error: voicesError } = useVoiceList(cached.voices, ready && Boolean(settings.serviceUrl));
  const selection = useSelection();
  const reading = useReading();
  const lastError = useLastError();
  const [tab, setTab] = useState(() => localStorage.getItem(TAB_KEY) ?? 'speak');
  useEffect(() => {
    markFirstRender();
    onFirstRender?.();
  }, []);
  useEffect(() => localStorage.setItem(TAB_KEY, tab), [tab]);

  return (
    <main className="popup">
      <AccountLine state={account} />
      {ready ? (
        <>
          {reading ? <ReadingControls reading={reading} /> : lastError ? <ErrorNotice error={lastError} /> : null}
          {reading ? null : <ResumeOffer />}
          <Tabs
            label={t('extName')}
            selected={tab}
            onSelect={setTab}
            tabs={[
              {
                id: 'speak',
                label: t('speakHeading'),
                panel: <SpeakPanel selection={selection} voices={voices} settings={settings} updateSettings={updateSettings} />,
              },
              { id: 'translate', label: t('popupTranslateTab'), panel: <TranslatePanel selection={selection} lastTarget={settings.targetLanguage} /> },
            ]}
          />
          {voicesError && !voices ? <ErrorNotice error={voicesError} /> : null}
        </>
      ) : null}
    </main>
  );
}
