/**
 * Packs espeak's PCM into the two formats of the contract: a WAV with a correct RIFF header
 * and an MP3 encoded by LAME: Debian's `lame` where the machine has it (scripts/setup.sh installs
 * it), else lamejs, its JavaScript port, so that nothing native is needed. The two write the same
 * kind of stream (MPEG-2 Layer III, 48 kbps mono, LAME's 576-sample delay); the native one takes
 * about a fifth of the CPU, which the test suite's browsers need (a 5,000-character chunk: 1.3 s
 * against 6–13 s on this 2-core machine).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Mp3Encoder } from '@breezystack/lamejs';
import type { Pcm } from './espeak.ts';
import { withLameTag } from './lame-tag.ts';

/** LAME's command, unless VOXLATE_NATIVE_LAME=off asks for lamejs. */
const LAME_PATH = process.env.LAME ?? '/usr/bin/lame';

/** Which encoder writes the mp3 on this machine: part of the audio cache's key (their bytes differ). */
export const MP3_ENCODER: 'lame' | 'lamejs' = process.env.VOXLATE_NATIVE_LAME !== 'off' && existsSync(LAME_PATH) ? 'lame' : 'lamejs';

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
export async function encodeMp3(pcm: Pcm, { lameTag = true, encoder = MP3_ENCODER } = {}): Promise<Buffer> {
  const stream = encoder === 'lame' ? await encodeWithLame(pcm) : await encodeWithLamejs(pcm);
  if (!lameTag) return stream;
  const tagged = withLameTag(stream, pcm.samples.length);
  return Buffer.from(tagged.buffer, tagged.byteOffset, tagged.byteLength);
}

async function encodeWithLamejs(pcm: Pcm): Promise<Buffer> {
  const encoder = new Mp3Encoder(1, pcm.sampleRate, MP3_KBPS);
  const parts: Uint8Array[] = [];
  for (let i = 0; i < pcm.samples.length; i += CHUNK) {
    parts.push(encoder.encodeBuffer(pcm.samples.subarray(i, i + CHUNK)));
    await new Promise<void>((r) => setImmediate(r));
  }
  parts.push(encoder.flush());
  return Buffer.concat(parts.map((p) => Buffer.from(p.buffer, p.byteOffset, p.byteLength)));
}

/**
 * The same encoding by LAME's own program, raw 16-bit PCM in and the bare stream out: no tag of
 * its own (-t; withLameTag writes it, as for lamejs), CBR at lamejs's rate, no resampling.
 */
function encodeWithLame(pcm: Pcm): Promise<Buffer> {
  const args = ['--quiet', '-r', '-s', String(pcm.sampleRate / 1000), '--bitwidth', '16', '--signed', '--little-endian', '-m', 'm', '--cbr', '-b', String(MP3_KBPS), '--resample', String(pcm.sampleRate / 1000), '--nores', '-t', '-', '-'];
  return new Promise((resolve, reject) => {
    const lame = spawn(LAME_PATH, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    lame.stdout.on('data', (b: Buffer) => out.push(b));
    lame.stderr.on('data', (b: Buffer) => err.push(b));
    lame.on('error', reject);
    lame.on('close', (code) => (code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`lame failed (${code}): ${Buffer.concat(err).toString().trim()}`))));
    lame.stdin.on('error', () => undefined);
    lame.stdin.end(Buffer.from(pcm.samples.buffer, pcm.samples.byteOffset, pcm.samples.length * 2));
  });
}
