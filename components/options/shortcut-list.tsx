import { useEffect, useState } from 'react';
import { browser, type Browser } from 'wxt/browser';
import { t } from '@/lib/i18n';

/** The command's description from the manifest; the popup's own command has none. */
function describe(command: Browser.commands.Command): string {
  if (command.name === '_execute_action' || command.name === '_execute_browser_action') return t('optionsCommandPopup');
  return command.description || command.name || '';
}

/** The extension's keyboard shortcuts as the browser has them now, and where to change them. */
export function ShortcutList() {
  const [commands, setCommands] = useState<Browser.commands.Command[]>([]);
  useEffect(() => {
    const load = () => void browser.commands.getAll().then(setCommands);
    load();
    // People come back from the browser's shortcuts page: show what they set there.
    window.addEventListener('focus', load);
    return () => window.removeEventListener('focus', load);
  }, []);

  return (
    <section className="card" aria-labelledby="shortcuts-heading">
      <h2 id="shortcuts-heading">{t('optionsShortcutsHeading')}</h2>
      <table className="shortcuts">
        <thead>
          <tr>
            <th scope="col">{t('optionsShortcutAction')}</th>
            <th scope="col">{t('optionsShortcutKeys')}</th>
          </tr>
        </thead>
        <tbody>
          {commands.map((command) => (
            <tr key={command.name}>
              <td>{describe(command)}</td>
              <td>{command.shortcut ? <kbd dir="ltr">{command.shortcut}</kbd> : <span className="hint">{t('optionsShortcutNotSet')}</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {import.meta.env.FIREFOX ? (
        <p className="hint">{t('optionsShortcutsHowFirefox')}</p>
      ) : (
        <div className="row wrap">
          <p className="hint">{t('optionsShortcutsHowChrome')}</p>
          <button type="button" onClick={() => void browser.tabs.create({ url: 'chrome://extensions/shortcuts' })}>
            {t('optionsShortcutsOpen')}
          </button>
        </div>
      )}
    </section>
  );
}
