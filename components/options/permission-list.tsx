import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { t, type MessageKey } from '@/lib/i18n';

/** Why Voxlate holds each API permission (README.md, "Permissions, and why"). */
const REASONS: Partial<Record<string, MessageKey>> = {
  activeTab: 'optionsPermActiveTab',
  scripting: 'optionsPermScripting',
  contextMenus: 'optionsPermContextMenus',
  menus: 'optionsPermContextMenus',
  storage: 'optionsPermStorage',
  downloads: 'optionsPermDownloads',
  offscreen: 'optionsPermOffscreen',
};

/** The service's origin pattern, to tell it apart from other granted addresses. */
function servicePattern(serviceUrl: string): string | null {
  try {
    const url = new URL(serviceUrl);
    return `${url.protocol}//${url.hostname}/*`;
  } catch {
    return null;
  }
}

/** The permissions and host access this browser has granted Voxlate, each with the reason. */
export function PermissionList({ serviceUrl }: { serviceUrl: string }) {
  const [granted, setGranted] = useState<{ permissions: string[]; origins: string[] } | null>(null);
  useEffect(() => {
    const load = () =>
      void browser.permissions.getAll().then((all) => setGranted({ permissions: all.permissions ?? [], origins: all.origins ?? [] }));
    load();
    browser.permissions.onAdded.addListener(load);
    browser.permissions.onRemoved.addListener(load);
    return () => {
      browser.permissions.onAdded.removeListener(load);
      browser.permissions.onRemoved.removeListener(load);
    };
  }, []);
  const service = servicePattern(serviceUrl);

  return (
    <section className="card" aria-labelledby="permissions-heading">
      <h2 id="permissions-heading">{t('optionsPermissionsHeading')}</h2>
      <p className="hint">{t('optionsPermissionsHint')}</p>
      <dl className="permissions">
        {granted?.permissions.map((name) => (
          <div key={name}>
            <dt><code>{name}</code></dt>
            <dd>{t(REASONS[name] ?? 'optionsPermOther')}</dd>
          </div>
        ))}
        {granted?.origins.map((origin) => (
          <div key={origin}>
            <dt><code dir="ltr">{origin}</code></dt>
            <dd>{t(origin === service ? 'optionsPermServiceOrigin' : 'optionsPermOrigin')}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
