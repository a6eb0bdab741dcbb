import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import v1 from './fixtures/settings-v1.json';
import v2 from './fixtures/settings-v2.json';
import v2WithPairs from './fixtures/settings-v2-pronunciations.json';
import v3 from './fixtures/settings-v3.json';
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

  it('keeps every change when several are made at once (a voice chosen, then the speed slider moved): none undoes another', async () => {
    const { getSettings, updateSettings } = await load();
    await Promise.all([
      updateSettings({ voices: { default: null, byLanguage: { en: 'en-oliver' } } }),
      ...[1.05, 1.1, 1.15].map((speed) => updateSettings({ speed })),
      updateSettings({ format: 'wav' }),
    ]);
    expect(await getSettings()).toMatchObject({ voices: { byLanguage: { en: 'en-oliver' } }, speed: 1.15, format: 'wav' });
  });

  it('migrates the frozen v1 settings to v2: the default voice is kept, per-language voices start empty', async () => {
    await fakeBrowser.storage.local.set({ settings: v1, settings$: { v: 1 } });
    const { getSettings } = await load();
    const { voiceId, ...rest } = v1;
    expect(await getSettings()).toEqual({ ...rest, voices: { default: voiceId, byLanguage: {} }, confirmAboveCredits: 200, pagePlayer: { show: true, corner: 'bottom-right' }, confirmPageTranslation: true, dashboardUrl: '', pageTranslateCorner: 'bottom-right', openPdfsInReader: false, listen: { mode: 'translation', pauseSec: 2, repeatSlower: true }, cleanup: { citations: true, code: true, tables: true, images: true }, highlightWords: true, pronunciations: [], glossary: [], writeTo: null, writeBack: true, writeTrigger: false, writeReplaceAtOnce: false });
    expect(await fakeBrowser.storage.local.get('settings$')).toEqual({ settings$: { v: 3 } });
  });

  it('reads the frozen v2 settings unchanged at the current version; fields added since get their defaults', async () => {
    await fakeBrowser.storage.local.set({ settings: v2, settings$: { v: 2 } });
    const { getSettings } = await load();
    expect(await getSettings()).toEqual({ ...v2, confirmAboveCredits: 200, pagePlayer: { show: true, corner: 'bottom-right' }, confirmPageTranslation: true, dashboardUrl: '', pageTranslateCorner: 'bottom-right', openPdfsInReader: false, listen: { mode: 'translation', pauseSec: 2, repeatSlower: true }, cleanup: { citations: true, code: true, tables: true, images: true }, highlightWords: true, pronunciations: [], glossary: [], writeTo: null, writeBack: true, writeTrigger: false, writeReplaceAtOnce: false });
  });

  it('migrates the frozen v2 settings with pronunciation pairs to v3: every pair is a glossary entry, nothing lost', async () => {
    await fakeBrowser.storage.local.set({ settings: v2WithPairs, settings$: { v: 2 } });
    const { getSettings, settingsItem } = await load();
    expect(await settingsItem.getValue()).toEqual(v3);
    expect(await getSettings()).toEqual({ ...DEFAULT_SETTINGS, ...v3 });
    expect(await fakeBrowser.storage.local.get('settings$')).toEqual({ settings$: { v: 3 } });
  });

  it('settings holding a glossary without their version mark keep it (not rebuilt from pronunciation pairs)', async () => {
    const kept = { term: 'Voxlate', translate: { mode: 'keep' }, say: null, language: null, site: null, case: 'auto' };
    await fakeBrowser.storage.local.set({ settings: { ...v3, glossary: [...v3.glossary, kept] } });
    const { getSettings } = await load();
    expect((await getSettings()).glossary).toEqual([...v3.glossary, kept]);
  });

  it('reads the frozen v3 settings unchanged', async () => {
    await fakeBrowser.storage.local.set({ settings: v3, settings$: { v: 3 } });
    const { getSettings } = await load();
    expect(await getSettings()).toEqual({ ...DEFAULT_SETTINGS, ...v3 });
  });

  it('keeps v1 settings and their version when the migration fails, so nothing is lost', async () => {
    await fakeBrowser.storage.local.set({ settings: 'garbage', settings$: { v: 1 } });
    const { settingsItem } = await load();
    await settingsItem.getValue();
    expect(await fakeBrowser.storage.local.get(['settings', 'settings$'])).toEqual({ settings: 'garbage', settings$: { v: 1 } });
  });

  it('repairs damaged fields with defaults and keeps the good ones', async () => {
    await fakeBrowser.storage.local.set({ settings: { speed: 9, format: 'ogg', serviceUrl: 'https://x.test' } });
    const { getSettings } = await load();
    expect(await getSettings()).toEqual({ ...DEFAULT_SETTINGS, serviceUrl: 'https://x.test' });
  });

  it('the pronunciation editor\'s list of pairs replaces the glossary\'s pairs, its other entries kept; a glossary update is not undone by the old pairs', async () => {
    const keep = { term: 'Voxlate', translate: { mode: 'keep' }, say: null, language: null, site: null, case: 'auto' } as const;
    const pair = (write: string, say: string) => ({ write, say, language: null, site: null });
    const entry = (term: string, say: string) => ({ term, translate: { mode: 'free' }, say, language: null, site: null, case: 'auto' }) as const;
    await fakeBrowser.storage.local.set({ settings: { ...v3, glossary: [...v3.glossary, keep] }, settings$: { v: 3 } });
    const { getSettings, updateSettings } = await load();
    await updateSettings({ pronunciations: [pair('Smith', 'Smyth'), pair('AI', 'A I')] });
    expect((await getSettings()).glossary).toEqual([keep, entry('Smith', 'Smyth'), entry('AI', 'A I')]);
    await updateSettings({ glossary: [entry('Go', 'Goh'), keep] });
    expect(await getSettings()).toMatchObject({ glossary: [entry('Go', 'Goh'), keep], pronunciations: [pair('Go', 'Goh')] });
    await updateSettings({ speed: 1.5 });
    expect((await getSettings()).glossary).toEqual([entry('Go', 'Goh'), keep]);
  });

  it('reads pairs written without a glossary (by hand, by an older page) as glossary entries', async () => {
    await fakeBrowser.storage.local.set({ settings: { pronunciations: [{ write: 'AI', say: 'A I', language: 'en', site: null }] }, settings$: { v: 3 } });
    const { getSettings } = await load();
    expect((await getSettings()).glossary).toEqual([{ term: 'AI', translate: { mode: 'free' }, say: 'A I', language: 'en', site: null, case: 'auto' }]);
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
