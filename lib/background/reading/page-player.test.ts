import { describe, expect, it } from 'vitest';
import { prepareSpeech } from '../../speech/chunk';
import type { ReadingPlan } from '../../player/contract';
import { sentenceLengths } from './page-player';

const PLAN: ReadingPlan = {
  sessionId: 's1',
  params: { voiceId: 'en-amelia', language: 'en', speed: 1, format: 'mp3' },
  chunks: [
    { index: 0, text: 'One.', firstSentence: 0, lastSentence: 0, sentenceOffsets: [0] },
    { index: 1, text: 'Two two. Three.', firstSentence: 1, lastSentence: 2, sentenceOffsets: [0, 9] },
  ],
  sentenceCount: 3,
  title: 'T',
};

describe('sentenceLengths', () => {
  it('gives every sentence of the reading its characters, in order', () => {
    expect(sentenceLengths(PLAN)).toEqual([4, 9, 6]);
  });

  it('has one length per sentence of a real plan, adding up to its chunks', () => {
    const text = 'The morning was cool and bright. Dr. Smith walked to the old oak tree at 7.30 a.m. and sat down. Birds sang. '.repeat(40);
    const { sentences, chunks } = prepareSpeech(text, 'en');
    const lengths = sentenceLengths({ chunks, sentenceCount: sentences.length });
    expect(lengths).toHaveLength(sentences.length);
    expect(lengths.reduce((a, b) => a + b, 0)).toBe(chunks.reduce((sum, c) => sum + c.text.length, 0));
  });

  it('counts a sentence heard twice (its original and its translation, a learner\'s repeat) once', () => {
    const twice = { sentenceCount: 2, chunks: [0, 0, 1, 1].map((s, index) => ({ index, text: s ? 'Adiós.' : 'Hola.', firstSentence: s, lastSentence: s, sentenceOffsets: [0] })) };
    expect(sentenceLengths(twice)).toEqual([5, 6]);
  });
});
