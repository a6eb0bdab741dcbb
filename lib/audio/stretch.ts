/** Frame length: long enough to hold two periods of a low voice (~100 Hz), short enough to follow it. */
const FRAME_SEC = 0.03;
/** How far a frame may move from its nominal place to line up with what precedes it: one low pitch period. */
const TOLERANCE_SEC = 0.01;
/** The coarse search looks at every 4th lag and sample; the fine one around the best coarse lag. */
const COARSE_STEP = 4;

/** What a stretch is of: its input's length and channels, the rate and the sample rate. */
export interface StretchInput {
  channelCount: number;
  /** Input samples per channel. */
  length: number;
  rate: number;
  sampleRate: number;
}

/**
 * A time-stretch done a slice at a time (see stretchChannels for what it does): the input is fed
 * as it is needed (inputNeeded), the output taken as far as wanted (next). Slices join exactly:
 * the output equals that of the whole stretch at once. It keeps only a frame of state between
 * slices, and the input not consumed yet.
 */
export interface Stretcher {
  /** Output samples per channel of the whole stretch (input ÷ rate). */
  readonly length: number;
  /** Output samples handed out so far. */
  readonly produced: number;
  /** Input samples (from the input's start) that must have been fed before `next(samples)`. */
  inputNeeded(samples: number): number;
  /** Appends input (one array per channel, equal lengths). */
  feed(channels: readonly Float32Array[]): void;
  /** At least `samples` more output samples (fewer at the end; empty arrays once all are out). */
  next(samples: number): Float32Array<ArrayBuffer>[];
}

/** The frames of a stretch of `input`, and which input each reads. */
function geometry(input: StretchInput) {
  const { length, rate, sampleRate } = input;
  const frame = 2 * Math.max(8, Math.round((FRAME_SEC * sampleRate) / 2));
  const hop = frame / 2;
  const tolerance = Math.max(1, Math.round(TOLERANCE_SEC * sampleRate));
  const outLength = length === 0 ? 0 : Math.max(1, Math.round(length / rate));
  // Frames and searches past either end read silence: input sample i is at pad + i of a padded
  // input (virtual: only the window a slice reads is made).
  const pad = frame + tolerance;
  const paddedLength = length + 2 * pad + 4 * frame * Math.ceil(rate);
  const window = hann(frame);
  const frames = outLength === 0 ? 0 : Math.ceil(outLength / hop) + 2;
  /** Frame k is centred on output sample k·hop and, nominally, on input sample k·hop·rate. */
  const nominal = (k: number) => pad + Math.round(k * hop * rate) - hop;
  /** The first padded input index frames from k on may read (what precedes them continues from there). */
  const firstRead = (k: number) => Math.max(0, nominal(Math.max(0, k - 1)) - tolerance);
  /** One past the last padded input index frames up to k read. */
  const endRead = (k: number) => Math.min(paddedLength, nominal(k) + tolerance + frame);
  /** Frames to lay down before output sample `end` is final (it gets parts of two frames). */
  const framesFor = (end: number) => Math.min(frames, Math.ceil(end / hop) + 1);
  /** Input samples (from the start) to have before output up to `end` can be made. */
  const inputFor = (end: number) => {
    const k = framesFor(Math.min(outLength, end));
    return k === 0 ? 0 : Math.min(length, Math.max(0, endRead(k - 1) - pad));
  };
  return { frame, hop, tolerance, outLength, pad, paddedLength, window, frames, nominal, firstRead, endRead, framesFor, inputFor };
}

/**
 * Input samples (from the input's start) a stretcher must have been fed before it can hand out
 * output up to sample `end`: what the side that holds the input sends with each request.
 */
export const stretchInputNeeded = (input: StretchInput, end: number): number => geometry(input).inputFor(end);

/** Creates a sliced WSOLA stretch of `input`. */
export function createStretcher(input: StretchInput): Stretcher {
  const { channelCount, length } = input;
  const { frame, hop, tolerance, outLength, pad, paddedLength, window, frames, nominal, firstRead, endRead, framesFor, inputFor } = geometry(input);

  // The input fed and not consumed: pieces per channel, starting at input index `fedFrom`.
  let pieces: Float32Array[][] = [];
  let fedFrom = 0;
  let fed = 0;
  let nextFrame = 0;
  let previous = -1;
  let produced = 0;
  // Partial sums of the output positions [nextFrame·hop, nextFrame·hop + hop): the last frame's second half.
  let carry = Array.from({ length: channelCount }, () => new Float32Array(hop));
  let carryWeight = new Float32Array(hop);

  /** Padded input [from, to) of channel `ch`, zeros outside the input. */
  function readPadded(ch: number, from: number, to: number): Float32Array {
    const out = new Float32Array(Math.max(0, to - from));
    let at = fedFrom;
    for (const piece of pieces) {
      const data = piece[ch]!;
      // Input index `at` is padded index pad + at.
      const lo = Math.max(from, pad + at);
      const hi = Math.min(to, pad + at + data.length);
      if (hi > lo) out.set(data.subarray(lo - pad - at, hi - pad - at), lo - from);
      at += data.length;
    }
    return out;
  }

  return {
    length: outLength,
    get produced() {
      return produced;
    },
    inputNeeded: (samples) => inputFor(produced + samples),
    feed(channels) {
      const n = channels[0]?.length ?? 0;
      if (n === 0) return;
      pieces.push(channels.map((c) => c));
      fed += n;
    },
    next(samples) {
      const end = Math.min(outLength, produced + Math.max(1, samples));
      if (end <= produced) return Array.from({ length: channelCount }, () => new Float32Array(0));
      const to = framesFor(end);
      const from = nextFrame;
      const base = from * hop;
      // Output positions [base, to·hop + hop): the carry, then what frames from..to-1 lay down.
      const acc = carry.map((c) => {
        const a = new Float32Array((to - from) * hop + hop);
        a.set(c);
        return a;
      });
      const weight = new Float32Array((to - from) * hop + hop);
      weight.set(carryWeight);
      if (to > from) {
        const lo = firstRead(from);
        const hi = endRead(to - 1);
        if (Math.min(length, hi - pad) > fed) throw new Error(`stretch: input needed to ${hi - pad}, fed ${fed}`);
        const x = Array.from({ length: channelCount }, (_, ch) => readPadded(ch, lo, hi));
        for (let k = from; k < to; k++) {
          const n = nominal(k);
          const start = previous < 0 ? n : bestStart(x[0]!, lo, previous + hop, n, tolerance, hop, paddedLength);
          const at = k * hop - base;
          for (let ch = 0; ch < channelCount; ch++) {
            const src = x[ch]!;
            const dst = acc[ch]!;
            const s0 = start - lo;
            for (let j = 0; j < frame; j++) dst[at + j]! += src[s0 + j]! * window[j]!;
          }
          for (let j = 0; j < frame; j++) weight[at + j]! += window[j]!;
          previous = start;
        }
      }
      // Output sample i is at position i + hop (frame 0's centre); positions below to·hop are final.
      const last = Math.min(outLength, to * hop - hop, to === frames ? outLength : Infinity);
      const out = acc.map((dst) => {
        const result = new Float32Array(Math.max(0, last - produced));
        for (let i = produced; i < last; i++) {
          const w = weight[i + hop - base]!;
          result[i - produced] = w > 1e-3 ? dst[i + hop - base]! / w : 0;
        }
        return result;
      });
      carry = acc.map((a) => a.slice((to - from) * hop));
      carryWeight = weight.slice((to - from) * hop);
      nextFrame = to;
      produced = Math.max(produced, last);
      // Input before what the next frames may read is let go.
      const keepFrom = firstRead(nextFrame) - pad;
      while (pieces.length > 0 && fedFrom + pieces[0]![0]!.length <= keepFrom) {
        fedFrom += pieces[0]![0]!.length;
        pieces = pieces.slice(1);
      }
      return out;
    },
  };
}

/**
 * Changes the tempo of audio without changing its pitch (WSOLA: waveform-similarity overlap-add).
 * Frames of `channels` are taken `rate` times faster (or slower) than they are laid down; each is
 * moved by up to a pitch period so it continues the waveform of the previous one, then windowed
 * and overlap-added. The output lasts `input / rate`. Lags are found on the first channel and
 * applied to all. `rate` 1 returns copies. All at once: the player stretches a slice at a time
 * (createStretcher, in a worker).
 */
export function stretchChannels(channels: readonly Float32Array[], rate: number, sampleRate: number): Float32Array<ArrayBuffer>[] {
  const length = channels[0]?.length ?? 0;
  if (rate === 1 || length === 0) return channels.map((c) => c.slice());
  const stretcher = createStretcher({ channelCount: channels.length, length, rate, sampleRate });
  stretcher.feed(channels);
  return stretcher.next(stretcher.length);
}

/**
 * The frame start within `tolerance` of `nominal` whose first half best matches the natural
 * continuation at `natural` (where the previous frame's audio goes on). Coarse, then fine.
 * Indexes are of the padded input, `x` holding it from `base` on.
 */
function bestStart(x: Float32Array, base: number, natural: number, nominal: number, tolerance: number, length: number, paddedLength: number): number {
  const low = Math.max(0, nominal - tolerance);
  const high = Math.min(paddedLength - 2 * length, nominal + tolerance);
  let best = nominal;
  let bestScore = -Infinity;
  for (let c = low; c <= high; c += COARSE_STEP) {
    const score = correlation(x, natural - base, c - base, length, COARSE_STEP);
    if (score > bestScore) [best, bestScore] = [c, score];
  }
  const coarse = best;
  bestScore = -Infinity;
  for (let c = Math.max(low, coarse - COARSE_STEP + 1); c <= Math.min(high, coarse + COARSE_STEP - 1); c++) {
    const score = correlation(x, natural - base, c - base, length, 1);
    if (score > bestScore) [best, bestScore] = [c, score];
  }
  return best;
}

function correlation(x: Float32Array, a: number, b: number, length: number, step: number): number {
  let sum = 0;
  for (let j = 0; j < length; j += step) sum += x[a + j]! * x[b + j]!;
  return sum;
}

/** Periodic Hann window: at 50 % overlap its copies add up to exactly 1. */
function hann(n: number): Float32Array {
  const w = new Float32Array(n);
  for (let i = 0; i < n; i++) w[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / n);
  return w;
}
