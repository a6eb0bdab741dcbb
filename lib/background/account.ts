import { planFromString } from '../api/schemas';
import type { AccountView } from '../messaging/protocol';
import { accountItem } from '../settings/cache-items';
import { getSettings } from '../settings/items';
import { callService, scheduler } from './service';
import { learnFromBalance, noteTranslationPaid } from './speech-price';


/** The last known account for the configured service, or null. Also sets the scheduler's plan. */
export async function cachedAccount(): Promise<AccountView | null> {
  const [cached, settings] = await Promise.all([accountItem.getValue(), getSettings()]);
  if (!cached || cached.serviceUrl !== settings.serviceUrl) return null;
  scheduler.setPlan(planFromString(cached.plan));
  const { serviceUrl: _ignored, ...view } = cached;
  return view;
}

/** Reads the account from the service, remembers it, and adopts its plan's limits. */
export async function fetchAccount(priority = 10): Promise<AccountView> {
  const user = await callService((client, signal) => client.getUser({ signal }), { paid: false, priority });
  const { serviceUrl } = await getSettings();
  const view: AccountView = { email: user.email, plan: user.plan, credits: user.credits, fetchedAt: Date.now() };
  scheduler.setPlan(planFromString(user.plan));
  await Promise.all([accountItem.setValue({ ...view, serviceUrl }), learnFromBalance(serviceUrl, user.credits)]);
  return view;
}

/** Account for the UI: the cached one unless a refresh is asked for or nothing is cached. */
export async function getAccount(refresh = false): Promise<AccountView> {
  if (!refresh) {
    const cached = await cachedAccount();
    if (cached) return cached;
  }
  return fetchAccount();
}

/** Forgets the cached account (the key or address changed). */
export async function forgetAccount(): Promise<void> {
  await accountItem.removeValue();
}

/**
 * Lowers the remembered balance after a paid request, so the next cost check and the UI are right
 * without another call to the service (which counts against the plan's requests per minute).
 */
export async function noteCreditsSpent(credits: number): Promise<void> {
  const cached = await accountItem.getValue();
  if (!cached || credits <= 0) return;
  await noteTranslationPaid(cached.serviceUrl, credits);
  await accountItem.setValue({ ...cached, credits: Math.max(0, cached.credits - credits) });
}
