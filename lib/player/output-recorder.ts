/**
 * Test build only (the offscreen document and Firefox's background page wire it in behind
 * __VOXLATE_TEST_HOOKS__): listens to what the player sends to the speakers, so tests and the
 * benchmark measure the silence between chunks in the audio itself, not in the player's schedule.
 */
import { browser } from 'wxt/browser';
import type { SilenceRun } from '../audio/silence';
import { OUTPUT_TAP_FILE, OUTPUT_TAP_PROCESSOR, type OutputTapOptions, type OutputTapReport } from './output-tap-worklet';
import type { OutputRecording, PlayerAudioContext } from './types';

/** Shorter dips (between a word's sounds) say nothing about joins and would only fill the report. */
const MIN_SILENCE_SEC = 0.002;

/**
 * An AudioContext for the player whose destination is a tap: everything played goes on to the
 * speakers and to an AudioWorklet that finds the silences in it, frame by frame, on the audio
 * thread, and tells this page what it found.
 */
export function recordOutput(ctx: AudioContext): { context: PlayerAudioContext; recording(): OutputRecording } {
  const tap = ctx.createGain();
  tap.connect(ctx.destination);
  const rate = ctx.sampleRate;
  let heard: Omit<OutputTapReport, 'ended' | 'glitches'> = { first: null, last: null, open: null };
  const runs: SilenceRun[] = [];
  const glitches: number[] = [];
  // The player asks for audio over the network first: the tap is listening long before it plays.
  const url = (browser.runtime.getURL as (path: string) => string)(`/${OUTPUT_TAP_FILE}`);
  void ctx.audioWorklet.addModule(url).then(() => {
    const processorOptions: OutputTapOptions = { minSilenceFrames: Math.round(MIN_SILENCE_SEC * rate) };
    const node = new AudioWorkletNode(ctx, OUTPUT_TAP_PROCESSOR, { processorOptions });
    node.port.onmessage = ({ data }: MessageEvent<OutputTapReport>) => {
      runs.push(...data.ended);
      glitches.push(...data.glitches);
      heard = { first: data.first, last: data.last, open: data.open };
    };
    tap.connect(node);
    // A node that leads nowhere is not run; its output is silence.
    node.connect(ctx.destination);
  });
  const context = {
    get currentTime() {
      return ctx.currentTime;
    },
    destination: tap,
    baseLatency: ctx.baseLatency,
    decodeAudioData: (data: ArrayBuffer) => ctx.decodeAudioData(data),
    createBufferSource: () => ctx.createBufferSource(),
    suspend: () => ctx.suspend(),
    resume: () => ctx.resume(),
  } as unknown as PlayerAudioContext;
  return {
    context,
    recording: () => {
      const { first, last, open } = heard;
      const sec = (frame: number) => frame / rate;
      return {
        sampleRate: rate,
        firstSound: first === null ? null : sec(first),
        lastSound: last === null ? null : sec(last),
        silences: (open ? [...runs, open] : runs).map((r) => [sec(r.start), sec(r.end)]),
        glitches: glitches.map(sec),
      };
    },
  };
}
