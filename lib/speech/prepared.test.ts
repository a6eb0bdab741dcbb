import { describe, expect, it } from 'vitest';
import { FIRST_REQUEST_WINDOW, firstRequestOf, prepareFirstHead, prepareHead, prepareSpeech } from './chunk';
import { chunksFrom } from './chunk-from';
import { SEGMENT_WINDOW } from './segment';

/** "AI" said as "artificial intelligence", counting how often a sentence is measured. */
function counting() {
  const measured: string[] = [];
  const measure = (sentence: string) => {
    measured.push(sentence);
    return sentence.replaceAll('AI', 'artificial intelligence').length;
  };
  return { measured, measure };
}

const paragraph = 'AI reads this aloud. The second sentence is here [12]. A third one follows it. And AI says a fourth.';

describe('the text prepared once (issue 41)', () => {
  it('measures each sentence once, as it is said, and sizes the chunks by that', () => {
    const { measured, measure } = counting();
    const prepared = prepareSpeech(paragraph, 'en', { measure, firstChars: 60 });
    expect(measured).toEqual(['AI reads this aloud.', 'The second sentence is here.', 'A third one follows it.', 'And AI says a fourth.']);
    expect(prepared.spoken.map((s) => s.text)).toEqual(measured);
    expect(prepared.sizes).toEqual(measured.map(measure));
    // Said, the second and third make 28 + 1 + 23 = 52 ≤ 60; with the fourth, 52 + 1 + 40 > 60.
    expect(prepared.chunks.map((c) => c.text)).toEqual(['AI reads this aloud.', 'The second sentence is here. A third one follows it.', 'And AI says a fourth.']);
    // A plan that starts later reads the same value: nothing is measured again.
    measured.length = 0;
    expect(chunksFrom(prepared, 2, { measure, firstChars: 60 }).map((c) => c.text)).toEqual([
      'AI reads this aloud.',
      'The second sentence is here.',
      'A third one follows it.',
      'And AI says a fourth.',
    ]);
    expect(measured).toEqual([]);
  });

  it('prepares a text within one segmentation window whole, the first request read from that same value', () => {
    const head = prepareHead(paragraph, 'en');
    expect(head.whole).toBe(true);
    expect(head).toEqual(prepareSpeech(paragraph, 'en'));
    expect(firstRequestOf(head)).toBe('AI reads this aloud.');
  });

  it('prepares only the first window of a longer text, whose first request is the whole text\'s', () => {
    const long = (paragraph + '\n').repeat(Math.ceil((3 * SEGMENT_WINDOW) / paragraph.length));
    const head = prepareHead(long, 'en');
    expect(head.whole).toBe(false);
    expect(head.sentences.at(-1)!.end).toBeLessThanOrEqual(SEGMENT_WINDOW);
    expect(firstRequestOf(head)).toBe(prepareSpeech(long, 'en').chunks[0]!.text);
  });

  it('prepares only the first 1,000 characters of a 5,000-character selection for its first request, the whole text\'s first', () => {
    const { measured, measure } = counting();
    const selection = (paragraph + '\n').repeat(Math.ceil(5000 / paragraph.length));
    const head = prepareFirstHead(selection, 'en', { measure });
    expect(head.whole).toBe(false);
    expect(head.sentences.at(-1)!.end).toBeLessThanOrEqual(FIRST_REQUEST_WINDOW);
    expect(measured.length).toBeLessThan(50);
    expect(firstRequestOf(head)).toBe(prepareSpeech(selection, 'en', { measure }).chunks[0]!.text);
    // Too few sentences there to be sure of the first (one long sentence): its segmentation window.
    const longFirst = `${'word '.repeat(300)}ends here. ${selection}`;
    expect(firstRequestOf(prepareFirstHead(longFirst, 'en'))).toBe(prepareSpeech(longFirst, 'en').chunks[0]!.text);
    // No longer than the window: prepared whole, the value the plan reads.
    expect(prepareFirstHead(paragraph, 'en')).toEqual(prepareSpeech(paragraph, 'en'));
  });

  it('never lets a sentence said longer than the limit overflow it', () => {
    const sentence = Array.from({ length: 40 }, () => 'AI').join(' ') + '.';
    const { measure } = counting();
    const prepared = prepareSpeech(sentence, 'en', { measure, maxChars: 200 });
    expect(sentence.length).toBeLessThan(200);
    expect(measure(sentence)).toBeGreaterThan(200);
    expect(prepared.sizes[0]).toBeLessThanOrEqual(200);
    expect(measure(prepared.chunks[0]!.text)).toBeLessThanOrEqual(200);
    expect(prepared.chunks[0]!.text.startsWith('AI AI AI')).toBe(true);
  });
});
