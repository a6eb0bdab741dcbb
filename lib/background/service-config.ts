import type { AccountView, ServiceStatus } from '../messaging/protocol';
import { apiKeyItem, getSettings, updateSettings } from '../settings/items';
import { checkKeyCharacters, normaliseKey } from '../settings/api-key';
import { checkServiceUrl } from '../settings/service-url';
import { ServiceError } from '../api/errors';
import { cachedAccount, fetchAccount, forgetAccount } from './account';
import { hasApiKey } from './service';
import { forgetVoices } from './voices';
import { t } from '../i18n';

/** What the options page and popup need to know about the connection; never the key itself. */
export async function getServiceStatus(): Promise<ServiceStatus> {
  const [settings, hasKey] = await Promise.all([getSettings(), hasApiKey()]);
  return { serviceUrl: settings.serviceUrl, hasKey, account: await cachedAccount() };
}

/**
 * Saves the address (and a new key, if given), then tests them by reading the account. What was
 * typed is kept even when the test fails, so the user can fix one field without retyping the other.
 */
export async function saveService(input: { serviceUrl: string; apiKey?: string }): Promise<AccountView> {
  const check = checkServiceUrl(input.serviceUrl);
  if (!check.ok) throw new ServiceError('invalidRequest', check.message);
  const apiKey = input.apiKey === undefined ? undefined : normaliseKey(input.apiKey);
  const chars = apiKey ? checkKeyCharacters(apiKey) : { ok: true as const };
  if (!chars.ok) {
    throw new ServiceError('invalidRequest', t('keyBadCharacter', [String(chars.position), chars.codePoint]));
  }
  const previous = await getSettings();
  if (previous.serviceUrl !== check.baseUrl || apiKey) {
    await Promise.all([forgetAccount(), forgetVoices()]);
  }
  await updateSettings({ serviceUrl: check.baseUrl });
  if (apiKey) await apiKeyItem.setValue(apiKey);
  return fetchAccount(100);
}

/** Removes the key and everything learned with it. */
export async function clearApiKey(): Promise<ServiceStatus> {
  await Promise.all([apiKeyItem.removeValue(), forgetAccount(), forgetVoices()]);
  return getServiceStatus();
}
