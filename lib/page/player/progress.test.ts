import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useEnglishMessages } from '../../i18n.test-helpers';
import { PRIOR_CHARS_PER_SEC, progressText, roundTimeLeft, TimeLeft } from './progress';

describe('TimeLeft', () => {
  it('estimates from the characters left at the prior pace before anything was heard', () => {
    const estimate = new TimeLeft([150, 150, 300]);
    expect(estimate.secondsFrom(0, 1)).toBeCloseTo(600 / PRIOR_CHARS_PER_SEC);
    expect(estimate.secondsFrom(2, 1)).toBeCloseTo(300 / PRIOR_CHARS_PER_SEC);
    // Twice as fast, half the time.
    expect(estimate.secondsFrom(0, 2)).toBeCloseTo(300 / PRIOR_CHARS_PER_SEC);
  });

  it('learns the voice’s pace from a sentence followed by the next one while playing', () => {
    const estimate = new TimeLeft([100, 100, 100, 100]);
    estimate.note({ sentence: 0, elapsedSec: 0, speed: 1 }, true);
    // 100 characters in 20 s: 5 a second, much slower than the prior.
    estimate.note({ sentence: 1, elapsedSec: 20, speed: 1 }, true);
    const pace = (100 + PRIOR_CHARS_PER_SEC * 10) / (20 + 10);
    expect(estimate.secondsFrom(1, 1)).toBeCloseTo(300 / pace);
  });

  it('learns nothing from jumps, pauses or loading', () => {
    const estimate = new TimeLeft([100, 100, 100, 100]);
    const prior = estimate.secondsFrom(0, 1);
    estimate.note({ sentence: 0, elapsedSec: 0, speed: 1 }, true);
    estimate.note({ sentence: 2, elapsedSec: 30, speed: 1 }, true); // a jump
    estimate.note({ sentence: 3, elapsedSec: 30, speed: 1 }, false); // loading
    estimate.note({ sentence: 3, elapsedSec: 60, speed: 1 }, true);
    expect(estimate.secondsFrom(0, 1)).toBeCloseTo(prior);
  });

  it('counts time heard at another speed as time at speed 1', () => {
    const estimate = new TimeLeft([100, 100, 100]);
    estimate.note({ sentence: 0, elapsedSec: 0, speed: 2 }, true);
    estimate.note({ sentence: 1, elapsedSec: 5, speed: 2 }, true);
    // 100 characters in 5 s at ×2: 10 s of speech at ×1.
    const pace = (100 + PRIOR_CHARS_PER_SEC * 10) / (10 + 10);
    expect(estimate.secondsFrom(1, 1)).toBeCloseTo(200 / pace);
  });
});

describe('roundTimeLeft', () => {
  it('says seconds by fives under a minute, whole minutes under an hour, then hours', () => {
    expect(roundTimeLeft(0)).toEqual({ unit: 'seconds', value: 5 });
    expect(roundTimeLeft(12)).toEqual({ unit: 'seconds', value: 15 });
    expect(roundTimeLeft(54)).toEqual({ unit: 'seconds', value: 55 });
    expect(roundTimeLeft(56)).toEqual({ unit: 'minutes', value: 1 });
    expect(roundTimeLeft(150)).toEqual({ unit: 'minutes', value: 3 });
    expect(roundTimeLeft(59 * 60)).toEqual({ unit: 'minutes', value: 59 });
    expect(roundTimeLeft(3600)).toEqual({ unit: 'hours', value: 1 });
    expect(roundTimeLeft(5400)).toEqual({ unit: 'hours', value: 1.5 });
  });
});

describe('progressText', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    useEnglishMessages();
  });

  it('tells the sentence, counted from 1, and the time left', () => {
    expect(progressText(2, 12, 131)).toBe('Sentence 3 of 12 · about 2 min left');
    expect(progressText(0, 1200, 20)).toBe('Sentence 1 of 1,200 · about 20 s left');
    expect(progressText(0, 3, 7200)).toBe('Sentence 1 of 3 · about 2 h left');
  });

  it('leaves the time out when there is none to tell', () => {
    expect(progressText(4, 7, null)).toBe('Sentence 5 of 7');
    expect(progressText(4, 7, Number.NaN)).toBe('Sentence 5 of 7');
  });
});
