import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useEmulator } from '../../test/contract/emulator-harness';
import { sayTerms, type GlossaryEntry } from '../glossary';
import { useEnglishMessages } from '../i18n.test-helpers';
import { clearTranslationCache } from '../translate/cache';
import { listenTranslated } from './listen';
import { estimateSpeech } from './spend/questions';
import { translateWithConsent } from './translation';

// The real translator, gateway and emulator (its realistic mode changes every word it is sent).
const emulator = useEmulator({ translator: 'realistic' });

const LONG = 'Vox late, the reader that reads every page aloud for you, in the language you listen in, word by word and sentence by sentence, from the first line of the page to the very last one of it';
const SAID: GlossaryEntry = { term: 'Voxlate', translate: { mode: 'keep' }, say: LONG, language: null, site: null, case: 'auto' };

beforeEach(async () => {
  useEnglishMessages();
  fakeBrowser.reset();
  await clearTranslationCache();
  // Every figure asked about (threshold 0): the question carries it.
  await emulator.signIn({ confirmAboveCredits: 0, glossary: [SAID] });
  // The speech price learned, as after a first reading (the emulator's: a credit per started 100 characters).
  await fakeBrowser.storage.local.set({ speechPrice: { serviceUrl: emulator.url(), byFormat: { mp3: { credits: 10, chars: 1000, requests: 10 } } } });
});

describe('a selection heard in another language, with a "say as" much longer than its term', () => {
  it('its figure covers the translation and the speech of it as the glossary says it (what is then sent)', async () => {
    const text = 'Voxlate reads.';
    const asked = await listenTranslated({ tabId: null, frameId: null, text, title: '', languageHint: 'en', target: 'es' }, null);
    const figure = asked?.confirm.credits ?? 0;
    // What is then sent: the translation, the term kept, and its speech with the term said at length.
    const translated = await translateWithConsent(text, 'es', figure);
    const said = sayTerms(translated.translation, [SAID], { language: 'es', site: null });
    expect(said).toContain(LONG);
    const speech = await estimateSpeech([said], { voiceId: 'es-lucia', language: 'es', speed: 1, format: 'mp3' }, Number.POSITIVE_INFINITY);
    expect(translated.cost + speech.credits).toBeLessThanOrEqual(figure);
  });
});
