import { planFromString } from '../api/schemas';
import type { AccountView } from '../messaging/protocol';
import { accountItem, type CachedAccount } from '../settings/cache-items';
import { getSettings } from '../settings/items';
import { createSerial } from '../serial';
import { dashboardAddress } from '../settings/service-url';
import { browser } from 'wxt/browser';
import type { KnownBalance } from '../translate/translate';
import { callService, scheduler } from './service';
import type { AudioFormat } from '../api/schemas';
import { learnedPrice, learnFromBalance, noteTranslationPaid } from './speech-price';

/** How long a balance read from the service is trusted to approve or refuse a paid action. */
export const BALANCE_FRESH_MS = 60_000;

async function cachedForService(): Promise<CachedAccount | null> {
  const [cached, settings] = await Promise.all([accountItem.getValue(), getSettings()]);
  return cached && cached.serviceUrl === settings.serviceUrl ? cached : null;
}

/** The last known account for the configured service, or null. Also sets the scheduler's plan. */
export async function cachedAccount(): Promise<AccountView | null> {
  const cached = await cachedForService();
  if (!cached) return null;
  scheduler.setPlan(planFromString(cached.plan));
  const { serviceUrl: _url, stale: _stale, ...view } = cached;
  return view;
}

/** The last known balance, and whether it is recent and exact enough to act on without asking. */
export async function knownBalance(now = Date.now()): Promise<KnownBalance | null> {
  const cached = await cachedForService();
  if (!cached) return null;
  return { credits: cached.credits, fresh: !cached.stale && now - cached.fetchedAt < BALANCE_FRESH_MS };
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

/** Account for the UI: the cached one unless a refresh is asked for, or nothing exact is cached. */
export async function getAccount(refresh = false): Promise<AccountView> {
  if (!refresh && !(await accountItem.getValue())?.stale) {
    const cached = await cachedAccount();
    if (cached) return cached;
  }
  return fetchAccount();
}

/**
 * The remembered balance is read, changed and written back one change at a time: two requests
 * settled together must each lower it (neither writing over the other's change).
 */
const withBalance = createSerial();

/**
 * Credits were spent by an amount not known here: rather than spend a request of the plan's
 * per-minute allowance on the balance now, the figures are read again when next shown or needed
 * for a check.
 */
export function markBalanceStale(): Promise<void> {
  return withBalance(async () => {
    const cached = await accountItem.getValue();
    if (cached && !cached.stale) await accountItem.setValue({ ...cached, stale: true });
  });
}

/**
 * Speech in `format` was paid for (a reading ended). Its price is learned from the balance before
 * and after, so while that price is not known yet the balance is read now; once it is, the balance
 * is only marked stale.
 */
export async function afterSpeechPaid(format: AudioFormat): Promise<void> {
  const { serviceUrl } = await getSettings();
  if (await learnedPrice(serviceUrl, format)) return markBalanceStale();
  await fetchAccount(0).catch(markBalanceStale);
}

/** Forgets the cached account (the key or address changed). */
export async function forgetAccount(): Promise<void> {
  await accountItem.removeValue();
}

/**
 * Lowers the remembered balance after a paid request, so the next cost check and the UI are right
 * without another call to the service (which counts against the plan's requests per minute).
 */
export function noteCreditsSpent(credits: number): Promise<void> {
  return withBalance(async () => {
    const cached = await accountItem.getValue();
    if (!cached || credits <= 0) return;
    await noteTranslationPaid(cached.serviceUrl, credits);
    await accountItem.setValue({ ...cached, credits: Math.max(0, cached.credits - credits) });
  });
}

/**
 * Opens the service's dashboard, where credits are topped up and keys managed (the address the
 * options hold, else the service's own origin), in a new tab beside the current one; the options
 * when no service is set up yet.
 */
export async function openDashboard(): Promise<void> {
  const url = dashboardAddress(await getSettings());
  if (!url) return browser.runtime.openOptionsPage();
  await browser.tabs.create({ url });
}
