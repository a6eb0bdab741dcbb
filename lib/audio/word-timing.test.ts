import { describe, expect, it } from 'vitest';
import { trueWordStarts } from '../../emulator/espeak-words';
import { timeWords, wordsOf } from './word-timing';

/** Real speech (the emulator's espeak-ng, as the player decodes it) and where its words truly start. */
function spoken(text: string, espeakVoice: string, speed = 1) {
  const { pcm, words } = trueWordStarts(text, { espeakVoice, gender: 'female', speed });
  return { samples: Float32Array.from(pcm.samples, (s) => s / 32768), sampleRate: pcm.sampleRate, truth: words };
}

/** Each word's error against the truth, in seconds. */
function errors(text: string, language: string, espeakVoice: string, speed = 1): number[] {
  const { samples, sampleRate, truth } = spoken(text, espeakVoice, speed);
  const estimate = new Map(timeWords(text, language, { samples, sampleRate }).map((w) => [w.from, w.atSec]));
  return truth.flatMap((w) => (estimate.has(w.from) ? [Math.abs(estimate.get(w.from)! - w.atSec)] : []));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const ENGLISH =
  'The mill stood at the edge of the estuary, where the river met the tide. Twice a day, the sea filled its pond through a gate; ' +
  'when the tide turned, the miller let the water out under the wheel, and the stones ground until the pond was empty.';
const SPANISH =
  'El camino junto al mar es largo y tranquilo. Por la mañana, los pescadores vuelven al puerto con sus barcas, ' +
  'y el mercado se llena de voces, de cajas de hielo y de gente que compra el pescado del día.';

describe('timeWords on real speech', () => {
  it('finds where the words of an English paragraph start, within a few tens of milliseconds', () => {
    const e = errors(ENGLISH, 'en', 'en-us');
    expect(e.length).toBeGreaterThan(40);
    expect(median(e)).toBeLessThan(0.08);
  });

  it('and of a Spanish one, at twice the speed', () => {
    const e = errors(SPANISH, 'es', 'es', 2);
    expect(e.length).toBeGreaterThan(30);
    expect(median(e)).toBeLessThan(0.08);
  });

  it('starts the word after a sentence break where the sound resumes, after the pause', () => {
    const { samples, sampleRate, truth } = spoken(ENGLISH, 'en-us');
    const twice = ENGLISH.indexOf('Twice');
    const estimate = timeWords(ENGLISH, 'en', { samples, sampleRate }).find((w) => w.from === twice)!;
    expect(Math.abs(estimate.atSec - truth.find((w) => w.from === twice)!.atSec)).toBeLessThan(0.05);
  });

  it('gives every word a time, in order, within the speech', () => {
    const { samples, sampleRate } = spoken(ENGLISH, 'en-us');
    const words = timeWords(ENGLISH, 'en', { samples, sampleRate });
    expect(words.map((w) => ENGLISH.slice(w.from, w.to)).slice(0, 4)).toEqual(['The', 'mill', 'stood', 'at']);
    for (let i = 1; i < words.length; i++) expect(words[i]!.atSec).toBeGreaterThanOrEqual(words[i - 1]!.atSec);
    expect(words.at(-1)!.atSec).toBeLessThan(samples.length / sampleRate);
  });

  it('counts from where the speech starts in the decoded audio (encoder padding before it left out)', () => {
    const { samples, sampleRate } = spoken(ENGLISH, 'en-us');
    const padded = new Float32Array(samples.length + sampleRate / 2);
    padded.set(samples, sampleRate / 2);
    const plain = timeWords(ENGLISH, 'en', { samples, sampleRate });
    const shifted = timeWords(ENGLISH, 'en', { samples: padded, sampleRate, startSec: 0.5, durationSec: samples.length / sampleRate });
    expect(shifted.map((w) => w.atSec)).toEqual(plain.map((w) => w.atSec));
  });
});

describe('timeWords on speech with numbers', () => {
  // Long stretches without a pause, where the numbers take most of the time.
  const NUMBERS = [
    'The bridge opened in 1987 and cost $4.5 million, twice what the council had planned for it in the budget of 1985 and 1986.',
    'By 2024 the library held 250,000 books and 3,500 maps, and it lent out 1.2 million items a year to 48,000 readers.',
  ];

  it('places the words around a number by how long the number takes to say', () => {
    for (const text of NUMBERS) {
      const e = errors(text, 'en', 'en-us');
      expect(median(e)).toBeLessThan(0.08);
      expect(Math.max(...e)).toBeLessThan(0.3);
    }
  });
});

describe('timeWords without speech', () => {
  it('has no words for a text without any, and puts words of silent audio at its start', () => {
    expect(timeWords('…', 'en', { samples: new Float32Array(22050), sampleRate: 22050 })).toEqual([]);
    expect(timeWords('Two words', 'en', { samples: new Float32Array(22050), sampleRate: 22050 })).toEqual([
      { from: 0, to: 3, atSec: 0 },
      { from: 4, to: 9, atSec: 0 },
    ]);
  });
});

describe('wordsOf', () => {
  it('splits by the language’s word segmenter and weighs digits and CJK characters as syllables', () => {
    const english = wordsOf('In 1990, it rained.', 'en');
    expect(english.map((w) => [w.from, w.to, w.breakBefore])).toEqual([
      [0, 2, 2],
      [3, 7, 0],
      [9, 11, 1],
      [12, 18, 0],
    ]);
    expect(english[1]!.weight).toBeGreaterThan(english[3]!.weight);
    const japanese = wordsOf('今日は雨です。明日は晴れ。', 'ja');
    expect(japanese.length).toBeGreaterThan(2);
    expect(japanese.find((w) => w.from === 7)?.breakBefore).toBe(2);
  });

  const weights = (text: string, language: string) => Object.fromEntries(wordsOf(text, language).map((w) => [text.slice(w.from, w.to), w.weight]));

  it('weighs a number as the words it is read as, not by its digits', () => {
    const english = weights('7 10 2000 2019 62 6.2', 'en');
    // "seven" is longer than "ten"; "two thousand nineteen" than "two thousand".
    expect(english['7']).toBeGreaterThan(english['10']!);
    expect(english['2019']).toBeGreaterThan(english['2000']!);
    // "six point two", "sixty-two".
    expect(english['6.2']).toBeGreaterThan(english['62']!);
    // The language's own words and marks: "eighteen" is longer than "eighty", "dix-huit" shorter
    // than "quatre-vingts"; "," is a decimal comma in French ("neuf virgule quatre"), thousands in English.
    expect(weights('18000 80000', 'en')['18000']).toBeGreaterThan(weights('18000 80000', 'en')['80000']!);
    expect(weights('18000 80000', 'fr')['18000']).toBeLessThan(weights('18000 80000', 'fr')['80000']!);
    expect(weights('9,4', 'fr')['9,4']).toBeLessThan(weights('9,400', 'en')['9,400']!);
  });

  it('reads a group of three digits after a space as the same number ("18 000": "dix-huit mille")', () => {
    const french = wordsOf('18 000 habitants', 'fr');
    expect(french).toHaveLength(3);
    expect(french[1]!.weight).toBeLessThan(french[0]!.weight);
    expect(french[1]!.weight).toBeLessThan(french[2]!.weight);
  });

  it('spells out capitals that cannot be said as a word, and reads those that can', () => {
    const w = weights('USB NASA PDF UNESCO', 'en');
    expect(w.USB).toBeGreaterThan(w.NASA!);
    expect(w.PDF).toBeGreaterThan(w.UNESCO!);
  });

  it('weighs a word with more syllables more than one with as many letters', () => {
    const w = weights('banana string', 'en');
    expect(w.banana).toBeGreaterThan(w.string!);
  });

  it('counts a doubled letter and a digraph of the language as one sound', () => {
    const english = weights('rolling roling thin tin', 'en');
    expect(english.rolling).toBe(english.roling);
    expect(english.thin).toBe(english.tin);
    // "eau" is one sound in French, three letters in English.
    expect(weights('beau', 'fr').beau).toBeLessThan(weights('beau', 'en').beau!);
  });

  it('weighs syllables by the language: French syllables are long and even', () => {
    expect(weights('papa', 'fr').papa).toBeGreaterThan(weights('papa', 'en').papa!);
  });

  it('gives a symbol said between two words ("50 % of") to the word before it', () => {
    const plain = wordsOf('50 of them', 'en');
    const percent = wordsOf('50 % of them', 'en');
    expect(percent[0]!.weight).toBeGreaterThan(plain[0]!.weight);
    expect(percent[1]!.weight).toBe(plain[1]!.weight);
  });

  it('expects a clause break at quotation marks of any language (« », „ “)', () => {
    expect(wordsOf('Il a dit « oui » hier', 'fr').map((w) => w.breakBefore)).toEqual([2, 0, 0, 1, 1]);
    expect(wordsOf('Er sagte „ja“ gestern', 'de').map((w) => w.breakBefore)).toEqual([2, 0, 1, 1]);
  });

  it('marks conjunctions and relative words, before which a long clause is often paused', () => {
    expect(wordsOf('Cats and dogs who bark', 'en').map((w) => w.phrase)).toEqual([false, true, false, true, false]);
    // Not the German relative "die": it is the article too.
    expect(wordsOf('Katzen und die Hunde, welche bellen', 'de').map((w) => w.phrase)).toEqual([false, true, false, false, true, false]);
  });

  it('reads right-to-left text in its logical order', () => {
    const words = wordsOf('שלום עולם, מה שלומך?', 'he');
    expect(words.map((w) => w.from)).toEqual([0, 5, 11, 14]);
  });
});

describe('timeWords at a pause the text does not punctuate', () => {
  /** Tone bursts, one a word, with a 20 ms dip (20 dB down, not a pause) between, and a 200 ms pause before word `pauseBefore`. */
  function bursts(lengths: number[], pauseBefore: number) {
    const rate = 16000;
    const starts: number[] = [];
    const parts: number[] = [];
    lengths.forEach((sec, k) => {
      if (k === pauseBefore) parts.push(...new Array(rate * 0.2).fill(0));
      starts.push(parts.length / rate);
      for (let i = 0; i < Math.round(sec * rate); i++) parts.push(0.5 * Math.sin((2 * Math.PI * 200 * i) / rate));
      for (let i = 0; i < rate * 0.02; i++) parts.push(0.05 * Math.sin((2 * Math.PI * 200 * i) / rate));
    });
    return { samples: Float32Array.from(parts), sampleRate: rate, starts };
  }

  it('starts a conjunction after a pause in a long clause where the sound resumes', () => {
    // Spoken slowly before the pause and quickly after it: the text's lengths alone would be wrong.
    const text = 'the miller carried heavy sacks of grain up the narrow stairs and the baker waited below for the flour';
    const words = text.split(' ');
    const and = words.indexOf('and');
    const { samples, sampleRate, starts } = bursts(words.map((w, k) => w.length * (k < and ? 0.07 : 0.055)), and);
    const timed = timeWords(text, 'en', { samples, sampleRate });
    expect(Math.abs(timed[and]!.atSec - starts[and]!)).toBeLessThan(0.03);
  });
});
