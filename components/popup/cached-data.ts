import { storage } from '#imports';
import type { Voice } from '@/lib/api/schemas';
import type { AccountView } from '@/lib/messaging/protocol';
import { accountItem, voicesItem, type CachedAccount, type CachedVoices } from '@/lib/settings/cache-items';
import { settingsItem } from '@/lib/settings/items';
import { parseSettings, type Settings } from '@/lib/settings/schema';

declare global {
  interface Window {
    /** ms from the popup's navigation start to its first render with cached data (tests, bench). */
    __voxlateFirstRender?: number;
    /** The elements in the popup's root before its app's script ran (tests). */
    __voxlateBeforeApp?: Element[];
  }
}

/** What the popup shows on its first paint: everything already known, nothing fetched. */
export interface CachedData {
  settings: Settings;
  account: AccountView | null;
  voices: Voice[] | null;
}

/**
 * Reads the settings and the background's caches of account and voices in one storage call (a few
 * ms). Settings are repaired field by field, as getSettings() does; a pending migration (the
 * background runs it at update) shows up through the settings watcher. A cache written for
 * another service address is ignored.
 */
export async function readCachedData(): Promise<CachedData> {
  const [settingsRaw, accountRaw, voicesRaw] = await storage.getItems([settingsItem, accountItem, voicesItem]);
  const settings = parseSettings(settingsRaw?.value);
  const current = <T extends { serviceUrl: string }>(item: T | null | undefined) =>
    item && settings.serviceUrl && item.serviceUrl === settings.serviceUrl ? item : null;
  return {
    settings,
    account: current(accountRaw?.value as CachedAccount | null),
    voices: current(voicesRaw?.value as CachedVoices | null)?.voices ?? null,
  };
}

/** Records when the first render with cached data was committed (test builds, for the benchmark). */
export function markFirstRender(): void {
  if (__VOXLATE_TEST_HOOKS__) window.__voxlateFirstRender ??= performance.now();
}
