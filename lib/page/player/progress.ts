import { formatNumber, t } from '../../i18n';

/**
 * Characters a voice speaks per second at speed 1 before any was heard: about 170 words a minute
 * of English; the estimate then learns the voice's own pace from the sentences it plays.
 */
export const PRIOR_CHARS_PER_SEC = 15;
/** How many seconds of listening the prior pace counts as. */
const PRIOR_WEIGHT_SEC = 10;

interface Sample {
  sentence: number;
  elapsedSec: number;
  speed: number;
}

/**
 * Estimates the time left in a reading from its sentences' lengths and the pace heard so far. The
 * service gives no timings, so the pace is learned from the player's events: a sentence followed
 * by the next one while playing took the time between them. Jumps and pauses teach nothing.
 */
export class TimeLeft {
  private heardChars = 0;
  /** Seconds heard, as if at speed 1 (a pace survives a change of speed). */
  private heardSec = 0;
  private last: Sample | null = null;

  constructor(private readonly lengths: readonly number[]) {}

  /** Takes in a player event; `playing` is false while loading or paused. */
  note(sample: Sample, playing: boolean): void {
    const last = this.last;
    if (last && playing && sample.sentence === last.sentence + 1 && sample.elapsedSec > last.elapsedSec) {
      this.heardChars += this.lengths[last.sentence] ?? 0;
      this.heardSec += (sample.elapsedSec - last.elapsedSec) * last.speed;
    }
    this.last = playing ? sample : null;
  }

  /** Seconds left from the start of `sentence` to the end, at `speed`. */
  secondsFrom(sentence: number, speed: number): number {
    let chars = 0;
    for (let i = Math.max(0, sentence); i < this.lengths.length; i++) chars += this.lengths[i]!;
    const pace = (this.heardChars + PRIOR_CHARS_PER_SEC * PRIOR_WEIGHT_SEC) / (this.heardSec + PRIOR_WEIGHT_SEC);
    return chars / (pace * speed);
  }
}

/** How a time left is said: a rounded figure and the unit's message. */
export type TimeLeftWords = { unit: 'seconds' | 'minutes' | 'hours'; value: number };

/**
 * Rounds a time left the way a person says it: seconds by fives under a minute, whole minutes
 * under an hour, then hours with one decimal.
 */
export function roundTimeLeft(seconds: number): TimeLeftWords {
  const s = Math.max(0, seconds);
  if (s < 55) return { unit: 'seconds', value: Math.max(5, Math.ceil(s / 5) * 5) };
  if (s < 59.5 * 60) return { unit: 'minutes', value: Math.max(1, Math.round(s / 60)) };
  return { unit: 'hours', value: Math.round(s / 360) / 10 };
}

/**
 * The bar's progress line: "Sentence 3 of 12 · about 2 min left" (the time left is left out when
 * there is none to tell, e.g. before the first sentence plays).
 */
export function progressText(sentence: number, total: number, secondsLeft: number | null): string {
  const place = t('pagePlayerProgress', [formatNumber(sentence + 1), formatNumber(total)]);
  if (secondsLeft === null || !Number.isFinite(secondsLeft)) return place;
  const { unit, value } = roundTimeLeft(secondsLeft);
  const key = unit === 'seconds' ? 'pagePlayerSecondsLeft' : unit === 'minutes' ? 'pagePlayerMinutesLeft' : 'pagePlayerHoursLeft';
  return t('pagePlayerTimeLeft', [place, t(key, formatNumber(value))]);
}
