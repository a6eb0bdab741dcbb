import { wordsOf, type WordTime } from '../audio/word-timing';
import type { Cue } from './cue';

/*
 * Fitting a spoken caption into its slot: the time from its caption's start to the next caption's
 * start. Speech that runs over is heard over the next caption and everything after drifts, so it is
 * sped up a little (up to 1.3×: past that it stops sounding natural, where other dubbing goes to
 * 1.6× and still runs over), and past that the video waits for it or the end is left unsaid.
 */

/** The fastest a spoken caption is played to fit its slot. */
export const MAX_SPEEDUP = 1.3;
// Rounding in durations measured from audio: a speech this much over its slot still fits.
const EPSILON = 1e-6;

/** What to do when speech is longer than its slot at MAX_SPEEDUP: the user's option. */
export type Overflow = 'pause' | 'cut';

export type SlotPlan =
  | { kind: 'play'; rate: 1 }
  | { kind: 'speedUp'; rate: number }
  /** Played at MAX_SPEEDUP; the video is paused `pauseAtSec` after the speech starts, for `pauseSec` (wall-clock seconds). */
  | { kind: 'pause'; rate: number; pauseAtSec: number; pauseSec: number }
  /**
   * Played at MAX_SPEEDUP and stopped `stopAtSec` after it starts, at the end of the last word that
   * fits: `text.slice(0, keepChars)` is said, `keptWords` of `totalWords` (0 when none fit), for the report.
   */
  | { kind: 'cut'; rate: number; cut: true; stopAtSec: number; keepChars: number; keptWords: number; totalWords: number };

/**
 * Where a cue's slot ends: at the next caption starting after it (not one starting with it), so
 * speech never runs into the next caption; the last cue's slot is its own time on screen. `cues`
 * in order of start (parse.ts and sortCues give them so).
 */
export function slotEnd(cues: readonly Cue[], cue: Cue): number {
  const next = cues.find((other) => other.start > cue.start);
  return next ? next.start : cue.end;
}

export interface SpeechToFit {
  /** Video seconds from when the speech starts to its slot's end. */
  slotSec: number;
  /** How long the speech lasts at its natural pace (its audio's duration). */
  speechSec: number;
  /** The video's playback rate: at 2× a 4 s slot passes in 2 s. */
  playbackRate?: number;
  overflow: Overflow;
  /** What is said, and in which language: to cut it at a word. */
  text: string;
  language: string;
  /** When each word starts in the audio (audio/word-timing.ts); estimated from the text when absent. */
  words?: readonly WordTime[];
}

/** The plan for one spoken caption: natural pace, a little faster, or the overflow paused for or cut. */
export function fitSpeech(input: SpeechToFit): SlotPlan {
  const { speechSec, playbackRate = 1 } = input;
  const wallSec = Math.max(0, input.slotSec) / playbackRate;
  if (speechSec <= wallSec + EPSILON) return { kind: 'play', rate: 1 };
  const needed = wallSec > 0 ? speechSec / wallSec : Number.POSITIVE_INFINITY;
  if (needed <= MAX_SPEEDUP + EPSILON) return { kind: 'speedUp', rate: Math.min(needed, MAX_SPEEDUP) };
  if (input.overflow === 'pause') return { kind: 'pause', rate: MAX_SPEEDUP, pauseAtSec: wallSec, pauseSec: speechSec / MAX_SPEEDUP - wallSec };
  // The speech that fits, counted at its natural pace: the slot's wall-clock time at MAX_SPEEDUP.
  const fits = wallSec * MAX_SPEEDUP + EPSILON;
  const words = input.words ?? estimateWords(input.text, input.language, speechSec);
  let kept = 0;
  // A word fits when the next one starts (or the speech ends) within what fits.
  while (kept < words.length && (words[kept + 1]?.atSec ?? speechSec) <= fits) kept++;
  const keptEnd = kept > 0 ? (words[kept]?.atSec ?? speechSec) : 0;
  return {
    kind: 'cut',
    rate: MAX_SPEEDUP,
    cut: true,
    stopAtSec: keptEnd / MAX_SPEEDUP,
    keepChars: kept > 0 ? words[kept - 1]!.to : 0,
    keptWords: kept,
    totalWords: words.length,
  };
}

/**
 * When each word starts when only the audio's length is known: in proportion to the words' expected
 * lengths (letters, syllables, numbers as said: audio/word-timing.ts).
 */
export function estimateWords(text: string, language: string, speechSec: number): WordTime[] {
  const words = wordsOf(text, language);
  const total = words.reduce((sum, word) => sum + word.weight, 0);
  let before = 0;
  return words.map((word) => {
    const atSec = total > 0 ? (before / total) * speechSec : 0;
    before += word.weight;
    return { from: word.from, to: word.to, atSec };
  });
}
