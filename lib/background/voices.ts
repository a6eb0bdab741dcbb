import type { VoicesView } from '../messaging/protocol';
import type { Voice } from '../api/schemas';
import { voicesItem } from '../settings/cache-items';
import { getSettings } from '../settings/items';
import { callService } from './service';

/** Voices change rarely; a day-old list is shown at once and refreshed on request. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** The request for the voices under way, by service address: callers at the same time share it. */
const fetching = new Map<string, Promise<VoicesView>>();

/** The voices list, from the cache when fresh, else from the service (then cached). */
export async function getVoices(refresh = false): Promise<VoicesView> {
  const [cached, { serviceUrl }] = await Promise.all([voicesItem.getValue(), getSettings()]);
  if (!refresh && cached && cached.serviceUrl === serviceUrl && Date.now() - cached.fetchedAt < MAX_AGE_MS) {
    return { voices: cached.voices, fetchedAt: cached.fetchedAt };
  }
  // A reading warms up while it chooses its voice: one request (and its retries), not two.
  let request = fetching.get(serviceUrl);
  if (!request) {
    request = fetchVoices(serviceUrl).finally(() => fetching.delete(serviceUrl));
    fetching.set(serviceUrl, request);
  }
  return request;
}

async function fetchVoices(serviceUrl: string): Promise<VoicesView> {
  const voices: Voice[] = await callService((client, signal) => client.getVoices({ signal }), { paid: false, priority: 5 });
  const fetchedAt = Date.now();
  await voicesItem.setValue({ voices, fetchedAt, serviceUrl });
  return { voices, fetchedAt };
}

/** Forgets the cached voices (the service changed). */
export async function forgetVoices(): Promise<void> {
  await voicesItem.removeValue();
}
