import { joinMp3Gapless } from './mp3-splice';
import { concatWav } from './wav';

/** Join audio parts of one format into a single playable file (e.g. for download); mp3 joins are gapless. */
export function joinAudio(parts: readonly Uint8Array[], format: 'mp3' | 'wav'): Promise<Uint8Array> {
  return format === 'mp3' ? joinMp3Gapless(parts) : Promise.resolve(concatWav(parts));
}
