import { mp3Trim } from './gapless';
import { DECODER_DELAY } from './lame-tag';
import { parseMp3 } from './mp3';
import { isWav, parseWav } from './wav';

/*
 * Speech as samples, for the few parts of a captions' spoken track that must be sped up or cut to
 * fit their slot: how long a file's speech lasts without decoding it, where its voice ends, and
 * WAV read and written directly (an mp3 goes through the join worker's codec: mp3-refit.ts).
 */

/** Quieter than this (linear amplitude) is silence: what a voice leaves after its last word (as Listen counts it). */
const SILENT = 0.002;

/** Decoded speech: one array per channel, equal lengths, at `sampleRate`. */
export interface SpeechSamples {
  channels: Float32Array[];
  sampleRate: number;
}

/**
 * How long a file's speech lasts as a player plays it (an mp3's encoder delay and padding left out
 * when its LAME tag says them), from its headers alone: an upper bound on where its voice ends.
 */
export function speechFileSeconds(bytes: Uint8Array): number {
  if (isWav(bytes)) return parseWav(bytes).durationSec;
  const trim = mp3Trim(bytes);
  return trim ? trim.keptSamples / trim.sampleRate : parseMp3(bytes).durationSec;
}

/**
 * Where the voice in `speech` ends (seconds), its trailing silence left out: Listen's measure of a
 * caption's speech (spokenEnd in content/captions-listen.ts, on the decoded buffer), so a part is
 * fitted to its slot by the same plan.
 */
export function audibleEndSec({ channels, sampleRate }: SpeechSamples): number {
  let last = 0;
  for (const samples of channels) {
    for (let i = samples.length - 1; i > last; i--) {
      if (Math.abs(samples[i]!) > SILENT) {
        last = i;
        break;
      }
    }
  }
  const length = (channels[0]?.length ?? 0) / sampleRate;
  return last > 0 ? Math.min(length, (last + 1) / sampleRate) : length;
}

/** LAME's (and lamejs's) encoder delay: the samples of silence opening each part's frames. */
const ENCODER_DELAY = 576;

/**
 * How long before the next caption's start a part's speech must end for the next one to be placed
 * at its own start rather than after this one's frames: mp3 frames run past the speech by the
 * encoder's padding (less the decoder's delay), the next part's open with its delays, and each is
 * placed to the nearest frame (within half of one). Copied or encoded again (lamejs pads up to
 * a frame past its delay), within about 0.1 s at 22,050 Hz. WAV is placed to the sample: none.
 */
export function placementRoomSec(bytes: Uint8Array): number {
  if (isWav(bytes)) return 0;
  const info = parseMp3(bytes);
  const FS = info.frames[0]?.samples ?? 1152;
  const padding = Math.max(info.header?.lame?.padding ?? 0, ENCODER_DELAY + FS);
  return (padding - DECODER_DELAY + ENCODER_DELAY + DECODER_DELAY + FS) / info.sampleRate;
}

/** Whether a WAV can be read and written here: 16-bit PCM (what the service sends). */
export function isPcm16Wav(bytes: Uint8Array): boolean {
  const info = parseWav(bytes);
  return info.formatTag === 1 && info.bitsPerSample === 16;
}

/** A 16-bit PCM WAV's samples, per channel. */
export function wavSamples(bytes: Uint8Array): SpeechSamples {
  const { channels, sampleRate, dataOffset, dataLength, blockAlign } = parseWav(bytes);
  const frames = Math.floor(dataLength / blockAlign);
  const view = new DataView(bytes.buffer, bytes.byteOffset + dataOffset, frames * blockAlign);
  const out = Array.from({ length: channels }, () => new Float32Array(frames));
  for (let i = 0; i < frames; i++) for (let c = 0; c < channels; c++) out[c]![i] = view.getInt16((i * channels + c) * 2, true) / 32768;
  return { channels: out, sampleRate };
}

/** `speech` as a 16-bit PCM WAV. */
export function wavOfSamples({ channels, sampleRate }: SpeechSamples): Uint8Array {
  const frames = channels[0]?.length ?? 0;
  const blockAlign = channels.length * 2;
  const out = new Uint8Array(44 + frames * blockAlign);
  const view = new DataView(out.buffer);
  const ascii = (at: number, s: string) => out.set(new TextEncoder().encode(s), at);
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + frames * blockAlign, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, channels.length, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * blockAlign, true);
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, frames * blockAlign, true);
  for (let i = 0; i < frames; i++) {
    channels.forEach((samples, c) => view.setInt16(44 + i * blockAlign + c * 2, Math.max(-32768, Math.min(32767, Math.round(samples[i]! * 32768))), true));
  }
  return out;
}
