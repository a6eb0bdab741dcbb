// @vitest-environment node
import { MPEGDecoder } from 'mpg123-decoder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concatMp3, parseMp3 } from './mp3';
import { bytesOf, encodeMp3, id3v1, id3v2, infoFrameFor } from './encode.test-helpers';

const FRAME_SEC_22K = 576 / 22050;
/** Junk as a broken server or proxy adds it: text, zeros and byte pairs that look like frame syncs. */
const JUNK = bytesOf(
  new TextEncoder().encode('<!-- padding -->'),
  new Uint8Array([0xff, 0xfb, 0x00, 0x12, 0x34, 0xff, 0xe0, 0x00, 0xff, 0xf3, 0x64, 0xc4]),
  new Uint8Array(333),
);

let decoder: MPEGDecoder;
beforeAll(async () => {
  decoder = new MPEGDecoder();
  await decoder.ready;
});
afterAll(() => decoder.free());

async function decodedSeconds(bytes: Uint8Array): Promise<{ seconds: number; sampleRate: number }> {
  await decoder.reset();
  const r = decoder.decode(bytes);
  return { seconds: r.samplesDecoded / r.sampleRate, sampleRate: r.sampleRate };
}

describe('parseMp3', () => {
  it('parses a real MPEG-2 Layer III mono file', () => {
    const mp3 = encodeMp3(1.0);
    const info = parseMp3(mp3);
    expect(info.sampleRate).toBe(22050);
    expect(info.channels).toBe(1);
    expect(info.truncatedBytes).toBe(0);
    expect(info.infoFrame).toBe(false);
    expect(info.frames.every((f) => f.samples === 576 && f.sampleRate === 22050)).toBe(true);
    expect(info.frames.at(-1)!.offset + info.frames.at(-1)!.length).toBe(mp3.length);
    // Encoder delay and padding add a few frames of silence, never less than the input.
    expect(info.durationSec).toBeGreaterThanOrEqual(1.0);
    expect(info.durationSec).toBeLessThan(1.0 + 4 * FRAME_SEC_22K);
  });

  it('agrees with a real decoder on duration', async () => {
    const mp3 = encodeMp3(0.7);
    const { seconds } = await decodedSeconds(mp3);
    expect(Math.abs(seconds - parseMp3(mp3).durationSec)).toBeLessThanOrEqual(FRAME_SEC_22K + 1e-9);
  });

  it('parses MPEG-1 stereo at 44100 Hz', () => {
    const info = parseMp3(encodeMp3(0.5, 44100, 128, 2));
    expect(info.sampleRate).toBe(44100);
    expect(info.channels).toBe(2);
    expect(info.frames[0]!.samples).toBe(1152);
    expect(info.truncatedBytes).toBe(0);
  });

  it('skips ID3v2 at the start and ID3v1 at the end', () => {
    const mp3 = encodeMp3(0.5);
    const plain = parseMp3(mp3);
    const tag = id3v2('Title with 0xFF bytes \u00ff\u00fb', 300);
    const tagged = parseMp3(bytesOf(tag, mp3, id3v1()));
    expect(tagged.frames.length).toBe(plain.frames.length);
    expect(tagged.frames[0]!.offset).toBe(tag.length);
    expect(tagged.truncatedBytes).toBe(0);
    expect(tagged.durationSec).toBe(plain.durationSec);
  });

  it('detects an Info/Xing header frame and leaves it out of the audio frames', () => {
    const mp3 = encodeMp3(0.5);
    const plain = parseMp3(mp3);
    for (const tag of ['Info', 'Xing'] as const) {
      const info = parseMp3(bytesOf(infoFrameFor(mp3, tag), mp3));
      expect(info.infoFrame).toBe(true);
      expect(info.frames.length).toBe(plain.frames.length);
      expect(info.durationSec).toBe(plain.durationSec);
    }
  });

  it('reports a cut-off last frame', () => {
    const mp3 = encodeMp3(0.5);
    const info = parseMp3(mp3.subarray(0, mp3.length - 10));
    const last = parseMp3(mp3).frames.at(-1)!;
    expect(info.truncatedBytes).toBe(last.length - 10);
    expect(info.frames.length).toBe(parseMp3(mp3).frames.length - 1);
  });

  it('passes over trailing padding and junk without calling it cut off', async () => {
    const mp3 = encodeMp3(0.5);
    const plain = parseMp3(mp3);
    for (const tail of [new Uint8Array(4096), new Uint8Array([1, 2, 3]), JUNK]) {
      const info = parseMp3(bytesOf(mp3, tail));
      expect(info.truncatedBytes).toBe(0);
      expect(info.skippedBytes).toBe(tail.length);
      expect(info.frames).toEqual(plain.frames);
    }
    expect((await decodedSeconds(bytesOf(mp3, new Uint8Array(4096)))).seconds).toBeCloseTo(plain.durationSec, 2);
  });

  it('resynchronises after junk between frames, ignoring false syncs in it', async () => {
    const [a, b] = [encodeMp3(0.4), encodeMp3(0.6)];
    const info = parseMp3(bytesOf(a, JUNK, b));
    expect(info.truncatedBytes).toBe(0);
    expect(info.skippedBytes).toBe(JUNK.length);
    expect(info.frames.length).toBe(parseMp3(a).frames.length + parseMp3(b).frames.length);
    expect(info.frames[parseMp3(a).frames.length]!.offset).toBe(a.length + JUNK.length);
    expect(info.durationSec).toBeCloseTo(parseMp3(a).durationSec + parseMp3(b).durationSec, 9);
  });

  it('skips an ID3v2 tag in mid-stream, and the Info frame of the file it opens', () => {
    const [a, b] = [encodeMp3(0.4), encodeMp3(0.6)];
    const tag = id3v2('Second part \u00ff\u00fb', 200);
    for (const second of [b, bytesOf(infoFrameFor(b), b)]) {
      const info = parseMp3(bytesOf(a, tag, second, new Uint8Array(64)));
      expect(info.truncatedBytes).toBe(0);
      expect(info.infoFrame).toBe(false);
      expect(info.skippedBytes).toBe(tag.length + 64);
      expect(info.frames.length).toBe(parseMp3(a).frames.length + parseMp3(b).frames.length);
      expect(info.durationSec).toBeCloseTo(parseMp3(a).durationSec + parseMp3(b).durationSec, 9);
    }
  });

  it('still reports data cut off after junk, inside a tag or inside a header', () => {
    const [a, b] = [encodeMp3(0.4), encodeMp3(0.6)];
    expect(parseMp3(bytesOf(a, JUNK, b.subarray(0, 100))).truncatedBytes).toBe(100);
    expect(parseMp3(bytesOf(a, id3v2('x', 300).subarray(0, 50))).truncatedBytes).toBe(50);
    expect(parseMp3(bytesOf(a, b.subarray(0, 2))).truncatedBytes).toBe(2);
  });

  it('finds the first frame after leading junk', () => {
    const mp3 = encodeMp3(0.3);
    const junk = new Uint8Array([0xff, 0xfb, 0x00, 0x12, 0x34, 0xff, 0xe0, 0x00]);
    const info = parseMp3(bytesOf(junk, mp3));
    expect(info.frames[0]!.offset).toBe(junk.length);
    expect(info.frames.length).toBe(parseMp3(mp3).frames.length);
  });

  it('throws a clear error when there is no frame sync', () => {
    expect(() => parseMp3(new TextEncoder().encode('{"error":"quota exceeded"}'))).toThrow(/no MPEG frame sync/);
    expect(() => parseMp3(new Uint8Array())).toThrow(/no MPEG frame sync/);
  });
});

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
});
