import { useState } from 'react';
import { browser } from 'wxt/browser';
import type { SerializedServiceError } from '@/lib/api/errors';
import { t } from '@/lib/i18n';
import { type AccountView, type ServiceStatus } from '@/lib/messaging/protocol';
import { sendMessage } from '@/lib/messaging/send';
import { checkServiceUrl } from '@/lib/settings/service-url';
import { AccountSummary } from '../account-summary';
import { ErrorNotice } from '../error-notice';
import { checkKeyCharacters, normaliseKey } from '@/lib/settings/api-key';
import { dropSnapshot } from '@/lib/popup/snapshot';

type State =
  | { status: 'idle' }
  | { status: 'saving' }
  | { status: 'ok'; account: AccountView }
  | { status: 'cleared' }
  | { status: 'error'; error: SerializedServiceError };

/** Service address and API key, with "Save and test" that shows the account or what went wrong. */
export function ServiceForm({ status, onChange }: { status: ServiceStatus; onChange: () => void }) {
  const [url, setUrl] = useState(status.serviceUrl);
  const [key, setKey] = useState('');
  const [showKey, setShowKey] = useState(false);
  const [state, setState] = useState<State>(
    status.account ? { status: 'ok', account: status.account } : { status: 'idle' },
  );
  const fail = (message: string) => setState({ status: 'error', error: { kind: 'invalidRequest', message } });

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const check = checkServiceUrl(url);
    if (!check.ok) return fail(check.message);
    const apiKey = normaliseKey(key);
    if (!apiKey && !status.hasKey) return fail(t('keyMissing'));
    const chars = checkKeyCharacters(apiKey);
    if (!chars.ok) return fail(t('keyBadCharacter', [String(chars.position), chars.codePoint]));
    setState({ status: 'saving' });
    // Asked inside the click, before anything else awaits, so the browser sees a user gesture.
    const granted = await browser.permissions.request({ origins: [check.originPattern] }).catch(() => false);
    if (!granted) return fail(t('permissionDenied', check.origin));
    setUrl(check.baseUrl);
    const result = await sendMessage('saveService', { serviceUrl: check.baseUrl, apiKey: apiKey || undefined }).catch(() => null);
    if (!result) return fail(t('extensionUnavailable'));
    // The popup's kept first screen shows the account it had: not this one's.
    dropSnapshot();
    setKey('');
    onChange();
    setState(result.ok ? { status: 'ok', account: result.value } : { status: 'error', error: result.error });
  }

  async function clearKey() {
    const result = await sendMessage('clearApiKey');
    dropSnapshot();
    setKey('');
    onChange();
    setState(result.ok ? { status: 'cleared' } : { status: 'error', error: result.error });
  }

  return (
    <form className="card" onSubmit={save} noValidate>
      <h2>{t('serviceHeading')}</h2>
      <label htmlFor="service-url">{t('serviceUrlLabel')}</label>
      <input
        id="service-url"
        type="url"
        inputMode="url"
        autoComplete="url"
        spellCheck={false}
        placeholder="https://api.example.com"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        aria-describedby="service-url-hint"
      />
      <p className="hint" id="service-url-hint">{t('serviceUrlHint')}</p>

      <label htmlFor="api-key">{t('apiKeyLabel')}</label>
      <div className="row">
        <input
          id="api-key"
          type={showKey ? 'text' : 'password'}
          autoComplete="off"
          spellCheck={false}
          placeholder={status.hasKey ? t('apiKeySavedPlaceholder') : t('apiKeyPlaceholder')}
          value={key}
          onChange={(e) => setKey(e.target.value)}
          aria-describedby="api-key-hint"
        />
        <button type="button" aria-pressed={showKey} onClick={() => setShowKey(!showKey)}>
          {showKey ? t('hideKey') : t('showKey')}
        </button>
        <button type="button" onClick={clearKey} disabled={!status.hasKey && !key}>
          {t('clearKey')}
        </button>
      </div>
      <p className="hint" id="api-key-hint">{t('apiKeyHint')}</p>

      <div className="actions">
        <button type="submit" className="primary" disabled={state.status === 'saving'}>
          {state.status === 'saving' ? t('testing') : t('saveAndTest')}
        </button>
      </div>
      <div aria-live="polite">
        {state.status === 'ok' ? (
          <div className="notice ok" role="status">
            <p style={{ margin: 0 }}>{t('connected')}</p>
            <AccountSummary account={state.account} />
          </div>
        ) : null}
        {state.status === 'cleared' ? (
          <div className="notice" role="status">{t('keyCleared')}</div>
        ) : null}
      </div>
      {state.status === 'error' ? <ErrorNotice error={state.error} /> : null}
    </form>
  );
}
