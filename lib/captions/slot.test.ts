import { describe, expect, it } from 'vitest';
import type { Cue } from './cue';
import { estimateWords, fitSpeech, MAX_SPEEDUP, slotEnd, type SpeechToFit } from './slot';

const cue = (id: string, start: number, end: number): Cue => ({ id, start, end, text: id });
const fit = (slotSec: number, speechSec: number, more: Partial<SpeechToFit> = {}) =>
  fitSpeech({ slotSec, speechSec, overflow: 'cut', text: 'one two three four five', language: 'en', ...more });

describe('slotEnd', () => {
  const cues = [cue('a', 0, 2), cue('b', 5, 9), cue('b2', 5, 6), cue('c', 7, 8), cue('d', 12, 13)];

  it('ends at the next caption’s start, past a gap or inside an overlap', () => {
    expect(slotEnd(cues, cues[0]!)).toBe(5);
    expect(slotEnd(cues, cues[1]!)).toBe(7);
  });

  it('passes over a caption starting at the same time, and ends the last at its own end', () => {
    expect(slotEnd(cues, cues[2]!)).toBe(7);
    expect(slotEnd(cues, cues[4]!)).toBe(13);
  });
});

describe('fitSpeech', () => {
  it('plays speech that fits at its natural pace, never slower', () => {
    expect(fit(3, 2)).toEqual({ kind: 'play', rate: 1 });
    expect(fit(3, 3)).toEqual({ kind: 'play', rate: 1 });
    expect(fit(3, 0.1)).toEqual({ kind: 'play', rate: 1 });
  });

  it('speeds speech up just enough, up to 1.3 ×', () => {
    expect(fit(3, 3.6)).toEqual({ kind: 'speedUp', rate: expect.closeTo(1.2, 9) });
    expect(fit(3, 3.9)).toEqual({ kind: 'speedUp', rate: expect.closeTo(1.3, 9) });
    expect(fit(3, 3.91).kind).toBe('cut');
  });

  it('shrinks the slot by the video’s playback rate', () => {
    expect(fit(3, 1.8, { playbackRate: 2 })).toEqual({ kind: 'speedUp', rate: expect.closeTo(1.2, 9) });
    expect(fit(3, 2, { playbackRate: 1 })).toEqual({ kind: 'play', rate: 1 });
    expect(fit(3, 2, { playbackRate: 2 }).kind).toBe('cut');
    // Slowed down, a slot holds more.
    expect(fit(3, 5, { playbackRate: 0.5 })).toEqual({ kind: 'play', rate: 1 });
  });

  it('with the option on, pauses the video for what 1.3 × cannot fit', () => {
    const plan = fit(3, 5.2, { overflow: 'pause' });
    expect(plan).toEqual({ kind: 'pause', rate: MAX_SPEEDUP, pauseAtSec: 3, pauseSec: expect.closeTo(1, 9) });
    // At 2 ×: 1.5 s of slot, 4 s of speech at 1.3 ×.
    expect(fit(3, 5.2, { overflow: 'pause', playbackRate: 2 })).toMatchObject({ pauseAtSec: 1.5, pauseSec: expect.closeTo(2.5, 9) });
  });

  it('otherwise cuts at the last word that fits, using the words’ times when known', () => {
    const words = [0, 1, 2, 3, 4].map((atSec, i) => ({ from: i * 4, to: i * 4 + 3, atSec }));
    // 3 s at 1.3 × holds 3.9 s of speech: words 1–3 end by 3 s, the fourth ends at 4.
    const plan = fit(3, 5, { words });
    expect(plan).toEqual({ kind: 'cut', rate: MAX_SPEEDUP, cut: true, stopAtSec: expect.closeTo(3 / 1.3, 9), keepChars: 11, keptWords: 3, totalWords: 5 });
    // One more second of slot keeps the fourth word (ends at 4 ≤ 5.2); the fifth ends with the speech at 5.5.
    expect(fit(4, 5.5, { words })).toMatchObject({ keptWords: 4, keepChars: 15 });
  });

  it('cuts at a word boundary estimated from the text when the word times are not known', () => {
    const text = 'Nobody expects the Spanish Inquisition, or its comfy chair.';
    const plan = fit(2, 6, { text });
    if (plan.kind !== 'cut') throw new Error(plan.kind);
    expect(plan.keptWords).toBeGreaterThan(0);
    expect(plan.keptWords).toBeLessThan(plan.totalWords);
    expect(plan.totalWords).toBe(9);
    // A whole word: the cut falls just after one, never inside.
    expect(text.slice(0, plan.keepChars)).toMatch(/[A-Za-z]$/u);
    expect(text[plan.keepChars]).toMatch(/[\s,.]/u);
    // Less than what 1.3 × can fit was kept, and it stops when its words end.
    expect(plan.stopAtSec).toBeLessThanOrEqual(2 + 1e-9);
    expect(plan.stopAtSec).toBeGreaterThan(0);
  });

  it('keeps nothing when not even the first word fits, and says so', () => {
    expect(fit(0, 2)).toMatchObject({ kind: 'cut', keptWords: 0, keepChars: 0, stopAtSec: 0, totalWords: 5 });
    expect(fit(-1, 2, { overflow: 'pause' })).toMatchObject({ kind: 'pause', pauseAtSec: 0, pauseSec: expect.closeTo(2 / 1.3, 9) });
  });
});

describe('estimateWords', () => {
  it('spreads the speech over the words by their length, the first at the start', () => {
    const words = estimateWords('a hippopotamus', 'en', 10);
    expect(words.map((w) => [w.from, w.to])).toEqual([
      [0, 1],
      [2, 14],
    ]);
    expect(words[0]!.atSec).toBe(0);
    // "a" is far shorter than "hippopotamus".
    expect(words[1]!.atSec).toBeGreaterThan(0);
    expect(words[1]!.atSec).toBeLessThan(3);
  });

  it('finds the words of text written without spaces', () => {
    const words = estimateWords('今日はいい天気ですね', 'ja', 3);
    expect(words.length).toBeGreaterThan(1);
    expect(words.every((w, i) => i === 0 || w.atSec > words[i - 1]!.atSec)).toBe(true);
  });
});
