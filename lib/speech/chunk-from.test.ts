import { describe, expect, it } from 'vitest';
import { prepareSpeech } from './chunk';
import { chunksFrom, sentenceAtOffset } from './chunk-from';

const SENTENCES = Array.from({ length: 40 }, (_, i) => `Sentence number ${i + 1} says a few plain words about the river.`);
const TEXT = SENTENCES.join(' ');

describe('sentenceAtOffset', () => {
  const { sentences } = prepareSpeech('First one here. Second one there.\n\n***\n\nThird one last.', 'en');

  it('finds the sentence holding the offset, from its first character to its last', () => {
    expect(sentenceAtOffset(sentences, 0)).toBe(0);
    const second = sentences[1]!;
    expect(sentenceAtOffset(sentences, second.start)).toBe(1);
    expect(sentenceAtOffset(sentences, second.end - 1)).toBe(1);
  });

  it('takes the next sentence for an offset between sentences or on text that is not spoken', () => {
    // The divider "***" is dropped as unspeakable: a caret on it starts at the third sentence.
    const divider = 'First one here. Second one there.\n\n'.length + 1;
    expect(sentenceAtOffset(sentences, divider)).toBe(2);
  });

  it('is -1 after the last sentence', () => {
    expect(sentenceAtOffset(sentences, sentences.at(-1)!.end)).toBe(-1);
    expect(sentenceAtOffset([], 0)).toBe(-1);
  });
});

describe('chunksFrom', () => {
  const prepared = prepareSpeech(TEXT, 'en');

  it('starts a request at the start sentence, with that sentence alone, then grows as a new reading does', () => {
    const chunks = chunksFrom(prepared, 20);
    const first = chunks.find((c) => c.firstSentence === 20)!;
    expect(first.lastSentence).toBe(20);
    expect(first.text).toBe(SENTENCES[20]);
    // What follows is planned as a reading of the rest alone.
    const alone = prepareSpeech(SENTENCES.slice(20).join(' '), 'en').chunks;
    expect(chunks.slice(first.index).map((c) => c.text)).toEqual(alone.map((c) => c.text));
  });

  it('keeps every sentence before the start, in small requests near it', () => {
    const chunks = chunksFrom(prepared, 20);
    let next = 0;
    chunks.forEach((c, i) => {
      expect(c.index).toBe(i);
      expect(c.firstSentence).toBe(next);
      expect(c.sentenceOffsets).toHaveLength(c.lastSentence - c.firstSentence + 1);
      expect(c.text).toBe(SENTENCES.slice(c.firstSentence, c.lastSentence + 1).join(' '));
      next = c.lastSentence + 1;
    });
    expect(next).toBe(SENTENCES.length);
    // Going back one sentence asks for that sentence only; the requests before grow backwards.
    const start = chunks.findIndex((c) => c.firstSentence === 20);
    expect(chunks[start - 1]).toMatchObject({ firstSentence: 19, lastSentence: 19 });
    expect(chunks[start - 2]!.text.length).toBeGreaterThan(chunks[start - 1]!.text.length);
  });

  it('plans as usual from the first sentence', () => {
    expect(chunksFrom(prepared, 0)).toEqual(prepared.chunks);
  });

  it('keeps the cleaned text of each sentence', () => {
    const cleaned = prepareSpeech('Visit https://example.com/a/b now. Then go home. And rest.', 'en');
    const chunks = chunksFrom(cleaned, 1);
    expect(chunks.map((c) => c.text).join(' ')).toBe(cleaned.chunks.map((c) => c.text).join(' '));
  });
});
