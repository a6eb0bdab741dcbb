import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { estimateSpeechCreditsOfLengths, notePrice } from '../background/speech-price';
import { translationCost } from '../translate/cost';
import { nextBatch, oneByOne, plannedBatches } from './ahead';
import type { Cue } from './cue';
import { listenFigure, spokenLengths, translationFigure, type PriceSpeech } from './figure';

/** `count` cues, one every 3 s, each `chars` characters long and different. */
function cuesOf(count: number, chars: number): Cue[] {
  return Array.from({ length: count }, (_, i) => ({ id: `c${i}`, start: i * 3, end: i * 3 + 2.5, text: `${i}`.padStart(chars, 'x') }));
}
const en = { source: 'en', target: 'de' } as const;

beforeEach(() => fakeBrowser.reset());

describe('translationFigure', () => {
  it('is about what a straight watch pays per minute, and up to each caption rounded up on its own', () => {
    // Ten minutes, 200 cues of 37 characters. A batch of 10 cues: 370 + 9 × 2 = 388 → 39 credits,
    // 20 batches → 780, 78 a minute. Bound: each 37 + 2 → 4 credits, 800.
    expect(translationFigure(cuesOf(200, 37), { ...en, durationSec: 600 })).toEqual({ perMinute: 78, whole: 800, learned: true });
  });

  it('counts a caption said again once', () => {
    const cues = cuesOf(20, 8).map((cue, i) => (i % 2 ? { ...cue, text: 'Thank you.' } : cue));
    // 10 different texts of 8 (+2 → 1 credit each) and "Thank you." once (10 + 2 → 2).
    expect(translationFigure(cues, { ...en, durationSec: 60 }).whole).toBe(12);
  });

  it('takes the last cue’s end for a video of unknown or endless length', () => {
    const cues = cuesOf(40, 37); // ends at 119.5 s: about two minutes.
    const whole = translationFigure(cues, en);
    expect(translationFigure(cues, { ...en, durationSec: Number.POSITIVE_INFINITY })).toEqual(whole);
    expect(translationFigure(cues, { ...en, durationSec: Number.NaN })).toEqual(whole);
    const expected = plannedBatches(cues).reduce((sum, b) => sum + b.cost, 0);
    expect(whole.perMinute).toBe(Math.ceil(expected / (119.5 / 60)));
  });

  it('never says more a minute than the whole of a video shorter than a minute', () => {
    const figure = translationFigure(cuesOf(3, 37), { ...en, durationSec: 10 });
    expect(figure.perMinute).toBe(figure.whole);
    expect(translationFigure([], en)).toEqual({ perMinute: 0, whole: 0, learned: true });
  });

  it('bounds every way the captions can be sent: batched from any playhead, or one by one after a mismatch', () => {
    const cues = Array.from({ length: 150 }, (_, i) => ({ id: `c${i}`, start: i * 2.1, end: i * 2.1 + 2, text: `${i}`.padEnd(2 + ((i * 37) % 90), 'w') }));
    const { whole } = translationFigure(cues, en);
    const singles = cues.reduce((sum, cue) => sum + translationCost(cue.text), 0);
    expect(singles).toBeLessThanOrEqual(whole);
    for (const start of [0, 17, 100.5, 250]) {
      const settled = new Set<string>();
      let batched = 0;
      let fellBack = 0;
      for (let playhead = start; playhead < 400; playhead += 0.5) {
        const batch = nextBatch(cues, playhead, settled);
        if (!batch) continue;
        batch.items.forEach((item) => item.cueIds.forEach((id) => settled.add(id)));
        batched += batch.cost;
        fellBack += oneByOne(batch).reduce((sum, single) => sum + single.cost, 0);
      }
      expect(batched).toBeLessThanOrEqual(whole);
      expect(fellBack).toBeLessThanOrEqual(whole);
    }
  });
});

describe('spokenLengths', () => {
  it('prices each different caption’s speech at the longest its translation may come back', () => {
    const cues = [
      { id: 'a', start: 0, end: 1, text: 'x'.repeat(10) },
      { id: 'b', start: 1, end: 2, text: 'Thanks\nall' },
      { id: 'c', start: 2, end: 3, text: 'x'.repeat(10) },
    ];
    // Between alphabetic languages up to 1.6 ×; out of Japanese 4 ×; counted in code points.
    expect(spokenLengths(cues, 'en', 'de')).toEqual([16, 16]);
    expect(spokenLengths([{ id: 'j', start: 0, end: 1, text: 'ありがとう😀' }], 'ja', 'en')).toEqual([24]);
  });
});

describe('listenFigure', () => {
  it('adds the speech of every translated caption, priced by the function it is given', async () => {
    const asked: number[][] = [];
    const price: PriceSpeech = async (lengths) => {
      asked.push([...lengths]);
      return { credits: lengths.length * 5, learned: true };
    };
    const cues = cuesOf(200, 37);
    const figure = await listenFigure(cues, { ...en, durationSec: 600 }, price);
    expect(asked).toEqual([spokenLengths(cues, 'en', 'de')]);
    // Translation 780 (800 at most) and speech 1000 over ten minutes.
    expect(figure).toEqual({ perMinute: 178, whole: 1800, learned: true });
  });

  it('prices speech with the worker’s own estimate: its cautious prior, then what was learned', async () => {
    const service = 'https://tts.example';
    const price: PriceSpeech = (lengths) => estimateSpeechCreditsOfLengths(service, 'mp3', lengths);
    const cues = cuesOf(10, 25); // each spoken at up to 40 characters
    const translation = translationFigure(cues, en).whole;
    // Prior: 1 credit per 10 characters → 4 a caption; "up to", not learned.
    expect(await listenFigure(cues, en, price)).toMatchObject({ whole: translation + 40, learned: false });
    await notePrice(service, 'mp3', { credits: 10, chars: 1000, requests: 1 });
    // Learned: 0.01 a character → ceil(0.4) = 1 a caption.
    expect(await listenFigure(cues, en, price)).toMatchObject({ whole: translation + 10, learned: true });
  });

  it('asks no price when there is nothing to say', async () => {
    const price: PriceSpeech = () => Promise.reject(new Error('not asked'));
    expect(await listenFigure([], en, price)).toEqual({ perMinute: 0, whole: 0, learned: true });
  });
});

describe('the glossary in the figures', () => {
  // Three one-letter terms kept between commas: the pieces around them and their separators say more than the caption.
  const caption: Cue = { id: 't', start: 0, end: 2, text: 'abc,x,cd,x,ef,x,gh' };
  const pieces = ['abc,', ',cd,', ',ef,', ',gh'];
  const sentOf = (text: string) => (text === caption.text ? pieces : text === 'x.' ? [] : [text]);

  it('bounds what is sent for a caption with terms: its pieces, each with its separator; a caption of terms only costs nothing', () => {
    const sent = translationCost(pieces.join('\n\n'));
    // The caption with its separator (20 → 2 credits) is less than its pieces sent in one request (21 → 3).
    expect(translationFigure([caption], en).whole).toBeLessThan(sent);
    const figure = translationFigure([caption, { id: 'terms', start: 3, end: 4, text: 'x.' }], { ...en, sentOf, durationSec: 60 });
    expect(figure).toEqual({ perMinute: sent, whole: 4, learned: true });
    expect(oneByOne({ items: pieces.map((text) => ({ text, cueIds: [] })), text: '', cost: 0 }).reduce((sum, b) => sum + b.cost, 0)).toBeLessThanOrEqual(figure.whole);
  });

  it('prices a caption heard at the length the glossary can make its translation', async () => {
    const asked: number[][] = [];
    const price: PriceSpeech = async (lengths) => {
      asked.push([...lengths]);
      return { credits: lengths.reduce((a, b) => a + b, 0), learned: true };
    };
    const figure = await listenFigure([caption], { ...en, sentOf, spokenLengthOf: (text) => text.length * 10 }, price);
    expect(asked).toEqual([[180]]);
    expect(figure.whole).toBe(4 + 180);
  });
});
