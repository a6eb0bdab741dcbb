/**
 * Test build only: the AudioWorklet that hears the player's output on the audio thread, with the
 * exact frame number of every sample. wxt.config.ts writes it into test builds as OUTPUT_TAP_FILE;
 * the store builds have no such file. (A ScriptProcessorNode runs on the main thread and, on a busy
 * machine, loses or repeats blocks: measured silences then come out tens of ms wrong.)
 */

/** The file, at the root of the test build. */
export const OUTPUT_TAP_FILE = 'output-tap-worklet.js';
export const OUTPUT_TAP_PROCESSOR = 'voxlate-output-tap';

/** Samples per message to the page: few messages, and a recording at most 0.1 s behind. */
const BATCH = 4096;

/** Passes every render quantum of its input to the page in batches of BATCH frames: `{ from, samples }`. */
export const OUTPUT_TAP_SOURCE = `// Voxlate test build: records the player's output (lib/player/output-recorder.ts).
class OutputTap extends AudioWorkletProcessor {
  constructor() {
    super();
    this.batch = new Float32Array(${BATCH});
    this.filled = 0;
    this.from = 0;
  }
  flush() {
    if (this.filled > 0) this.port.postMessage({ from: this.from, samples: this.batch.slice(0, this.filled) });
    this.filled = 0;
  }
  process(inputs) {
    const channel = inputs[0] && inputs[0][0];
    const length = channel ? channel.length : 128;
    if (this.filled > 0 && this.from + this.filled !== currentFrame) this.flush();
    if (this.filled === 0) this.from = currentFrame;
    for (let i = 0; i < length; i++) {
      this.batch[this.filled++] = channel ? channel[i] : 0;
      if (this.filled === this.batch.length) {
        this.flush();
        this.from = currentFrame + i + 1;
      }
    }
    return true;
  }
}
registerProcessor('${OUTPUT_TAP_PROCESSOR}', OutputTap);
`;
