// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { audioFixture, encodeTaggedMp3, LAME_FIXTURES, sine, useMp3Decoder } from './encode.test-helpers';
import { parseMp3 } from './mp3';
import { concatMp3 } from './mp3-join';
import { joinMp3Gapless } from './mp3-splice';
import { silenceRuns } from './silence';

const RATE = 22050;
const { decode } = useMp3Decoder();

/** Decodes as a gapless player does (mpg123 honours the LAME tag); fails on any decoding error. */
async function decoded(bytes: Uint8Array): Promise<Float32Array> {
  const r = await decode(bytes);
  expect(r.errors).toEqual([]);
  return r.channelData[0]!.slice(0, r.samplesDecoded);
}

/** Like a sentence of speech: a short breath of silence, sound, then a pause. */
function utterance(seconds: number, hz: number, pauseSec = 0.2, noise = 0): Int16Array {
  const tone = sine(seconds, RATE, hz);
  const pcm = new Int16Array(220 + tone.length + Math.round(pauseSec * RATE));
  pcm.set(tone, 220);
  let seed = hz;
  for (let k = 0; noise && k < pcm.length; k++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    if (pcm[k] === 0) pcm[k] = (seed % (2 * noise + 1)) - noise;
  }
  return pcm;
}

/** Each part decoded without its encoder silence, laid end to end: what a listener should hear. */
async function endToEnd(parts: readonly Uint8Array[]): Promise<Float32Array> {
  const pieces = [];
  for (const part of parts) pieces.push(await decoded(part));
  const out = new Float32Array(pieces.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of pieces) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Pauses of 50 ms or more, [start, end) in ms, but the last (the file's end, not a join). Quieter
 * than −46 dBFS: a second encoding's noise, near −54 dBFS, would make the edges of a pause flicker.
 */
const pauses = (samples: Float32Array) =>
  silenceRuns(samples, RATE / 20, 0.005).map((r) => [(r.start / RATE) * 1000, (r.end / RATE) * 1000] as const).slice(0, -1);
const lengthMs = (pause: readonly [number, number]) => pause[1] - pause[0];

describe('joinMp3Gapless', () => {
  it('decodes to the parts\' speech laid end to end: the same length, and each pause the same to within 2 ms', async () => {
    const pcms = [0.9, 1.7, 2.3, 1.2].map((s, i) => utterance(s, 300 + 50 * i));
    const parts = pcms.map((p) => encodeTaggedMp3(p));
    const want = await endToEnd(parts);
    const got = await decoded(await joinMp3Gapless(parts));
    expect(got.length).toBe(pcms.reduce((n, p) => n + p.length, 0));
    expect(want.length).toBe(got.length);
    const [a, b] = [pauses(want), pauses(got)];
    expect(b).toHaveLength(a.length);
    // Each pause where it was, give or take what the rounding to whole frames moved it (< 1 frame).
    a.forEach((pause, i) => {
      expect(Math.abs(lengthMs(b[i]!) - lengthMs(pause))).toBeLessThan(2);
      expect(Math.abs(b[i]![0] - pause[0])).toBeLessThan(26);
    });
  });

  it('with breath noise in the pauses (no silent frame to drop), adds no silence at a join', async () => {
    const pcms = [1.6, 2.1, 1.8].map((s, i) => utterance(s, 330 + 40 * i, 0.25, 30));
    const parts = pcms.map((p) => encodeTaggedMp3(p));
    const want = await endToEnd(parts);
    const got = await decoded(await joinMp3Gapless(parts));
    expect(got.length).toBe(want.length);
    // The frame-by-frame join keeps 29–33 ms of encoder silence in each of these pauses.
    const joinsAt = [pcms[0]!.length, pcms[0]!.length + pcms[1]!.length];
    const quiet = (x: Float32Array, at: number) => {
      // The pause around a join: the run of samples under the noise's ceiling (plus the codec's).
      const loud = (i: number) => Math.abs(x[i]!) > 0.01;
      let a = at;
      while (a > 0 && !loud(a - 1)) a--;
      let b = at;
      while (b < x.length && !loud(b)) b++;
      return ((b - a) / RATE) * 1000;
    };
    const frameJoin = await decoded(concatMp3(parts));
    for (const at of joinsAt) {
      expect(Math.abs(quiet(got, at) - quiet(want, at))).toBeLessThan(2);
    }
    expect(frameJoin.length - want.length).toBeGreaterThan(0.02 * RATE);
  });

  it('re-encodes a part too short to keep any frame of whole, and keeps the length exact', async () => {
    const pcms = [1.5, 0.3, 0.2, 1.4].map((s, i) => utterance(s, 280 + 60 * i));
    const parts = pcms.map((p) => encodeTaggedMp3(p));
    const want = await endToEnd(parts);
    const got = await decoded(await joinMp3Gapless(parts));
    expect(got.length).toBe(want.length);
    const [a, b] = [pauses(want), pauses(got)];
    expect(b).toHaveLength(a.length);
    a.forEach((pause, i) => expect(Math.abs(lengthMs(b[i]!) - lengthMs(pause))).toBeLessThan(2));
  });

  it('joins real LAME files, whose frames borrow from the bit reservoir, to their exact length', async () => {
    const { file, inputSamples } = LAME_FIXTURES.cbr;
    const lame = audioFixture(file);
    const joined = await joinMp3Gapless([lame, lame, lame]);
    const samples = await decoded(joined);
    expect(samples.length).toBe(3 * inputSamples);
    expect(parseMp3(joined).truncatedBytes).toBe(0);
    const one = await decoded(lame);
    // Loud where the speech is loud: nothing decoded to noise or lost.
    const peak = (x: Float32Array, from: number, to: number) => x.subarray(from, to).reduce((m, v) => Math.max(m, Math.abs(v)), 0);
    for (let k = 0; k < 3; k++) {
      expect(peak(samples, k * inputSamples, (k + 1) * inputSamples)).toBeGreaterThan(0.8 * peak(one, 0, inputSamples));
      expect(peak(samples, k * inputSamples, (k + 1) * inputSamples)).toBeLessThan(1.25 * peak(one, 0, inputSamples));
    }
  });
});
