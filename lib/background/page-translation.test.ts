import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useEmulator } from '../../test/contract/emulator-harness';
import { useEnglishMessages } from '../i18n.test-helpers';
import { accountItem } from '../settings/cache-items';
import { apiKeyItem, updateSettings } from '../settings/items';
import { clearTranslationCache } from '../translate/cache';
import { estimatePageTranslation, translatePageBlocks } from './page-translation';

// The real emulator behind the real client and scheduler: what is sent and charged is the service's word.
const emulator = useEmulator();
const translateLog = async () => (await emulator.log()).filter((entry) => entry.path === '/api/v1/translate');
const ledger = async () => ((await (await fetch(`${emulator.url()}/__emulator/ledger`)).json()) as { entries: { credits: number }[] }).entries;

const paragraphs = [
  { text: 'Hello, my friend.', source: 'en' },
  { text: 'The cat sleeps on the book.', source: 'en' },
  { text: 'Good morning and thank you.', source: 'en' },
];

beforeEach(async () => {
  useEnglishMessages();
  fakeBrowser.reset();
  await clearTranslationCache();
  await apiKeyItem.setValue('demo-pro');
  await updateSettings({ serviceUrl: emulator.url() });
  await accountItem.setValue({ email: 'pro@demo.test', plan: 'pro', credits: 100_000, fetchedAt: Date.now(), serviceUrl: emulator.url() });
});

describe('translatePageBlocks', () => {
  it('sends the blocks as one request, gives each its translation, and the second time sends nothing', async () => {
    const answer = await translatePageBlocks('es', paragraphs, 1000);
    expect(answer.translations).toEqual(['[ES] Hola, my amigo.', '[ES] El gato sleeps on el libro.', '[ES] Buenos días and gracias.']);
    const [request] = await translateLog();
    expect(await translateLog()).toHaveLength(1);
    const joined = paragraphs.map((p) => p.text).join('\n\n').length;
    expect(answer.spent).toBe(Math.ceil(joined / 10));
    expect((await ledger()).map((e) => e.credits)).toEqual([answer.spent]);
    expect(request!.status).toBe(200);

    // A page sharing a paragraph: only the new one is sent.
    const again = await translatePageBlocks('es', [paragraphs[1]!, { text: 'Water, please.', source: 'en' }], 1000);
    expect(again.translations).toEqual(['[ES] El gato sleeps on el libro.', '[ES] Agua, por favor.']);
    expect(again.spent).toBe(Math.ceil('Water, please.'.length / 10));
    expect(await translateLog()).toHaveLength(2);
  });

  it('sends nothing above the budget the user agreed to', async () => {
    const answer = await translatePageBlocks('es', paragraphs, 3);
    expect(answer).toMatchObject({ spent: 0, confirm: 8, error: null, translations: [null, null, null] });
    expect(await translateLog()).toEqual([]);
  });

  it('keeps what was translated when a request fails, and says why', async () => {
    await translatePageBlocks('fr', [paragraphs[0]!], 1000);
    await emulator.fault('server-error', { path: '/api/v1/translate', times: 5 });
    const answer = await translatePageBlocks('fr', paragraphs, 1000);
    expect(answer.translations[0]).toBe('[FR] Bonjour, my ami.');
    expect(answer.translations.slice(1)).toEqual([null, null]);
    expect(answer.error?.kind).toBe('server');
    expect(answer.spent).toBe(0);
    expect(await ledger()).toHaveLength(1);
  });
});

describe('estimatePageTranslation', () => {
  it('bounds the cost of the screen and of the page, counting cached blocks as free, with the balance', async () => {
    const first = await estimatePageTranslation('de', paragraphs, [0]);
    expect(first).toMatchObject({ screen: 2, page: 2 + 3 + 3, balance: 100_000, threshold: 200, ask: true });
    await translatePageBlocks('de', [paragraphs[0]!], 1000);
    expect(await estimatePageTranslation('de', paragraphs, [0])).toMatchObject({ screen: 0, page: 6 });
    // Nothing is sent by an estimate.
    expect(await translateLog()).toHaveLength(1);
  });

  it('asks above the threshold even when the user turned the question off below it', async () => {
    await updateSettings({ confirmPageTranslation: false, confirmAboveCredits: 7 });
    expect((await estimatePageTranslation('de', paragraphs, [])).ask).toBe(true);
    await updateSettings({ confirmAboveCredits: 8 });
    expect((await estimatePageTranslation('de', paragraphs, [])).ask).toBe(false);
  });
});
