import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ReadingPlan } from '../../player/contract';
import type { ConsentOptions } from '../translation';
import { sessionItem } from './session';
import { hearReadingIn, stopTranslations, textToSpeak } from './translated';

// The one translator of the worker: what it is asked and what it answers.
const translateWithConsent = vi.hoisted(() => vi.fn(async (text: string, target: string, _approved?: number | null, _options?: ConsentOptions) => ({ translation: `[${target.toUpperCase()}] ${text}` })));
vi.mock('../translation', () => ({ translateWithConsent }));

const plan = (sessionId: string): ReadingPlan => ({
  sessionId,
  params: { voiceId: 'en-amelia', language: 'en', speed: 1, format: 'mp3' },
  chunks: [{ index: 0, text: 'Hola, amigo.', firstSentence: 0, lastSentence: 0, sentenceOffsets: [0] }],
  sentenceCount: 1,
  title: 'Carta',
});

beforeEach(() => {
  fakeBrowser.reset();
  translateWithConsent.mockClear();
});

describe('a reading heard in another language', () => {
  it('asks for the speech of the text as written when the reading is heard as written', async () => {
    hearReadingIn('plain', undefined);
    expect(await textToSpeak('plain', 'Hola, amigo.')).toBe('Hola, amigo.');
    expect(translateWithConsent).not.toHaveBeenCalled();
  });

  it('translates each chunk just before its speech, paid at the chunk\'s translation price (agreed as the reading started)', async () => {
    hearReadingIn('heard-in-english', 'en');
    expect(await textToSpeak('heard-in-english', 'Hola, amigo.')).toBe('[EN] Hola, amigo.');
    expect(translateWithConsent).toHaveBeenCalledWith('Hola, amigo.', 'en', 2, { signal: expect.any(AbortSignal), inPrivate: false, tabId: null, source: null });
  });

  it('after the worker started again, the reading\'s record says how it is heard; anything else is heard as written', async () => {
    await sessionItem.setValue({ plan: plan('restarted'), sentences: [], tabId: 1, frameId: 0, position: null, translateTo: 'de' });
    expect(await textToSpeak('restarted', 'Hola, amigo.')).toBe('[DE] Hola, amigo.');
    // A download's parts (another id): as written, and no translation is asked for.
    expect(await textToSpeak('download-123', 'Hola, amigo.')).toBe('Hola, amigo.');
    expect(translateWithConsent).toHaveBeenCalledTimes(1);
    // Its tab too: the glossary's entries kept for that tab's site apply.
    expect(translateWithConsent).toHaveBeenCalledWith('Hola, amigo.', 'de', 2, { signal: expect.any(AbortSignal), inPrivate: false, tabId: 1, source: null });
  });

  it('translates a chunk paragraph by paragraph; a paragraph the page translation kept (under the page\'s language) is not bought again', async () => {
    const { putCachedTranslation } = await import('../../translate/cache');
    await fakeBrowser.storage.local.set({ settings: { serviceUrl: 'https://tts.test' } });
    await putCachedTranslation({ service: 'https://tts.test', text: 'Hola, amigo.', source: 'es', target: 'en' }, { translation: 'Hello, friend.', sourceLanguage: 'es', sourceName: '' });
    hearReadingIn('paragraphs', 'en', 'es');
    expect(await textToSpeak('paragraphs', 'Hola, amigo.\nBuenos días. Adiós.')).toBe('Hello, friend.\n[EN] Buenos días. Adiós.');
    // Bought with the language the reading knows (entries for it apply; kept under it, as the page translation keeps it).
    expect(translateWithConsent.mock.calls).toEqual([['Buenos días. Adiós.', 'en', 2, { signal: expect.any(AbortSignal), inPrivate: false, tabId: null, source: 'es' }]]);
  });

  it('withdraws the translations of a reading that ended (not sent yet: never sent)', async () => {
    hearReadingIn('stopped', 'en');
    await textToSpeak('stopped', 'Hola.');
    const signal = translateWithConsent.mock.calls.at(-1)![3]!.signal!;
    expect(signal.aborted).toBe(false);
    stopTranslations('stopped');
    expect(signal.aborted).toBe(true);
  });
});
