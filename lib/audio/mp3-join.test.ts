// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { audioFixture, bytesOf, encodeMp3, encodeTaggedMp3, id3v1, id3v2, infoFrameFor, JUNK, LAME_FIXTURES, sine, useMp3Decoder } from './encode.test-helpers';
import { crc16 } from './lame-tag';
import { parseMp3 } from './mp3';
import { concatMp3 } from './mp3-join';
import { silenceRuns } from './silence';

const RATE = 22050;
const FRAME_SEC_22K = 576 / RATE;

const { decode, decodedSeconds } = useMp3Decoder();

/** Decodes as a gapless player does (mpg123 honours the LAME tag); fails on any decoding error. */
async function decoded(bytes: Uint8Array): Promise<Float32Array> {
  const r = await decode(bytes);
  expect(r.errors).toEqual([]);
  return r.channelData[0]!.slice(0, r.samplesDecoded);
}

/** Like a sentence of speech: a 10 ms breath of silence, sound, then a 200 ms pause. */
function utterance(seconds: number, hz: number): Int16Array {
  const tone = sine(seconds, RATE, hz);
  const pcm = new Int16Array(220 + tone.length + 4410);
  pcm.set(tone, 220);
  return pcm;
}

/** Pauses longer than 100 ms, in ms: the ones between utterances (the sound has none). */
const pausesMs = (samples: Float32Array) =>
  silenceRuns(samples, RATE / 10).map((r) => ((r.end - r.start) / RATE) * 1000);

/** The naive join: every frame of every part, no header (what the download did before). */
function everyFrame(parts: Uint8Array[]): Uint8Array {
  return bytesOf(...parts.flatMap((p) => parseMp3(p).frames.map((f) => p.subarray(f.offset, f.offset + f.length))));
}

describe('concatMp3', () => {
  it('joins three files frame-correctly; a decoder sees the summed duration', async () => {
    const parts = [encodeMp3(0.5), encodeMp3(1.25), encodeMp3(0.8)];
    const joined = concatMp3(parts);
    const info = parseMp3(joined);
    const sum = parts.reduce((s, p) => s + parseMp3(p).durationSec, 0);
    expect(info.truncatedBytes).toBe(0);
    expect(info.durationSec).toBeCloseTo(sum, 9);
    expect(joined.length).toBe(parts.reduce((n, p) => n + p.length, 0));

    const { seconds, sampleRate } = await decodedSeconds(joined);
    expect(sampleRate).toBe(22050);
    expect(Math.abs(seconds - sum)).toBeLessThanOrEqual(parts.length * FRAME_SEC_22K + 1e-9);
    // And against the sine lengths that went in: each part adds only encoder delay/padding.
    expect(seconds).toBeGreaterThanOrEqual(2.55);
    expect(seconds).toBeLessThan(2.55 + parts.length * 4 * FRAME_SEC_22K);
  });

  it('drops tags, Info frames and cut-off frames from each part', async () => {
    const a = encodeMp3(0.4);
    const b = encodeMp3(0.6);
    const c = encodeMp3(0.3);
    const cut = b.subarray(0, b.length - 7);
    const joined = concatMp3([bytesOf(id3v2(), infoFrameFor(a), a, id3v1()), cut, bytesOf(id3v2('x', 0), c)]);
    const info = parseMp3(joined);
    expect(info.infoFrame).toBe(false);
    expect(info.truncatedBytes).toBe(0);
    expect(info.frames[0]!.offset).toBe(0);
    const expected = parseMp3(a).frames.length + parseMp3(b).frames.length - 1 + parseMp3(c).frames.length;
    expect(info.frames.length).toBe(expected);
    const { seconds } = await decodedSeconds(joined);
    expect(Math.abs(seconds - info.durationSec)).toBeLessThanOrEqual(3 * FRAME_SEC_22K + 1e-9);
  });

  it('joins parts with padding, junk and mid-stream tags into frames only', async () => {
    const [a, b, c] = [encodeMp3(0.5), encodeMp3(0.7), encodeMp3(0.3)];
    const joined = concatMp3([bytesOf(a, new Uint8Array(500)), bytesOf(b, JUNK, id3v2('c'), infoFrameFor(c), c)]);
    const info = parseMp3(joined);
    const sum = [a, b, c].reduce((s, p) => s + parseMp3(p).durationSec, 0);
    expect(info).toMatchObject({ truncatedBytes: 0, skippedBytes: 0, infoFrame: false });
    expect(joined.length).toBe(a.length + b.length + c.length);
    expect(info.durationSec).toBeCloseTo(sum, 9);
    const { seconds } = await decodedSeconds(joined);
    expect(Math.abs(seconds - sum)).toBeLessThanOrEqual(3 * FRAME_SEC_22K + 1e-9);
  });

  it('refuses to mix sample rates or channel counts', () => {
    expect(() => concatMp3([encodeMp3(0.3), encodeMp3(0.3, 44100, 64)])).toThrow(/part 2 is 44100 Hz/);
    expect(() => concatMp3([encodeMp3(0.3, 22050, 48, 1), encodeMp3(0.3, 22050, 48, 2)])).toThrow(/2 channel/);
  });

  it('rejects an empty list and non-MP3 parts', () => {
    expect(() => concatMp3([])).toThrow(/No MP3 parts/);
    expect(() => concatMp3([encodeMp3(0.2), new Uint8Array(10)])).toThrow(/part 2 is not valid MP3/);
  });

  describe('gapless, with LAME tags', () => {
    const pcms = [0.5, 0.77, 0.31, 0.93].map((s, i) => utterance(s, 300 + 50 * i));
    const parts = pcms.map((p) => encodeTaggedMp3(p));

    it('opens with one header frame: the first part\'s delay, the last part\'s padding, counts and CRCs of the join', () => {
      const joined = concatMp3(parts);
      const info = parseMp3(joined);
      const last = parseMp3(parts.at(-1)!).header!.lame!;
      expect(info.header).toMatchObject({ offset: 0, lame: { encoder: 'LAME3.98r', delay: 576, padding: last.padding, frames: info.frames.length } });
      const view = new DataView(joined.buffer, joined.byteOffset);
      const { xingOffset, lameOffset } = info.header!.lame!;
      expect(view.getUint32(xingOffset + 12)).toBe(joined.length);
      expect(view.getUint32(lameOffset + 28)).toBe(joined.length);
      expect(view.getUint16(lameOffset + 32)).toBe(crc16(joined.subarray(info.header!.length)));
      expect(view.getUint16(lameOffset + 34)).toBe(crc16(joined.subarray(0, lameOffset + 34)));
    });

    it('keeps each pause the speech\'s own to within half a frame, where every frame kept adds 50–80 ms', async () => {
      // What a listener should hear: each part decoded without its encoder silence, back to back.
      const exact = new Float32Array(pcms.reduce((n, p) => n + p.length, 0));
      let at = 0;
      for (const part of parts) {
        const samples = await decoded(part);
        exact.set(samples, at);
        at += samples.length;
      }
      const want = pausesMs(exact);
      expect(want).toHaveLength(4);

      const joined = pausesMs(await decoded(concatMp3(parts)));
      const naive = pausesMs(await decoded(everyFrame(parts)));
      expect(joined).toHaveLength(4);
      for (let i = 0; i < 3; i++) {
        expect(Math.abs(joined[i]! - want[i]!)).toBeLessThanOrEqual((FRAME_SEC_22K / 2) * 1000 + 0.5);
        expect(naive[i]! - want[i]!).toBeGreaterThan(50);
      }
      // The decoder's length agrees with the header: nothing but whole silent frames went.
      const info = parseMp3(concatMp3(parts));
      expect((await decoded(concatMp3(parts))).length).toBe(info.frames.length * 576 - 576 - info.header!.lame!.padding);
    });

    it('with breath noise in the pauses, leaves out the frames that are wholly encoder silence: the padding remains', async () => {
      // A female espeak voice breathes in its pauses: nothing is digital silence, no frame is empty.
      let seed = 1;
      const noisy = [0.45, 0.6, 0.35].map((seconds, i) => {
        const pcm = utterance(seconds, 330 + 40 * i);
        for (let k = 0; k < pcm.length; k++) {
          seed = (seed * 1103515245 + 12345) & 0x7fffffff;
          if (pcm[k] === 0) pcm[k] = (seed % 61) - 30;
        }
        return pcm;
      });
      const files = noisy.map((p) => encodeTaggedMp3(p));
      // No run of silent frames to take from (a lone one can end a part: the encoder's own padding).
      expect(files.every((f) => parseMp3(f).frames.slice(0, -1).every((frame) => !frame.silent))).toBe(true);
      const exact = new Float32Array(noisy.reduce((n, p) => n + p.length, 0));
      let at = 0;
      for (const file of files) {
        const samples = await decoded(file);
        exact.set(samples, at);
        at += samples.length;
      }
      const want = pausesMs(exact);
      const joined = pausesMs(await decoded(concatMp3(files)));
      for (let i = 0; i < 2; i++) {
        const padding = parseMp3(files[i]!).header!.lame!.padding;
        // The right part's first frame goes (576 + 529 samples of delay); its last one too if the padding fills it.
        const remaining = padding >= 576 + 529 ? padding - 576 : padding;
        expect(joined[i]! - want[i]!).toBeCloseTo((remaining / RATE) * 1000, 0);
        expect(remaining).toBeLessThan(576 + padding);
      }
    });

    it('leaves out no frame whose successor takes data from the bit reservoir (real LAME files)', async () => {
      const lame = audioFixture(LAME_FIXTURES.cbr.file);
      const joined = concatMp3([lame, lame, lame]);
      const info = parseMp3(joined);
      // LAME's trailing silent frames point into the reservoir: some may go, and the decode stays clean.
      expect(info.frames.length).toBeLessThanOrEqual(3 * parseMp3(lame).frames.length);
      const samples = await decoded(joined);
      expect(samples.length).toBe(info.frames.length * 576 - 576 - info.header!.lame!.padding);
      expect(samples.some((s) => Math.abs(s) > 0.1)).toBe(true);
    });
  });
});
