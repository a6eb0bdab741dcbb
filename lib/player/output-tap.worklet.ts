/**
 * Test build only: the output tap itself, run on the audio thread (see output-tap-worklet.ts). It
 * finds the silences in what the player sends to the speakers as it goes, and reports them to the
 * page a few times a second. (Posting the samples themselves to the page, 48,000 a second, and
 * scanning them there cost a tenth of a core for every reading in every test.)
 */
import { createSilenceTracker } from '../audio/silence';
import { OUTPUT_TAP_PROCESSOR, type OutputTapOptions, type OutputTapReport } from './output-tap-worklet';

// The AudioWorkletGlobalScope's own names (TypeScript's DOM library has none of them).
declare const currentFrame: number;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
  constructor(options?: { processorOptions?: unknown });
}
declare function registerProcessor(name: string, processor: new (options: { processorOptions: OutputTapOptions }) => AudioWorkletProcessor): void;

/** Frames between reports: about 0.09 s at 48 kHz. */
const REPORT_FRAMES = 4096;
/** A render quantum of an input with nothing connected. */
const SILENT_QUANTUM = new Float32Array(128);

class OutputTap extends AudioWorkletProcessor {
  private readonly tracker: ReturnType<typeof createSilenceTracker>;
  private next: number | null = null;
  private reported = 0;
  private glitches: number[] = [];
  private sinceReport = 0;

  constructor(options: { processorOptions: OutputTapOptions }) {
    super(options);
    this.tracker = createSilenceTracker(options.processorOptions.minSilenceFrames);
  }

  process(inputs: Float32Array[][]): boolean {
    const channel = inputs[0]?.[0];
    const samples = channel ?? SILENT_QUANTUM;
    const length = samples.length;
    if (this.next !== null && currentFrame !== this.next) this.glitches.push(currentFrame);
    this.tracker.push(samples, currentFrame);
    this.next = currentFrame + length;
    this.sinceReport += length;
    if (this.sinceReport >= REPORT_FRAMES) this.report();
    return true;
  }

  private report(): void {
    const closed = this.tracker.closedRuns();
    const { first, last } = this.tracker.sound();
    const report: OutputTapReport = { first, last, ended: closed.slice(this.reported), open: this.tracker.openRun(), glitches: this.glitches };
    this.port.postMessage(report);
    this.reported = closed.length;
    this.glitches = [];
    this.sinceReport = 0;
  }
}

registerProcessor(OUTPUT_TAP_PROCESSOR, OutputTap);
