/**
 * Packs espeak's PCM into the two formats of the contract: a WAV with a correct RIFF header
 * and an MP3 encoded with lamejs (pure JS, so no native encoder is needed in CI).
 */
import { Mp3Encoder } from '@breezystack/lamejs';
import type { Pcm } from './espeak.ts';
import { withLameTag } from './lame-tag.ts';

/** 48 kbps mono is plenty for speech and keeps long texts small. */
const MP3_KBPS = 48;
/** Samples per encodeBuffer call: a multiple of the 1152-sample MP3 frame. */
const CHUNK = 1152 * 64;

/** A 16-bit mono WAV whose RIFF and data sizes match the payload exactly. */
export function encodeWav(pcm: Pcm): Buffer {
  const dataBytes = pcm.samples.length * 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // PCM fmt chunk size
  header.writeUInt16LE(1, 20); // format: PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(pcm.sampleRate, 24);
  header.writeUInt32LE(pcm.sampleRate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  const data = Buffer.from(pcm.samples.buffer, pcm.samples.byteOffset, dataBytes);
  return Buffer.concat([header, data]);
}

/**
 * Encodes to MP3 with a LAME "Info" header frame (encoder delay and padding, as real encoders
 * write it; see lame-tag.ts), yielding to the event loop between chunks: a 5000-character text is about
 * five minutes of audio and takes seconds to encode, during which other requests (and the
 * concurrency limiter's bookkeeping) must keep being served.
 */
export async function encodeMp3(pcm: Pcm, { lameTag = true } = {}): Promise<Buffer> {
  const encoder = new Mp3Encoder(1, pcm.sampleRate, MP3_KBPS);
  const parts: Uint8Array[] = [];
  for (let i = 0; i < pcm.samples.length; i += CHUNK) {
    parts.push(encoder.encodeBuffer(pcm.samples.subarray(i, i + CHUNK)));
    await new Promise<void>((r) => setImmediate(r));
  }
  parts.push(encoder.flush());
  const stream = Buffer.concat(parts.map((p) => Buffer.from(p.buffer, p.byteOffset, p.byteLength)));
  if (!lameTag) return stream;
  const tagged = withLameTag(stream, pcm.samples.length);
  return Buffer.from(tagged.buffer, tagged.byteOffset, tagged.byteLength);
}
