import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import v1 from './fixtures/settings-v1.json';
import { DEFAULT_SETTINGS } from './schema';

async function load() {
  // A fresh module graph per test: WXT runs an item's migrations when the item is defined.
  const { vi } = await import('vitest');
  vi.resetModules();
  return import('./items');
}

describe('settings storage', () => {
  beforeEach(() => fakeBrowser.reset());

  it('falls back to defaults when nothing is stored', async () => {
    const { getSettings } = await load();
    expect(await getSettings()).toEqual(DEFAULT_SETTINGS);
  });

  it('reads the frozen v1 settings unchanged at the current version', async () => {
    await fakeBrowser.storage.local.set({ settings: v1, settings$: { v: 1 } });
    const { getSettings } = await load();
    expect(await getSettings()).toEqual(v1);
  });

  it('repairs damaged fields with defaults and keeps the good ones', async () => {
    await fakeBrowser.storage.local.set({ settings: { speed: 9, format: 'ogg', serviceUrl: 'https://x.test' } });
    const { getSettings } = await load();
    expect(await getSettings()).toEqual({ ...DEFAULT_SETTINGS, serviceUrl: 'https://x.test' });
  });

  it('merges updates and never stores the key inside settings', async () => {
    const { updateSettings, apiKeyItem } = await load();
    await apiKeyItem.setValue('secret-key');
    await updateSettings({ speed: 1.5 });
    const stored = await fakeBrowser.storage.local.get(null);
    expect(stored.settings).toMatchObject({ speed: 1.5 });
    expect(JSON.stringify(stored.settings)).not.toContain('secret-key');
    expect(await fakeBrowser.storage.sync.get(null)).toEqual({});
  });
});
