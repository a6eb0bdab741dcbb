/**
 * Silence in decoded audio, to measure what a listener hears between chunks. Used by tests, the
 * benchmark and the test build's output recorder; never by the extension itself.
 */

/** Quieter than this (about −54 dBFS) is silence: espeak's pauses are digital zero, codec noise is far below. */
export const SILENCE_THRESHOLD = 0.002;

/** A run of silent samples, [start, end) in sample frames. */
export interface SilenceRun {
  start: number;
  end: number;
}

/** Finds silence runs in audio that arrives block by block (an audio callback's). */
export function createSilenceTracker(minSamples: number, threshold = SILENCE_THRESHOLD) {
  const runs: SilenceRun[] = [];
  let start = -1;
  let at = 0;
  let firstLoud: number | null = null;
  let lastLoud: number | null = null;
  const close = (end: number) => {
    if (start >= 0 && end - start >= minSamples) runs.push({ start, end });
    start = -1;
  };
  const openRun = (): SilenceRun | null => (start >= 0 && at - start >= minSamples ? { start, end: at } : null);
  return {
    /** Adds the next samples; `from` is the frame number of the first one (a gap in numbering ends a run). */
    push(samples: ArrayLike<number>, from = at): void {
      if (from !== at) close(at);
      for (let i = 0; i < samples.length; i++) {
        const quiet = Math.abs(samples[i]!) < threshold;
        if (!quiet) {
          firstLoud ??= from + i;
          lastLoud = from + i;
        }
        if (quiet && start < 0) start = from + i;
        else if (!quiet && start >= 0) close(from + i);
      }
      at = from + samples.length;
    },
    /** Frame numbers of the first and the last sample louder than silence so far (null before any). */
    sound: () => ({ first: firstLoud, last: lastLoud }),
    /** The runs that ended so far, in order (the tracker's own list: read, never change). */
    closedRuns: (): readonly SilenceRun[] => runs,
    /** The run under way, once it is long enough to count; else null. */
    openRun,
    /** The runs so far, the one under way included. */
    runs(): SilenceRun[] {
      const open = openRun();
      return open ? [...runs, open] : [...runs];
    },
  };
}

/** Silence runs of at least `minSamples` in `samples`. */
export function silenceRuns(samples: ArrayLike<number>, minSamples: number, threshold = SILENCE_THRESHOLD): SilenceRun[] {
  const tracker = createSilenceTracker(minSamples, threshold);
  tracker.push(samples, 0);
  return tracker.runs();
}

/** The longest silence run overlapping [from, to), or null. */
export function silenceAround(runs: readonly SilenceRun[], from: number, to: number): SilenceRun | null {
  let best: SilenceRun | null = null;
  for (const run of runs) {
    if (run.end <= from || run.start >= to) continue;
    if (!best || run.end - run.start > best.end - best.start) best = run;
  }
  return best;
}
