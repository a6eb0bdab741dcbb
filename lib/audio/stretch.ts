/** Frame length: long enough to hold two periods of a low voice (~100 Hz), short enough to follow it. */
const FRAME_SEC = 0.03;
/** How far a frame may move from its nominal place to line up with what precedes it: one low pitch period. */
const TOLERANCE_SEC = 0.01;
/** The coarse search looks at every 4th lag and sample; the fine one around the best coarse lag. */
const COARSE_STEP = 4;

/**
 * Changes the tempo of audio without changing its pitch (WSOLA: waveform-similarity overlap-add).
 * Frames of `channels` are taken `rate` times faster (or slower) than they are laid down; each is
 * moved by up to a pitch period so it continues the waveform of the previous one, then windowed
 * and overlap-added. The output lasts `input / rate`. Lags are found on the first channel and
 * applied to all. `rate` 1 returns copies.
 */
export function stretchChannels(channels: readonly Float32Array[], rate: number, sampleRate: number): Float32Array<ArrayBuffer>[] {
  const length = channels[0]?.length ?? 0;
  if (rate === 1 || length === 0) return channels.map((c) => c.slice());
  const frame = 2 * Math.max(8, Math.round((FRAME_SEC * sampleRate) / 2));
  const hop = frame / 2;
  const tolerance = Math.max(1, Math.round(TOLERANCE_SEC * sampleRate));
  const outLength = Math.max(1, Math.round(length / rate));
  // Padded so frames and searches past either end read silence; input sample i is at pad + i.
  const pad = frame + tolerance;
  const padded = channels.map((c) => {
    const p = new Float32Array(length + 2 * pad + 4 * frame * Math.ceil(rate));
    p.set(c, pad);
    return p;
  });
  const window = hann(frame);
  const frames = Math.ceil(outLength / hop) + 2;
  const out = channels.map(() => new Float32Array((frames + 1) * hop + frame));
  const weight = new Float32Array(out[0]!.length);
  let previous = -1;
  for (let k = 0; k < frames; k++) {
    // Frame k is centred on output sample k·hop and, nominally, on input sample k·hop·rate.
    const nominal = pad + Math.round(k * hop * rate) - hop;
    const start = previous < 0 ? nominal : bestStart(padded[0]!, previous + hop, nominal, tolerance, hop);
    for (let ch = 0; ch < channels.length; ch++) {
      const src = padded[ch]!;
      const dst = out[ch]!;
      const at = k * hop;
      for (let j = 0; j < frame; j++) dst[at + j]! += src[start + j]! * window[j]!;
    }
    for (let j = 0; j < frame; j++) weight[k * hop + j]! += window[j]!;
    previous = start;
  }
  // Output sample 0 is frame 0's centre; dividing by the summed window keeps the level exact.
  return out.map((dst) => {
    const result = new Float32Array(outLength);
    for (let i = 0; i < outLength; i++) {
      const w = weight[i + hop]!;
      result[i] = w > 1e-3 ? dst[i + hop]! / w : 0;
    }
    return result;
  });
}

/**
 * The frame start within `tolerance` of `nominal` whose first half best matches the natural
 * continuation at `natural` (where the previous frame's audio goes on). Coarse, then fine.
 */
function bestStart(x: Float32Array, natural: number, nominal: number, tolerance: number, length: number): number {
  const low = Math.max(0, nominal - tolerance);
  const high = Math.min(x.length - 2 * length, nominal + tolerance);
  let best = nominal;
  let bestScore = -Infinity;
  for (let c = low; c <= high; c += COARSE_STEP) {
    const score = correlation(x, natural, c, length, COARSE_STEP);
    if (score > bestScore) [best, bestScore] = [c, score];
  }
  const coarse = best;
  bestScore = -Infinity;
  for (let c = Math.max(low, coarse - COARSE_STEP + 1); c <= Math.min(high, coarse + COARSE_STEP - 1); c++) {
    const score = correlation(x, natural, c, length, 1);
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
