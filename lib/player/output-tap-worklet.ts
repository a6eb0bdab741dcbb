/**
 * Test build only: the AudioWorklet that hears the player's output on the audio thread, with the
 * exact frame number of every sample. wxt.config.ts bundles output-tap.worklet.ts into test builds
 * as OUTPUT_TAP_FILE; the store builds have no such file. (A ScriptProcessorNode runs on the main
 * thread and, on a busy machine, loses or repeats blocks: measured silences then come out tens of
 * ms wrong.)
 */

/** The file, at the root of the test build. */
export const OUTPUT_TAP_FILE = 'output-tap-worklet.js';
export const OUTPUT_TAP_PROCESSOR = 'voxlate-output-tap';

/** What the tap is told when it is made (AudioWorkletNode's processorOptions). */
export interface OutputTapOptions {
  /** Shorter dips (between a word's sounds) are not silences. */
  minSilenceFrames: number;
}

/**
 * What the tap reports, every few thousand frames (a recording at most 0.1 s behind): only what
 * changed, never the samples, so listening costs the page nothing.
 */
export interface OutputTapReport {
  /** Frames of the first and the last sample louder than silence so far (null before any). */
  first: number | null;
  last: number | null;
  /** Silence runs that ended since the last report, [start, end) in frames. */
  ended: { start: number; end: number }[];
  /** The silence under way, if long enough to count. */
  open: { start: number; end: number } | null;
  /** Frames where the output skipped (a render quantum did not follow on from the last) since the last report. */
  glitches: number[];
}
