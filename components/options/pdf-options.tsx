import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n';
import { useSettings } from '../use-settings';
import { EVERY_SITE } from '@/lib/settings/every-site';


/**
 * PDFs: whether every PDF opens in the Voxlate reader (off by default: then only when the user
 * invokes Voxlate on one), and how to let it open PDFs saved on this computer.
 */
export function PdfOptions() {
  const [settings, update] = useSettings();
  const [refused, setRefused] = useState(false);
  const [fileAccess, setFileAccess] = useState<boolean | null>(null);
  useEffect(() => void browser.extension.isAllowedFileSchemeAccess().then(setFileAccess, () => setFileAccess(false)), []);
  if (!settings) return null;

  const change = async (on: boolean) => {
    setRefused(false);
    // Asked within the click: the browser shows its own question about access to every site.
    if (on && !(await browser.permissions.request({ origins: EVERY_SITE }).catch(() => false))) return setRefused(true);
    await update({ openPdfsInReader: on });
  };

  return (
    <section className="card" aria-labelledby="pdf-heading">
      <h2 id="pdf-heading">{t('optionsPdfHeading')}</h2>
      <label className="check">
        <input type="checkbox" checked={settings.openPdfsInReader} aria-describedby="pdf-open-hint" onChange={(e) => void change(e.target.checked)} />
        {t('optionsPdfOpenAll')}
      </label>
      <p className="hint" id="pdf-open-hint">{t('optionsPdfOpenAllHint')}</p>
      {refused ? <p className="notice" role="alert">{t('optionsPdfRefused')}</p> : null}
      {fileAccess === false ? (
        <p className="hint" id="pdf-file-hint">{t(import.meta.env.FIREFOX ? 'optionsPdfFilesFirefox' : 'optionsPdfFilesChrome')}</p>
      ) : null}
    </section>
  );
}
