import { concatMp3 } from './mp3-join';
import { concatWav } from './wav';

/** Join audio parts of one format into a single playable file (e.g. for download). */
export function joinAudio(parts: readonly Uint8Array[], format: 'mp3' | 'wav'): Uint8Array {
  return format === 'mp3' ? concatMp3(parts) : concatWav(parts);
}
