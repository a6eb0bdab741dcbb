import { DECODER_DELAY } from './lame-tag';
import { parseMp3 } from './mp3';
import { isWav } from './wav';

/** Which decoded samples of an mp3 are the input, per its LAME tag (at the mp3's own rate). */
export interface Mp3Trim {
  sampleRate: number;
  /** Samples per frame (576 or 1152). */
  frameSamples: number;
  /** Samples a decoder that ignores the tag puts out: every audio frame, whole. */
  decodedSamples: number;
  /** The first sample of the input in that output: encoder delay + decoder delay. */
  startSample: number;
  /** Samples of input: the output without the delays at the start and the padding at the end. */
  keptSamples: number;
}

/**
 * The part of an mp3's decoded output that is the speech, from its LAME tag; null for audio
 * without one (WAV, or an mp3 whose encoder did not say), which is played whole.
 */
export function mp3Trim(bytes: Uint8Array): Mp3Trim | null {
  if (isWav(bytes)) return null;
  let info;
  try {
    info = parseMp3(bytes);
  } catch {
    return null;
  }
  const lame = info.header?.lame;
  const frameSamples = info.frames[0]?.samples;
  if (!lame || !frameSamples) return null;
  const decodedSamples = info.frames.length * frameSamples;
  const startSample = lame.delay + DECODER_DELAY;
  const keptSamples = Math.min(decodedSamples - startSample, decodedSamples - lame.delay - lame.padding);
  if (keptSamples <= 0) return null;
  return { sampleRate: info.sampleRate, frameSamples, decodedSamples, startSample, keptSamples };
}

/** The part of a decoded buffer to play: seconds from its start, and how long. */
export interface PlayableSpan {
  startSec: number;
  durationSec: number;
}

/** How far a decoded length may be from an expected one: resampling rounds to a sample or two. */
const TOLERANCE_SEC = 0.003;

/**
 * Where the speech is in a buffer the browser decoded (`decodedSec` long) from an mp3 with `trim`.
 * Chrome and Firefox already cut the delays and padding a LAME tag announces; a decoder that does
 * not gives the whole output, perhaps with the header frame decoded as one more frame of silence.
 * The length tells which happened, so nothing is cut twice; an unexpected length is played whole.
 */
export function playableSpan(decodedSec: number, trim: Mp3Trim | null): PlayableSpan {
  const whole = { startSec: 0, durationSec: decodedSec };
  if (!trim) return whole;
  const sec = (samples: number) => samples / trim.sampleRate;
  const near = (samples: number) => Math.abs(decodedSec - sec(samples)) <= TOLERANCE_SEC;
  if (near(trim.keptSamples)) return whole;
  for (const extra of [0, trim.frameSamples]) {
    if (near(trim.decodedSamples + extra)) return { startSec: sec(trim.startSample + extra), durationSec: sec(trim.keptSamples) };
  }
  return whole;
}
