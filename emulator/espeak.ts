/**
 * Real speech synthesis with the espeak-ng binary, so the extension's player gets genuine audio
 * whose length follows the text length and speed (a silent stub would hide playback bugs).
 */
import { spawn } from 'node:child_process';
import { access, constants } from 'node:fs/promises';

/** Path of the espeak-ng binary; ESPEAK_NG overrides it for unusual installs. */
export const ESPEAK_PATH = process.env.ESPEAK_NG ?? '/usr/bin/espeak-ng';

/** espeak's own default rate (words per minute) that speed 1.0 maps to. */
const BASE_RATE = 175;
/** A synthesis that takes longer than this is treated as hung and killed. */
const TIMEOUT_MS = 60_000;

/** Mono 16-bit PCM as espeak-ng produced it. */
export interface Pcm {
  samples: Int16Array;
  sampleRate: number;
}

/** Rejects with an actionable message when espeak-ng is missing or not executable. */
export async function assertEspeakAvailable(path = ESPEAK_PATH): Promise<void> {
  try {
    await access(path, constants.X_OK);
  } catch {
    throw new Error(
      `The emulator needs espeak-ng for real speech, but ${path} was not found or is not executable. ` +
        'Install it with `sudo apt-get install espeak-ng` (or set ESPEAK_NG to its path).',
    );
  }
}

/** Options of one synthesis. */
export interface SynthOptions {
  /** espeak voice, e.g. "en-us". */
  espeakVoice: string;
  gender: 'female' | 'male';
  /** 0.5 to 2.0; maps to espeak's `-s round(175 * speed)`. */
  speed: number;
}

/** Reads a WAV byte stream's fmt sample rate and data payload, tolerating bogus chunk sizes. */
export function parseEspeakWav(wav: Buffer): Pcm {
  if (wav.length < 12 || wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('espeak-ng did not produce a RIFF/WAVE stream');
  }
  let sampleRate = 22050;
  let off = 12;
  while (off + 8 <= wav.length) {
    const id = wav.toString('ascii', off, off + 4);
    const size = wav.readUInt32LE(off + 4);
    if (id === 'fmt ') sampleRate = wav.readUInt32LE(off + 12);
    if (id === 'data') {
      // espeak writes 0x7ffff000-ish sizes when streaming to stdout: trust the real byte count.
      const start = off + 8;
      const bytes = (wav.length - start) & ~1;
      const copy = Buffer.from(wav.subarray(start, start + bytes)); // aligned copy for Int16Array
      return { samples: new Int16Array(copy.buffer, copy.byteOffset, bytes / 2), sampleRate };
    }
    off += 8 + size + (size & 1);
  }
  throw new Error('espeak-ng output has no data chunk');
}

/** Speaks `text` (given on stdin, never through a shell) and returns its PCM. */
export function synthesize(text: string, opts: SynthOptions): Promise<Pcm> {
  const variant = opts.gender === 'female' ? 'f3' : 'm3';
  const args = ['-b', '1', '--stdout', '-v', `${opts.espeakVoice}+${variant}`, '-s', String(Math.round(BASE_RATE * opts.speed))];
  return new Promise((resolve, reject) => {
    const child = spawn(ESPEAK_PATH, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code !== 0) {
        reject(new Error(`espeak-ng failed (${signal ?? code}): ${Buffer.concat(err).toString().trim()}`));
        return;
      }
      try {
        resolve(parseEspeakWav(Buffer.concat(out)));
      } catch (e) {
        reject(e);
      }
    });
    // A child that dies early makes stdin emit EPIPE; the close handler reports the real cause.
    child.stdin.on('error', () => {});
    child.stdin.end(text, 'utf8');
  });
}
