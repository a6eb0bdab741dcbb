import { storage } from '#imports';
import { createServiceClient, type ServiceClient } from '../api/client';
import { ServiceError } from '../api/errors';
import { createRequestScheduler, type ScheduleOptions } from '../api/scheduler';
import { planFromString, type Plan } from '../api/schemas';
import { accountItem } from '../settings/cache-items';
import { apiKeyItem, getSettings } from '../settings/items';
import { t } from '../i18n';

/**
 * When recent requests left, kept for the browser session: a worker that Chrome stopped and
 * started again still knows how much of the plan's minute is used, and does not burst into 429s.
 */
const rateHistoryItem = storage.defineItem<number[]>('session:rateHistory', { fallback: [] });

/** One scheduler for the worker's life: every call to the service goes through its limits. */
export const scheduler = createRequestScheduler({ onStart: (history) => void rateHistoryItem.setValue(history).catch(() => undefined) });

let historyRestored: Promise<void> | null = null;

function restoreRateHistory(): Promise<void> {
  historyRestored ??= rateHistoryItem.getValue().then((starts) => scheduler.seedHistory(starts), () => undefined);
  return historyRestored;
}

let planKnown: Promise<void> | null = null;

/**
 * A restarted worker starts with the free plan's limits; the last known account tells the real
 * plan without a request, so a pro user's reading is not slowed to free limits.
 */
function learnPlanFromCache(): Promise<void> {
  planKnown ??= accountItem.getValue().then((account) => {
    if (account) scheduler.setPlan(planFromString(account.plan));
  });
  return planKnown;
}

/** The plan whose limits apply now (the last known account's), e.g. to size a batch of requests. */
export async function currentPlan(): Promise<Plan> {
  await learnPlanFromCache();
  return scheduler.plan;
}

/**
 * A client for the configured service. The key is read here and nowhere else; it goes only into
 * the client, which sends it only to the configured address.
 */
export async function getClient(): Promise<ServiceClient> {
  const [settings, apiKey] = await Promise.all([getSettings(), apiKeyItem.getValue()]);
  if (!settings.serviceUrl) {
    throw new ServiceError('unauthorized', t('serviceNotSetUp'));
  }
  if (!apiKey) throw new ServiceError('unauthorized', t('serviceNoKey'));
  return createServiceClient({ baseUrl: settings.serviceUrl, apiKey });
}

/** Whether a key is saved, without handing it out. */
export async function hasApiKey(): Promise<boolean> {
  return Boolean(await apiKeyItem.getValue());
}

/** Runs one service call through the plan-aware scheduler. */
export async function callService<T>(
  run: (client: ServiceClient, signal: AbortSignal) => Promise<T>,
  options: ScheduleOptions,
): Promise<T> {
  const [client] = await Promise.all([getClient(), learnPlanFromCache(), restoreRateHistory()]);
  return scheduler.schedule((signal) => run(client, signal), options);
}
