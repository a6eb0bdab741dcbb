/**
 * Test build only (the offscreen document and Firefox's background page wire it in behind
 * __VOXLATE_TEST_HOOKS__): listens to what the player sends to the speakers, so tests and the
 * benchmark measure the silence between chunks in the audio itself, not in the player's schedule.
 */
import { createSilenceTracker } from '../audio/silence';
import type { PlayerAudioContext } from './types';

/** What the speakers got, as silence runs on the AudioContext's clock. */
export interface OutputRecording {
  sampleRate: number;
  /** Context seconds of the first and the last sample louder than silence; null before any. */
  firstSound: number | null;
  lastSound: number | null;
  /** Runs of silence of at least MIN_SILENCE_SEC, [start, end) in context seconds. */
  silences: [number, number][];
  /**
   * Context seconds where a block did not follow on from the one before (the main thread was too
   * late and a block was lost or read twice): silences there are not to be trusted.
   */
  glitches: number[];
}

/** Shorter dips (between a word's sounds) say nothing about joins and would only fill the report. */
const MIN_SILENCE_SEC = 0.002;
/** Large blocks (0.37 s at 44.1 kHz) leave a busy main thread time to take each one before the next. */
const BLOCK = 16384;
/** A ScriptProcessorNode hears its input two blocks before `playbackTime` (measured in Chrome): only where the clock starts. */
const INPUT_LAG_BLOCKS = 2;

/**
 * An AudioContext for the player whose destination is a tap: everything played goes on to the
 * speakers and through a recorder. ScriptProcessorNode is deprecated, but unlike an AudioWorklet
 * it needs no module file in the build (and the store builds carry none of this).
 */
export function recordOutput(ctx: AudioContext): { context: PlayerAudioContext; recording(): OutputRecording } {
  const tap = ctx.createGain();
  tap.connect(ctx.destination);
  const processor = ctx.createScriptProcessor(BLOCK, 1, 1);
  tap.connect(processor);
  // A processor that is connected to nothing is never run.
  processor.connect(ctx.destination);
  const rate = ctx.sampleRate;
  const tracker = createSilenceTracker(Math.round(MIN_SILENCE_SEC * rate));
  // Frames are counted, not read off playbackTime: in headless Chrome the callbacks come unevenly
  // and playbackTime jumps by more or less than a block, while the input stream is continuous.
  let frames = 0;
  let origin: number | null = null;
  let lastPlayback: number | null = null;
  const glitches: number[] = [];
  processor.onaudioprocess = (event) => {
    const input = event.inputBuffer.getChannelData(0);
    origin ??= Math.round(event.playbackTime * rate) - INPUT_LAG_BLOCKS * BLOCK;
    // playbackTime wobbles by tens of ms, but a lost or repeated block moves it by a whole one.
    if (lastPlayback !== null && Math.abs(event.playbackTime - lastPlayback - BLOCK / rate) > BLOCK / rate / 2) glitches.push(frames);
    lastPlayback = event.playbackTime;
    tracker.push(input, frames);
    frames += input.length;
  };
  const context: PlayerAudioContext = {
    get currentTime() {
      return ctx.currentTime;
    },
    destination: tap as unknown as AudioDestinationNode,
    decodeAudioData: (data: ArrayBuffer) => ctx.decodeAudioData(data),
    createBufferSource: () => ctx.createBufferSource(),
    suspend: () => ctx.suspend(),
    resume: () => ctx.resume(),
  } as PlayerAudioContext;
  return {
    context,
    recording: () => {
      const { first, last } = tracker.sound();
      const sec = (frame: number) => (frame + (origin ?? 0)) / rate;
      return {
        sampleRate: rate,
        firstSound: first === null ? null : sec(first),
        lastSound: last === null ? null : sec(last),
        silences: tracker.runs().map((r) => [sec(r.start), sec(r.end)]),
        glitches: glitches.map(sec),
      };
    },
  };
}
