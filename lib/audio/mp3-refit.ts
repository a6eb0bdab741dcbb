import { rewriteHeaderFrame } from './lame-tag';
import { mp3Trim } from './gapless';
import { parseMp3 } from './mp3';
import { encodeMp3, type Mp3Codec } from './mp3-codec';
import { frameBytes, withHeader } from './mp3-join';
import type { SpeechSamples } from './speech-samples';

/*
 * A caption's mp3 speech decoded and encoded again whole, for the few parts of a spoken track sped
 * up or cut to fit their slot (the rest are copied frame by frame). Runs in the join worker: the
 * only script holding the codec.
 */

/** LAME's (and so lamejs's) encoder delay, at every rate. */
const ENCODER_DELAY = 576;
/** The largest padding a LAME tag can say (12 bits). */
const MAX_PADDING = 0xfff;
/** Layer III bitrates (kbps) of MPEG-1 (1152 samples a frame), and of MPEG-2 and 2.5 (576). */
const KBPS = { 1152: [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320], 576: [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160] };

/** An mp3's speech as a player that honours its LAME tag hears it (the whole output without one). */
export async function decodeMp3Speech(bytes: Uint8Array, codec: Mp3Codec): Promise<SpeechSamples> {
  const info = parseMp3(bytes);
  const decoded = await codec.decode(withHeader(null, frameBytes(bytes, info.frames)));
  const trim = mp3Trim(bytes);
  const channels = trim ? decoded.map((c) => c.slice(trim.startSample, trim.startSample + trim.keptSamples)) : decoded;
  return { channels, sampleRate: info.sampleRate };
}

/**
 * `speech` encoded as an mp3 like `like` (its rate and channels; its bitrate or the next one up):
 * with `like`'s header frame rewritten to say this stream's delay and padding when it has a LAME
 * tag, so the speech is placed to the frame as the parts copied as they are.
 */
export function encodeMp3Like(speech: SpeechSamples, like: Uint8Array): Uint8Array {
  const info = parseMp3(like);
  const first = info.frames[0]!;
  const FS = first.samples as 576 | 1152;
  const audioBytes = info.frames.reduce((n, f) => n + f.length, 0);
  const kbps = (audioBytes * 8 * info.sampleRate) / (info.frames.length * FS) / 1000;
  const rates = KBPS[FS] ?? KBPS[576];
  const rate = rates.find((r) => r >= kbps - 0.5) ?? rates.at(-1)!;
  const channels = Array.from({ length: info.channels }, (_, c) => speech.channels[Math.min(c, speech.channels.length - 1)]!);
  const encoded = encodeMp3(channels, info.sampleRate, rate);
  const lame = info.header?.lame;
  if (!lame) return encoded;
  const frames = frameBytes(encoded, parseMp3(encoded).frames);
  const samples = channels[0]!.length;
  const padding = Math.min(MAX_PADDING, Math.max(0, frames.length * FS - ENCODER_DELAY - samples));
  const header = rewriteHeaderFrame(like.subarray(info.header!.offset, info.header!.offset + info.header!.length), lame, { frames, delay: ENCODER_DELAY, padding });
  return withHeader(header, frames);
}
