// Test-only helpers that build real audio files; never import from app code.
import { readFileSync } from 'node:fs';
import { MPEGDecoder } from 'mpg123-decoder';
import { afterAll, beforeAll } from 'vitest';
import { withLameTag } from '../../emulator/lame-tag.ts';
import { encodeMp3Pcm } from './mp3-codec';

/** Concatenate byte arrays. */
export function bytesOf(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Junk as a broken server or proxy adds it: text, zeros and byte pairs that look like frame syncs. */
export const JUNK = bytesOf(
  new TextEncoder().encode('<!-- padding -->'),
  new Uint8Array([0xff, 0xfb, 0x00, 0x12, 0x34, 0xff, 0xe0, 0x00, 0xff, 0xf3, 0x64, 0xc4]),
  new Uint8Array(333),
);

/** A mono sine wave as 16-bit samples. */
export function sine(seconds: number, sampleRate: number, hz = 440): Int16Array {
  const n = Math.round(seconds * sampleRate);
  const out = new Int16Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.round(Math.sin((2 * Math.PI * hz * i) / sampleRate) * 12000);
  return out;
}

/** Encode a sine wave to a real MP3 with lamejs. */
export function encodeMp3(seconds: number, sampleRate = 22050, kbps = 48, channels: 1 | 2 = 1): Uint8Array {
  const pcm = sine(seconds, sampleRate);
  return encodeMp3Pcm(channels === 2 ? [pcm, pcm] : [pcm], sampleRate, kbps);
}

/** A minimal ID3v2.3 tag with one TIT2 frame, `padding` zero bytes after it. */
export function id3v2(title = 'Test', padding = 100): Uint8Array {
  const text = new TextEncoder().encode(title);
  const frame = bytesOf(
    new TextEncoder().encode('TIT2'),
    new Uint8Array([0, 0, 0, text.length + 1, 0, 0, 0]),
    text,
  );
  const size = frame.length + padding;
  const header = new Uint8Array([0x49, 0x44, 0x33, 3, 0, 0, (size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);
  return bytesOf(header, frame, new Uint8Array(padding));
}

/** A 128-byte ID3v1 tag. */
export function id3v1(): Uint8Array {
  const tag = new Uint8Array(128);
  tag.set(new TextEncoder().encode('TAGTitle'), 0);
  return tag;
}

/**
 * A LAME-style "Info" header frame copied from the first frame of `mp3`: same header,
 * zeroed side info (so it decodes to silence), then the tag.
 */
export function infoFrameFor(mp3: Uint8Array, tag: 'Info' | 'Xing' = 'Info'): Uint8Array {
  const b1 = mp3[1]!;
  const b2 = mp3[2]! & ~0x02; // no padding, so the length is the base length
  const b3 = mp3[3]!;
  const mpeg1 = ((b1 >> 3) & 3) === 3;
  const mono = b3 >> 6 === 3;
  const sideInfo = mpeg1 ? (mono ? 17 : 32) : mono ? 9 : 17;
  const frame = new Uint8Array(frameLengthOf(mp3, b2));
  frame.set([0xff, b1, b2, b3]);
  frame.set(new TextEncoder().encode(tag), 4 + sideInfo);
  return frame;
}

function frameLengthOf(mp3: Uint8Array, b2: number): number {
  const bitrates = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
  const mpeg1Bitrates = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
  const version = (mp3[1]! >> 3) & 3;
  const rates = version === 3 ? [44100, 48000, 32000] : version === 2 ? [22050, 24000, 16000] : [11025, 12000, 8000];
  const rate = rates[(b2 >> 2) & 3]!;
  const kbps = (version === 3 ? mpeg1Bitrates : bitrates)[b2 >> 4]!;
  return Math.floor(((version === 3 ? 144 : 72) * kbps * 1000) / rate);
}

/** A 16-bit PCM WAV of a sine wave. */
export function encodeWav(seconds: number, sampleRate = 22050, channels = 1, dataSizeOverride?: number): Uint8Array {
  const pcm = sine(seconds, sampleRate);
  const blockAlign = channels * 2;
  const dataLength = pcm.length * blockAlign;
  const out = new Uint8Array(44 + dataLength);
  const view = new DataView(out.buffer);
  const id = (at: number, s: string) => out.set(new TextEncoder().encode(s), at);
  id(0, 'RIFF');
  view.setUint32(4, 36 + dataLength, true);
  id(8, 'WAVE');
  id(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * blockAlign, true);
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, 16, true);
  id(36, 'data');
  view.setUint32(40, dataSizeOverride ?? dataLength, true);
  for (let i = 0; i < pcm.length; i++) {
    for (let c = 0; c < channels; c++) view.setInt16(44 + i * blockAlign + c * 2, pcm[i]!, true);
  }
  return out;
}

/**
 * Real encoders' output, made with LAME 3.100 from espeak-ng's "Hello there." (20,467 samples at
 * 22,050 Hz): `lame -m m -b 64`, `lame -m m -V 5` and `lame -b 128 -m j --resample 44.1`.
 */
export const LAME_FIXTURES = {
  cbr: { file: 'lame-3.100-cbr-64k-22khz-mono.mp3', inputSamples: 20_467, frameSamples: 576, word: 'Info' },
  vbr: { file: 'lame-3.100-vbr-22khz-mono.mp3', inputSamples: 20_467, frameSamples: 576, word: 'Xing' },
  mpeg1: { file: 'lame-3.100-cbr-128k-44khz-joint.mp3', inputSamples: 40_934, frameSamples: 1152, word: 'Info' },
} as const;

/** The bytes of a file in test/fixtures/audio. */
export function audioFixture(file: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(`../../test/fixtures/audio/${file}`, import.meta.url)));
}

/** Encodes 16-bit mono PCM as the emulator does: lamejs, 48 kbps, with a LAME Info frame. */
export function encodeTaggedMp3(pcm: Int16Array, sampleRate = 22050): Uint8Array {
  return withLameTag(encodeMp3Pcm([pcm], sampleRate, 48), pcm.length);
}

/**
 * A real mp3 decoder (mpg123, which honours the LAME tag as a gapless player does) for the tests
 * of one file: ready before its tests, freed after them.
 */
export function useMp3Decoder() {
  let decoder: MPEGDecoder;
  beforeAll(async () => {
    decoder = new MPEGDecoder();
    await decoder.ready;
  });
  afterAll(() => decoder.free());
  const decode = async (bytes: Uint8Array) => {
    await decoder.reset();
    return decoder.decode(bytes);
  };
  return {
    decode,
    /** How long the decoded audio lasts, and at what rate. */
    async decodedSeconds(bytes: Uint8Array): Promise<{ seconds: number; sampleRate: number }> {
      const r = await decode(bytes);
      return { seconds: r.samplesDecoded / r.sampleRate, sampleRate: r.sampleRate };
    },
  };
}
