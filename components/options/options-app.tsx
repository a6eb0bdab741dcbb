import { useEffect, useRef, useState, type ReactNode } from 'react';
import { t, type MessageKey } from '@/lib/i18n';
import { type ServiceStatus } from '@/lib/messaging/protocol';
import { sendMessage } from '@/lib/messaging/send';
import { CleanupOptions } from './cleanup-options';
import { GlossaryOptions } from './glossary-options';
import { ListenOptions } from './listen-options';
import { PdfOptions } from './pdf-options';
import { PermissionList } from './permission-list';
import { PronunciationOptions } from './pronunciation-options';
import { ReadingDefaults } from './reading-defaults';
import { ServiceForm } from './service-form';
import { ShortcutList } from './shortcut-list';
import { SpendThreshold } from './spend-threshold';
import { StoredData } from './stored-data';
import { TranslationDefaults } from './translation-defaults';
import { useSectionFilter } from './use-section-filter';
import { VoiceDefaults } from './voice-defaults';

/** A section of the options: its anchor (#id), its name in the side navigation, what it holds. */
interface Section {
  id: string;
  name: MessageKey;
  content: ReactNode;
}

function sections(status: ServiceStatus, refresh: () => void): Section[] {
  return [
    { id: 'service', name: 'optionsNavService', content: <ServiceForm status={status} onChange={refresh} /> },
    { id: 'reading', name: 'optionsNavReading', content: <ReadingDefaults /> },
    { id: 'voices', name: 'optionsNavVoices', content: <VoiceDefaults enabled={Boolean(status.account)} /> },
    { id: 'translation', name: 'optionsNavTranslation', content: <><TranslationDefaults /><GlossaryOptions /></> },
    { id: 'listening', name: 'optionsNavListening', content: <ListenOptions /> },
    { id: 'cleanup', name: 'optionsNavCleanup', content: <><CleanupOptions /><PronunciationOptions /></> },
    { id: 'credits', name: 'optionsNavCredits', content: <SpendThreshold /> },
    { id: 'pdfs', name: 'optionsNavPdfs', content: <PdfOptions /> },
    { id: 'shortcuts', name: 'optionsNavShortcuts', content: <ShortcutList /> },
    { id: 'data', name: 'optionsNavData', content: <StoredData /> },
    { id: 'permissions', name: 'optionsNavPermissions', content: <PermissionList serviceUrl={status.serviceUrl} /> },
  ];
}

/** Moves to a section as its link does, and gives it the focus (a keyboard or screen-reader user lands in it). */
function goTo(id: string): void {
  const section = document.getElementById(id);
  if (!section) return;
  history.replaceState(null, '', `#${id}`);
  section.focus();
}

/**
 * The options page: a side navigation of its sections with a search that filters them by their
 * settings' labels, and the sections (the service connection first).
 */
export function OptionsApp() {
  const [status, setStatus] = useState<ServiceStatus | null>(null);
  const [query, setQuery] = useState('');
  const list = useRef<HTMLDivElement>(null);
  const hidden = useSectionFilter(list, query);
  const refresh = () => void sendMessage('getServiceStatus').then((r) => r.ok && setStatus(r.value));
  useEffect(refresh, []);
  useEffect(() => {
    document.title = t('optionsTitle');
  }, []);
  const loaded = status !== null;
  // Opened at an anchor (options.html#voices): that section, once it is there.
  useEffect(() => {
    if (loaded && location.hash.length > 1) goTo(decodeURIComponent(location.hash.slice(1)));
  }, [loaded]);
  const all = status ? sections(status, refresh) : [];
  const shown = all.filter((section) => !hidden.has(section.id));

  return (
    <div className="options-page">
      <h1 className="options-title">{t('optionsTitle')}</h1>
      <aside className="options-side">
        <div role="search">
          <label htmlFor="settings-search">{t('optionsSearchLabel')}</label>
          <input id="settings-search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
        </div>
        <nav aria-label={t('optionsNavLabel')}>
          <ul>
            {shown.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  onClick={(event) => {
                    event.preventDefault();
                    goTo(section.id);
                  }}
                >
                  {t(section.name)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <main className="options">
        <p role="status" className="search-status">{loaded && query.trim() && !shown.length ? t('optionsSearchNone', query.trim()) : ''}</p>
        <div ref={list}>
          {all.map((section) => (
            <div key={section.id} id={section.id} className="section-anchor" tabIndex={-1} hidden={hidden.has(section.id)}>
              {section.content}
            </div>
          ))}
        </div>
      </main>
    </div>
  );
}
