import { describe, expect, it } from 'vitest';
import { bytesOf, encodeWav } from './encode.test-helpers';
import { concatWav, parseWav, pcm16Wav } from './wav';

/** Insert a LIST chunk between fmt and data, as many encoders do. */
function withListChunk(wav: Uint8Array): Uint8Array {
  const list = bytesOf(new TextEncoder().encode('LIST'), new Uint8Array([5, 0, 0, 0]), new Uint8Array([1, 2, 3, 4, 5, 0]));
  const out = bytesOf(wav.subarray(0, 36), list, wav.subarray(36));
  new DataView(out.buffer).setUint32(4, out.length - 8, true);
  return out;
}

describe('parseWav', () => {
  it('reads format and data of a PCM file', () => {
    const info = parseWav(encodeWav(1.5, 22050, 2));
    expect(info).toMatchObject({ sampleRate: 22050, channels: 2, bitsPerSample: 16, blockAlign: 4, dataOffset: 44 });
    expect(info.dataLength).toBe(Math.round(1.5 * 22050) * 4);
    expect(info.declaredDataLength).toBe(info.dataLength);
    expect(info.sizeUnknown).toBe(false);
    expect(info.durationSec).toBeCloseTo(1.5, 4);
  });

  it('walks past other chunks, including odd-sized ones', () => {
    const info = parseWav(withListChunk(encodeWav(0.5)));
    expect(info.dataOffset).toBe(44 + 14);
    expect(info.durationSec).toBeCloseTo(0.5, 4);
  });

  it('tolerates streaming placeholder sizes and reports them', () => {
    const present = Math.round(0.5 * 22050) * 2;
    for (const declared of [0xffffffff, 0x7fffffff, 0]) {
      const info = parseWav(encodeWav(0.5, 22050, 1, declared));
      expect(info.sizeUnknown).toBe(true);
      expect(info.declaredDataLength).toBe(declared);
      expect(info.dataLength).toBe(present);
      expect(info.durationSec).toBeCloseTo(0.5, 4);
    }
  });

  it('uses the bytes present when the declared size is larger (cut off)', () => {
    const wav = encodeWav(0.5);
    const info = parseWav(wav.subarray(0, wav.length - 1000));
    expect(info.dataLength).toBe(wav.length - 44 - 1000);
    expect(info.declaredDataLength).toBe(wav.length - 44);
    expect(info.sizeUnknown).toBe(false);
  });

  it('throws on non-WAV input', () => {
    expect(() => parseWav(new Uint8Array(50))).toThrow(/Not WAV/);
    const noData = encodeWav(0.1).slice(0, 36);
    expect(() => parseWav(noData)).toThrow(/no data chunk/);
  });
});

describe('concatWav', () => {
  it('joins PCM data under one correct header', () => {
    const parts = [encodeWav(0.5), withListChunk(encodeWav(1.0)), encodeWav(0.25)];
    const joined = concatWav(parts);
    const info = parseWav(joined);
    const dataSum = parts.reduce((n, p) => n + parseWav(p).dataLength, 0);
    expect(info.dataLength).toBe(dataSum);
    expect(info.declaredDataLength).toBe(dataSum);
    expect(joined.length).toBe(44 + dataSum);
    expect(new DataView(joined.buffer).getUint32(4, true)).toBe(joined.length - 8);
    expect(info.durationSec).toBeCloseTo(1.75, 4);
    // The samples are copied verbatim.
    expect(joined.subarray(44, 44 + 100)).toEqual(parts[0]!.subarray(44, 144));
    const second = parseWav(parts[1]!);
    const at = 44 + parseWav(parts[0]!).dataLength;
    expect(joined.subarray(at, at + 100)).toEqual(parts[1]!.subarray(second.dataOffset, second.dataOffset + 100));
  });

  it('drops a partial trailing sample frame and pads odd data', () => {
    const stereo = encodeWav(0.1, 22050, 2);
    const ragged = stereo.subarray(0, stereo.length - 1);
    const joined = concatWav([ragged, stereo]);
    const info = parseWav(joined);
    expect(info.dataLength % 4).toBe(0);
    expect(info.dataLength).toBe(parseWav(stereo).dataLength * 2 - 4);

    const mono8 = encodeWav(0.1, 22050, 1);
    new DataView(mono8.buffer).setUint16(32, 1, true); // pretend 8-bit mono: blockAlign 1
    new DataView(mono8.buffer).setUint16(34, 8, true);
    const odd = mono8.subarray(0, mono8.length - 1);
    const oddJoined = concatWav([odd]);
    expect(oddJoined.length % 2).toBe(0);
    expect(parseWav(oddJoined).dataLength).toBe(odd.length - 44);
  });

  it('requires the same format', () => {
    expect(() => concatWav([encodeWav(0.1, 22050), encodeWav(0.1, 44100)])).toThrow(/part 2 is 44100 Hz/);
    expect(() => concatWav([encodeWav(0.1, 22050, 1), encodeWav(0.1, 22050, 2)])).toThrow(/2 channel/);
    expect(() => concatWav([])).toThrow(/No WAV parts/);
  });
});

describe('pcm16Wav', () => {
  it('writes a file parseWav reads back: 16-bit mono at the rate given, the samples as they were', () => {
    const samples = Int16Array.from([0, 1, -1, 32767, -32768]);
    const bytes = pcm16Wav(samples, 22_050);
    const info = parseWav(bytes);
    expect(info).toMatchObject({ channels: 1, bitsPerSample: 16, sampleRate: 22_050, dataLength: 10 });
    expect(new Int16Array(bytes.slice(info.dataOffset).buffer)).toEqual(samples);
  });
});
