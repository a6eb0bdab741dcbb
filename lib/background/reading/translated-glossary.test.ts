import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useEmulator } from '../../../test/contract/emulator-harness';
import type { GlossaryEntry } from '../../glossary';
import { useEnglishMessages } from '../../i18n.test-helpers';
import { getSettings, updateSettings } from '../../settings/items';
import type { SpeechParams } from '../../player/contract';
import { clearAudioCache } from '../../speech/cache';
import { DEFAULT_MAX_CHARS } from '../../speech/segment';
import { clearTranslationCache } from '../../translate/cache';
import { translationGrowthBound } from '../../translate/growth';
import { estimatePageTranslation, translatePageBlocks } from '../page-translation';
import { grantWithoutAsking } from '../spend/gate';
import { fetchChunk } from './audio-fetch';
import { estimateReading } from './modes';
import { heardAsSaid, readingAt, speechFitOf } from './said';
import { hearReadingIn, textToSpeak } from './translated';

// The real translator, gateway and emulator (its realistic mode changes every word it is sent): the glossary as a page heard in Spanish meets it.
const emulator = useEmulator({ translator: 'realistic' });
const sent = async () => (await emulator.log()).filter((entry) => entry.path === '/api/v1/translate').map((entry) => entry.textStart);

const fixed = (term: string, text: string, site: string): GlossaryEntry => ({ term, translate: { mode: 'fixed', text, byTarget: {} }, say: null, language: null, site, case: 'auto' });

beforeEach(async () => {
  useEnglishMessages();
  fakeBrowser.reset();
  await clearTranslationCache();
  await clearAudioCache();
  await emulator.signIn({ glossary: [fixed('fishermen', 'pescadores del muelle', 'news.test'), fixed('boats', 'barcas del muelle', 'other.test')] });
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

  it('a paragraph the page translation translated with a term (an entry for its language) is not bought again when heard: the same key, the term exact', async () => {
    const tab = (await fakeBrowser.tabs.create({ url: 'https://news.test/harbour' })).id!;
    // An entry for English text only: it applies where the reading knows the page is in English.
    await updateSettings({ confirmAboveCredits: 1000, confirmPageTranslation: false, glossary: [{ ...fixed('fishermen', 'pescadores del muelle', 'news.test'), language: 'en' }] });
    const blocks = [{ text: 'The fishermen mend their nets.', source: 'en' }];
    await grantWithoutAsking(tab, 'page-translate', 1000);
    const [shown] = (await translatePageBlocks('es', blocks, tab)).translations;
    expect(shown).toContain('pescadores del muelle');
    // In the cache once the page translation finds it there (nothing left to pay).
    await vi.waitFor(async () => expect((await estimatePageTranslation('es', blocks, [0], tab)).page).toBe(0));
    const paid = (await sent()).length;
    hearReadingIn('heard-after-page', 'es', 'en', tab);
    expect(await textToSpeak('heard-after-page', 'The fishermen mend their nets.')).toBe(shown);
    expect(await sent()).toHaveLength(paid);
  });

  it('what a page heard in another language bought with a term, the page translation finds (the page\'s language declared, or none)', async () => {
    const tab = (await fakeBrowser.tabs.create({ url: 'https://news.test/harbour' })).id!;
    hearReadingIn('heard-before-page', 'es', 'en', tab);
    const heard = await textToSpeak('heard-before-page', 'The fishermen mend their nets.\nThe boats sail.');
    expect(heard).toContain('pescadores del muelle');
    const paid = (await sent()).length;
    await grantWithoutAsking(tab, 'page-translate', 1000);
    const declared = await translatePageBlocks('es', [{ text: 'The fishermen mend their nets.', source: 'en' }, { text: 'The boats sail.', source: 'en' }], tab);
    const undeclared = await translatePageBlocks('es', [{ text: 'The fishermen mend their nets.', source: null }, { text: 'The boats sail.', source: null }], tab);
    expect([declared.spent, undeclared.spent]).toEqual([0, 0]);
    expect(declared.translations.join('\n')).toBe(heard);
    expect(undeclared.translations.join('\n')).toBe(heard);
    expect(await sent()).toHaveLength(paid);
  });

  it('a paragraph bought under none without an entry for its language (a page that declares none) is not heard in its place: the term kept', async () => {
    const tab = (await fakeBrowser.tabs.create({ url: 'https://news.test/harbour' })).id!;
    await updateSettings({ glossary: [{ ...fixed('fishermen', 'pescadores del muelle', 'news.test'), language: 'en' }] });
    await grantWithoutAsking(tab, 'page-translate', 1000);
    const [plain] = (await translatePageBlocks('es', [{ text: 'The fishermen mend their nets.', source: null }], tab)).translations;
    expect(plain).not.toContain('pescadores del muelle');
    const paid = (await sent()).length;
    hearReadingIn('heard-in-english', 'es', 'en', tab);
    expect(await textToSpeak('heard-in-english', 'The fishermen mend their nets.')).toContain('pescadores del muelle');
    expect((await sent()).length).toBeGreaterThan(paid);
  });
});

describe('the figure of a page heard in another language, with a "say as" much longer than its term', () => {
  const LONG = 'Vox late, the reader that reads every page aloud for you, in the language you listen in, word by word and sentence by sentence, from the first line of the page to the very last one of it';
  const params: SpeechParams = { voiceId: 'es-lucia', language: 'es', speed: 1, format: 'mp3' };

  it('covers what is then sent: the translation, and its speech as the glossary says it; each request fits the service\'s limit', async () => {
    await updateSettings({ glossary: [{ term: 'Voxlate', translate: { mode: 'keep' }, say: LONG, language: null, site: null, case: 'auto' }] });
    // The speech price learned, as after a first reading (the emulator's: a credit per started 100 characters).
    await fakeBrowser.storage.local.set({ speechPrice: { serviceUrl: emulator.url(), byFormat: { mp3: { credits: 10, chars: 1000, requests: 10 } } } });
    const tab = (await fakeBrowser.tabs.create({ url: 'https://news.test/voxlate' })).id!;
    readingAt('heard-said', tab);
    hearReadingIn('heard-said', 'es', 'en', tab);
    const heardIn = await heardAsSaid('heard-said', { source: 'en', target: 'es' }, 'es', await getSettings());
    // Said twice at length: more than one request's worth of speech past what the text's length would say.
    const text = 'Voxlate reads, Voxlate says.';
    const figure = await estimateReading([{ index: 0, text, firstSentence: 0, lastSentence: 0, sentenceOffsets: [0] }], params, Number.POSITIVE_INFINITY, heardIn);
    await fetchChunk({ sessionId: 'heard-said', chunkIndex: 0, text, params, priority: 10 });
    const charged = await emulator.ledger();
    expect(charged.find((e) => e.path === '/api/v1/tts')?.textStart).toMatch(/^Vox late, the reader/u);
    expect(charged.reduce((sum, e) => sum + e.credits, 0)).toBeLessThanOrEqual(figure.credits);
    // The longest chunk, translated and said, within the service's limit.
    const { maxChars } = await speechFitOf('heard-said', 'es', await getSettings(), heardIn);
    expect(maxChars! * translationGrowthBound('en', 'es') * (LONG.length / 'Voxlate'.length)).toBeLessThanOrEqual(DEFAULT_MAX_CHARS);
  });
});
