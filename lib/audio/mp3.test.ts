// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseMp3 } from './mp3';
import { audioFixture, bytesOf, encodeMp3, id3v1, id3v2, infoFrameFor, JUNK, LAME_FIXTURES, useMp3Decoder } from './encode.test-helpers';

const FRAME_SEC_22K = 576 / 22050;

const { decodedSeconds } = useMp3Decoder();

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

  it('reads the LAME tag of a real encoder\'s header frame, and only of the first one', () => {
    const bytes = audioFixture(LAME_FIXTURES.vbr.file);
    const info = parseMp3(bytes);
    expect(info.header).toMatchObject({ offset: 0, lame: { encoder: 'LAME3.100', delay: 576 } });
    expect(info.frames[0]!.offset).toBe(info.header!.length);
    expect(info.durationSec).toBe((info.frames.length * 576) / 22050);
    // A tag-less header frame is still a header, with nothing to say about delays.
    expect(parseMp3(bytesOf(infoFrameFor(encodeMp3(0.3)), encodeMp3(0.3))).header?.lame).toBeNull();
    expect(parseMp3(encodeMp3(0.3)).header).toBeNull();
  });

  it('reads each frame\'s bit-reservoir pointer (main_data_begin)', () => {
    // LAME uses the reservoir; lamejs, as the emulator runs it, does not.
    for (const fixture of [LAME_FIXTURES.cbr, LAME_FIXTURES.mpeg1]) {
      expect(parseMp3(audioFixture(fixture.file)).frames.some((f) => f.mainDataBegin > 0)).toBe(true);
    }
    expect(parseMp3(encodeMp3(0.5)).frames.every((f) => f.mainDataBegin === 0)).toBe(true);
  });

  it('tells silent frames (no spectral data) from frames with sound, MPEG-1 stereo and MPEG-2 mono', () => {
    // "Hello there." then espeak's closing pause: the last twelve frames are silence.
    for (const fixture of [LAME_FIXTURES.cbr, LAME_FIXTURES.mpeg1]) {
      const silent = parseMp3(audioFixture(fixture.file)).frames.map((f) => f.silent);
      expect(silent.slice(-12).every(Boolean)).toBe(true);
      expect(silent.slice(1, -12).some(Boolean)).toBe(false);
    }
    const loud = parseMp3(encodeMp3(0.5)).frames;
    expect(loud.slice(1, -1).some((f) => f.silent)).toBe(false);
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
