import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWordFollower, wordsOnPage, type SpokenWord } from './word-follow';

const spoken = (sentence: string, at: number[], text = sentence): SpokenWord[] => {
  const out: SpokenWord[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}]+/gu)) out.push({ from: m.index!, to: m.index! + m[0].length, text: m[0], at: at[out.length] ?? 0 });
  return out;
};

describe('wordsOnPage', () => {
  it('finds each word where it was in the sentence', () => {
    const page = 'Intro. The mill stood here.';
    const words = wordsOnPage(page, 7, 27, spoken('The mill stood here.', [1, 2, 3, 4]));
    expect(words.map((w) => page.slice(w.start, w.end))).toEqual(['The', 'mill', 'stood', 'here']);
    expect(words.map((w) => w.at)).toEqual([1, 2, 3, 4]);
  });

  it('follows past what the spoken text left out (a citation marker), without lighting it', () => {
    const page = 'Sales rose[3] by 4,933,210[5] units.';
    const words = wordsOnPage(page, 0, page.length, spoken('', [1, 2, 3, 4, 5, 6, 7], 'Sales rose by 4,933,210 units.'));
    expect(words.map((w) => page.slice(w.start, w.end))).toEqual(['Sales', 'rose', 'by', '4', '933', '210', 'units']);
  });

  it('leaves out words not on the page (heard in another language) and never looks outside the sentence', () => {
    const page = 'Hola amigo. Good day.';
    expect(wordsOnPage(page, 0, 11, spoken('', [1, 2, 3], 'Hello friend day'))).toEqual([]);
  });
});

describe('createWordFollower', () => {
  let now = 1000;
  beforeEach(() => {
    vi.useFakeTimers();
    now = 1000;
  });
  afterEach(() => vi.useRealTimers());
  const advance = (ms: number) => {
    now += ms;
    vi.advanceTimersByTime(ms);
  };

  it('lights each word when it starts sounding, on its own clock', () => {
    const painted: (string | null)[] = [];
    const text = 'The mill stood.';
    const follower = createWordFollower((w) => painted.push(w && text.slice(w.start, w.end)), () => now);
    follower.follow(text, 0, text.length, spoken(text, [1100, 1300, 1600]));
    expect(painted).toEqual([]);
    advance(100);
    expect(painted.at(-1)).toBe('The');
    advance(250);
    expect(painted.at(-1)).toBe('mill');
    advance(300);
    expect(painted).toEqual(['The', 'mill', 'stood']);
  });

  it('joins late: the word sounding now is lit at once', () => {
    const painted: (string | null)[] = [];
    const text = 'The mill stood.';
    const follower = createWordFollower((w) => painted.push(w && text.slice(w.start, w.end)), () => now);
    follower.follow(text, 0, text.length, spoken(text, [500, 900, 1200]));
    expect(painted).toEqual(['mill']);
  });

  it('holds the word on a pause (no words sent) and moves on from the new times on resume', () => {
    const painted: (string | null)[] = [];
    const text = 'The mill stood.';
    const follower = createWordFollower((w) => painted.push(w && text.slice(w.start, w.end)), () => now);
    follower.follow(text, 0, text.length, spoken(text, [1000, 1200, 1400]));
    follower.follow(text, 0, text.length);
    advance(1000);
    expect(painted).toEqual(['The']);
    follower.follow(text, 0, text.length, spoken(text, [900, 2100, 2300]));
    advance(150);
    expect(painted).toEqual(['The', 'mill']);
  });

  it('takes the word away for another sentence without words, and on clear', () => {
    const painted: (string | null)[] = [];
    const text = 'The mill. It stood.';
    const follower = createWordFollower((w) => painted.push(w && text.slice(w.start, w.end)), () => now);
    follower.follow(text, 0, 9, spoken('The mill.', [1000, 1100]));
    follower.follow(text, 10, 19);
    expect(painted).toEqual(['The', null]);
    follower.follow(text, 10, 19, spoken('It stood.', [900, 1500]));
    follower.clear();
    advance(1000);
    expect(painted).toEqual(['The', null, 'It', null]);
  });
});
