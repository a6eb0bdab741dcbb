import { storage } from '#imports';
import { DEFAULT_SETTINGS, parseSettings, type Settings } from './schema';
import { settingsMigrations, SETTINGS_VERSION } from './migrations';

/**
 * User settings. Readable by extension pages (popup, options); content scripts get what they need
 * through messages, because local storage is closed to them (see lib/background/lockdown.ts).
 */
export const settingsItem = storage.defineItem<Settings>('local:settings', {
  fallback: DEFAULT_SETTINGS,
  version: SETTINGS_VERSION,
  migrations: settingsMigrations,
});

/**
 * The user's API key: its own item, never inside the settings object, never in sync storage.
 * Only the background reads it (lib/background/service.ts); the options page sends a new key to
 * the background, which writes it.
 */
export const apiKeyItem = storage.defineItem<string | null>('local:apiKey', { fallback: null });

/** Reads the settings, repairing damaged fields with defaults. */
export async function getSettings(): Promise<Settings> {
  return parseSettings(await settingsItem.getValue());
}

/** The last update this page (or the worker) started: the next one reads what it wrote. */
let updating: Promise<unknown> = Promise.resolve();

/**
 * Merges a partial update into the stored settings. Updates from one context run one at a time:
 * two fields changed in quick succession (a voice, then the speed slider) would otherwise each
 * read the settings before the other wrote, and the later write would undo the earlier change.
 */
export function updateSettings(patch: Partial<Settings>): Promise<Settings> {
  const next = updating.then(async () => {
    // The glossary read is the list; its pairs' view goes only when the patch sets it (the pronunciation editor).
    const { pronunciations: _view, ...current } = await getSettings();
    const merged = parseSettings({ ...current, ...patch });
    await settingsItem.setValue(merged);
    return merged;
  });
  updating = next.catch(() => undefined);
  return next;
}

/** Changes the in-page player's settings (where the user put it, whether it shows). */
export async function updatePagePlayer(patch: Partial<Settings['pagePlayer']>): Promise<void> {
  const { pagePlayer } = await getSettings();
  await updateSettings({ pagePlayer: { ...pagePlayer, ...patch } });
}
