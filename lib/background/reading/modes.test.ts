import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ReadingPlan } from '../../player/contract';
import { estimateReading, markParagraphs, planForListening, REPEAT_SLOWER } from './modes';
import { estimateSpeechOfLengths } from '../spend/questions';
import { translationGrowthBound } from '../../translate/growth';

const plan: ReadingPlan = {
  sessionId: 's',
  params: { voiceId: 'en-amelia', language: 'en', speed: 1, format: 'mp3' },
  sentenceCount: 3,
  title: 'Carta',
  chunks: [
    { index: 0, text: 'Hola.', firstSentence: 0, lastSentence: 0, sentenceOffsets: [0] },
    { index: 1, text: 'Me llamo Ana. Vivo en Sevilla.', firstSentence: 1, lastSentence: 2, sentenceOffsets: [0, 14] },
  ],
};
const spanish = { voiceId: 'es-lucia', language: 'es' };
const way = (mode: 'translation' | 'original-first' | 'translation-first' | 'learner', more = {}) => ({ mode, pauseSec: 2, repeatSlower: true, ...more });
/** Each chunk as "<sentence><o: original | t: translated><×slower><+pause>". */
const layout = (p: ReadingPlan) =>
  p.chunks.map((c) => `${c.firstSentence}${c.original ? 'o' : 't'}${c.slower ? `×${c.slower}` : ''}${c.pauseAfterSec ? `+${c.pauseAfterSec}` : ''}`);

beforeEach(() => fakeBrowser.reset());

describe('how a reading in another language is heard', () => {
  it('the translation only: the plan as it is, and no voice of the original asked for', async () => {
    const voice = vi.fn(async () => spanish);
    expect(await planForListening(plan, way('translation'), voice)).toBe(plan);
    expect(voice).not.toHaveBeenCalled();
  });

  it('the original then its translation, sentence by sentence, the original in its own voice', async () => {
    const heard = await planForListening(plan, way('original-first'), async () => spanish);
    expect(layout(heard)).toEqual(['0o', '0t', '1o', '1t', '2o', '2t']);
    expect(heard.chunks.map((c) => c.index)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(heard.chunks.slice(2, 4).map((c) => c.text)).toEqual(['Me llamo Ana.', 'Me llamo Ana.']);
    expect(heard.chunks[0]!.original).toEqual(spanish);
    expect(heard.chunks[5]).toMatchObject({ text: 'Vivo en Sevilla.', firstSentence: 2, lastSentence: 2, sentenceOffsets: [0] });
  });

  it('the translation then its original', async () => {
    expect(layout(await planForListening(plan, way('translation-first'), async () => spanish))).toEqual(['0t', '0o', '1t', '1o', '2t', '2o']);
  });

  it('a learner: each translation, a pause, the same again slower (or once, with the pause, when repeats are off)', async () => {
    const voice = vi.fn(async () => spanish);
    expect(layout(await planForListening(plan, way('learner', { pauseSec: 3 }), voice))).toEqual([
      '0t+3', `0t×${REPEAT_SLOWER}+3`, '1t+3', `1t×${REPEAT_SLOWER}+3`, '2t+3', `2t×${REPEAT_SLOWER}+3`,
    ]);
    expect(layout(await planForListening(plan, way('learner', { repeatSlower: false, pauseSec: 0 }), voice))).toEqual(['0t', '1t', '2t']);
    expect(voice).not.toHaveBeenCalled();
  });

  it('pays each sentence once a language: a repeat is the same request; the speech of the original is added, and the translations once', async () => {
    const { params } = plan;
    const fromSpanish = { source: 'es', target: 'en' };
    const once = await planForListening(plan, way('learner', { repeatSlower: false }), async () => spanish);
    const twice = await planForListening(plan, way('learner'), async () => spanish);
    const onceFigure = await estimateReading(once.chunks, params, 1000, fromSpanish);
    expect(await estimateReading(twice.chunks, params, 1000, fromSpanish)).toEqual(onceFigure);
    // The speech of each translation at the longest it may come back (1.6 × from Spanish)...
    const spoken = await estimateSpeechOfLengths(once.chunks.map((c) => Math.ceil(c.text.length * translationGrowthBound('es', 'en'))), params);
    expect(spoken.credits).toBeGreaterThan((await estimateReading(once.chunks, params, 1000)).credits);
    // ...and the translations: 'Hola.' 1, 'Me llamo Ana.' 2, 'Vivo en Sevilla.' 2 (ceil(characters / 10) each).
    expect(onceFigure.credits - spoken.credits).toBe(5);
    const both = await planForListening(plan, way('translation-first'), async () => spanish);
    const originals = await estimateReading(both.chunks.filter((c) => c.original), params, 1000);
    expect((await estimateReading(both.chunks, params, 1000, fromSpanish)).credits).toBe(onceFigure.credits + originals.credits);
  });

  it('prices the speech of a translation at the longest it may come back: from Japanese, several times what it is written in', async () => {
    const { params } = plan;
    const once = await planForListening(plan, way('learner', { repeatSlower: false }), async () => spanish);
    const translations = 5;
    const asWritten = (await estimateReading(once.chunks, params, 1000)).credits;
    const fromJapanese = (await estimateReading(once.chunks, params, 1000, { source: 'ja', target: 'en' })).credits - translations;
    expect(fromJapanese).toBeGreaterThanOrEqual(3 * asWritten);
  });

  it('prices what is spoken as written as it is said: the user\'s pronunciations applied, for each request\'s language', async () => {
    const { params } = plan;
    const said = vi.fn(async (text: string, language: string) => (language === 'en' ? text.replaceAll('Ana', 'Anastasia Annabel') : text));
    const written = await estimateReading(plan.chunks, params, 1000);
    const asSaid = await estimateReading(plan.chunks, params, 1000, undefined, said);
    expect(said).toHaveBeenCalledWith('Me llamo Ana. Vivo en Sevilla.', 'en');
    expect(asSaid.credits).toBe(written.credits + 2);
  });

  it('marks where a chunk goes from one paragraph to the next (a line break for the joining space: same offsets)', () => {
    const text = 'Hola.\n\nMe llamo Ana. Vivo en Sevilla.';
    const sentences: [number, number][] = [[0, 5], [7, 20], [21, 37]];
    const one: ReadingPlan = { ...plan, chunks: [{ index: 0, text: 'Hola. Me llamo Ana. Vivo en Sevilla.', firstSentence: 0, lastSentence: 2, sentenceOffsets: [0, 6, 20] }] };
    const marked = markParagraphs(one, text, sentences);
    expect(marked.chunks[0]!.text).toBe('Hola.\nMe llamo Ana. Vivo en Sevilla.');
    expect(marked.chunks[0]!.text).toHaveLength(one.chunks[0]!.text.length);
    // Within one paragraph: as it was.
    expect(markParagraphs(plan, 'Hola. Me llamo Ana. Vivo en Sevilla.', [[0, 5], [6, 19], [20, 36]]).chunks).toEqual(plan.chunks);
  });
});
