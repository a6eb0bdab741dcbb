import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ReadingPlan } from '../../player/contract';
import { sentenceVoices, splitByVoice } from './paragraph-voices';

const english = 'The harbour was quiet in the early morning, and the boats rocked gently at their moorings.';
const spanish = 'El puerto estaba tranquilo por la mañana temprano, y los barcos se mecían suavemente en sus amarres.';
const text = `${english}\n${spanish}\nShort one.`;
const sentences: [number, number][] = [
  [0, english.length],
  [english.length + 1, english.length + 1 + spanish.length],
  [english.length + spanish.length + 2, text.length],
];
const es = { voiceId: 'es-lucia', language: 'es' };

beforeEach(() => {
  fakeBrowser.reset();
  // The browser's detector: Spanish for the Spanish paragraph, English otherwise.
  fakeBrowser.i18n.detectLanguage = vi.fn(async (sample: string) => ({ isReliable: true, languages: [{ language: sample.startsWith('El ') ? 'es' : 'en', percentage: 99 }] })) as never;
});

describe('paragraphs in another language', () => {
  it('gives the sentences of a paragraph clearly in another language the voice for it; short paragraphs keep the reading\'s', async () => {
    const voiceFor = vi.fn(async (language: string) => (language === 'es' ? es : null));
    expect(await sentenceVoices(text, sentences, 'en', voiceFor)).toEqual([null, es, null]);
    expect(voiceFor).toHaveBeenCalledTimes(1);
  });

  it('a language the service has no voice for keeps the reading\'s voice', async () => {
    expect(await sentenceVoices(text, sentences, 'en', async () => null)).toEqual([null, null, null]);
  });

  it('cuts a chunk where the voice changes, each part sent with its language and voice, the sentences\' offsets kept', () => {
    const joined = `${english} ${spanish} Short one.`;
    const plan: ReadingPlan = {
      sessionId: 's',
      params: { voiceId: 'en-amelia', language: 'en', speed: 1, format: 'mp3' },
      sentenceCount: 3,
      title: 'Harbour',
      chunks: [{ index: 0, text: joined, firstSentence: 0, lastSentence: 2, sentenceOffsets: [0, english.length + 1, english.length + spanish.length + 2] }],
    };
    const split = splitByVoice(plan, [null, es, null]);
    expect(split.chunks).toEqual([
      { index: 0, text: english, firstSentence: 0, lastSentence: 0, sentenceOffsets: [0] },
      { index: 1, text: spanish, firstSentence: 1, lastSentence: 1, sentenceOffsets: [0], original: es },
      { index: 2, text: 'Short one.', firstSentence: 2, lastSentence: 2, sentenceOffsets: [0] },
    ]);
    expect(splitByVoice(plan, [null, null, null])).toBe(plan);
  });
});
