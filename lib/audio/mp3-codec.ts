import { Mp3Encoder } from '@breezystack/lamejs';
import { MPEGDecoder } from 'mpg123-decoder';

/**
 * The decoder and encoder a gapless join uses for the few frames around each join: mpg123 (as
 * WebAssembly: no AudioContext needed, the same decoder in the browser and in Node's tests) and
 * lamejs (pure JS, what the emulator encodes with). Both work on whole frames as they are, without
 * the LAME tag. Loaded only where a download is joined (see joinedFileUrl): never in Chrome's worker.
 */
export interface Mp3Codec {
  /** Decodes MPEG audio frames (no header frame) to one Float32Array per channel, every sample of every frame. */
  decode(frames: Uint8Array): Promise<Float32Array[]>;
  /** Frees the decoder. */
  free(): void;
}

const READY_TIMEOUT_MS = 10_000;

/** A ready mpg123 decoder that ignores any LAME tag (it is given bare frames, never a header frame). */
export async function openMp3Codec(): Promise<Mp3Codec> {
  const decoder = new MPEGDecoder({ enableGapless: false });
  // Where WebAssembly is refused (a CSP without 'wasm-unsafe-eval') the decoder never gets ready:
  // give up, so the caller can join without it.
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    decoder.ready,
    new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('the mp3 decoder did not start')), READY_TIMEOUT_MS))),
  ]).finally(() => clearTimeout(timer));
  let used = false;
  return {
    async decode(frames) {
      // Each span is decoded from a fresh state: what came before must not ring into it.
      if (used) await decoder.reset();
      used = true;
      const out = decoder.decode(frames);
      if (out.errors.length > 0) throw new Error(`mp3 decoding failed: ${out.errors[0]!.message}`);
      return out.channelData.map((c) => c.slice(0, out.samplesDecoded));
    },
    free: () => decoder.free(),
  };
}

/** Encodes float samples (one array per channel, equal lengths) as CBR MPEG Layer III with lamejs. */
export function encodeMp3(channels: readonly Float32Array[], sampleRate: number, kbps: number): Uint8Array {
  return encodeMp3Pcm(channels.map(toInt16), sampleRate, kbps);
}

/**
 * Encodes 16-bit samples (one array per channel, one or two, equal lengths) as CBR MPEG Layer III
 * with lamejs, without a LAME tag: the one encode loop (the tests' mp3 files are made with it too).
 */
export function encodeMp3Pcm(pcm: readonly Int16Array[], sampleRate: number, kbps: number): Uint8Array {
  const encoder = new Mp3Encoder(pcm.length, sampleRate, kbps);
  const out: Uint8Array[] = [];
  const block = 1152;
  for (let i = 0; i < pcm[0]!.length; i += block) {
    const parts = pcm.map((c) => c.subarray(i, i + block));
    out.push(new Uint8Array(parts.length === 2 ? encoder.encodeBuffer(parts[0]!, parts[1]!) : encoder.encodeBuffer(parts[0]!)));
  }
  out.push(new Uint8Array(encoder.flush()));
  const bytes = new Uint8Array(out.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of out) {
    bytes.set(b, at);
    at += b.length;
  }
  return bytes;
}

function toInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = Math.max(-32768, Math.min(32767, Math.round(samples[i]! * 32768)));
  return out;
}
