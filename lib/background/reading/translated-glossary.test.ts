import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useEmulator } from '../../../test/contract/emulator-harness';
import type { GlossaryEntry } from '../../glossary';
import { useEnglishMessages } from '../../i18n.test-helpers';
import { accountItem } from '../../settings/cache-items';
import { apiKeyItem, updateSettings } from '../../settings/items';
import { clearTranslationCache } from '../../translate/cache';
import { hearReadingIn, textToSpeak } from './translated';

// The real translator, gateway and emulator (its realistic mode changes every word it is sent): the glossary as a page heard in Spanish meets it.
const emulator = useEmulator({ translator: 'realistic' });
const sent = async () => (await emulator.log()).filter((entry) => entry.path === '/api/v1/translate').map((entry) => (entry as { textStart?: string }).textStart);

const fixed = (term: string, text: string, site: string): GlossaryEntry => ({ term, translate: { mode: 'fixed', text, byTarget: {} }, say: null, language: null, site, case: 'auto' });

beforeEach(async () => {
  useEnglishMessages();
  fakeBrowser.reset();
  await clearTranslationCache();
  await apiKeyItem.setValue('demo-pro');
  await updateSettings({ serviceUrl: emulator.url(), targetLanguage: 'es', glossary: [fixed('fishermen', 'pescadores del muelle', 'news.test'), fixed('boats', 'barcas del muelle', 'other.test')] });
  await accountItem.setValue({ email: 'pro@demo.test', plan: 'pro', credits: 100_000, fetchedAt: Date.now(), serviceUrl: emulator.url() });
});

describe('a page heard in another language, with the glossary', () => {
  it('keeps an entry kept for the reading\'s site exact, chunk by chunk (the words around it sent); one for another site is not applied', async () => {
    const tab = (await fakeBrowser.tabs.create({ url: 'https://news.test/harbour' })).id!;
    hearReadingIn('heard-on-a-site', 'es', 'en', tab);
    const heard = await textToSpeak('heard-on-a-site', 'The fishermen mend their boats.\nThey sing.');
    expect(heard).toMatch(/^\S.* pescadores del muelle \S.*\n\S/u);
    expect(heard).not.toMatch(/fishermen|boats|barcas/u);
    // Its paragraphs each on its own (in either order): the words around the term, and the next paragraph as it is.
    expect((await sent()).sort()).toEqual(['The\n\nmend their boats.', 'They sing.']);
  });
});
