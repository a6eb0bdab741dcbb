import { stretchChannels } from '../audio/stretch';

/** Time-stretches part of a decoded buffer: how a player plays audio at a speed other than it was fetched at. */
export type StretchBuffer = (buffer: AudioBuffer, fromSec: number, toSec: number, rate: number) => AudioBuffer;

/**
 * The audio of `buffer` from `fromSec` to `toSec`, played `rate` times faster (slower below 1)
 * at the same pitch, as a new buffer of the same sample rate and channels.
 */
export const stretchBuffer: StretchBuffer = (buffer, fromSec, toSec, rate) => {
  const from = Math.max(0, Math.round(fromSec * buffer.sampleRate));
  const to = Math.min(buffer.length, Math.round(toSec * buffer.sampleRate));
  const channels = Array.from({ length: buffer.numberOfChannels }, (_, ch) => buffer.getChannelData(ch).subarray(from, Math.max(from, to)));
  const stretched = stretchChannels(channels, rate, buffer.sampleRate);
  const out = new AudioBuffer({ length: Math.max(1, stretched[0]!.length), numberOfChannels: buffer.numberOfChannels, sampleRate: buffer.sampleRate });
  stretched.forEach((data, ch) => out.copyToChannel(data, ch));
  return out;
};
