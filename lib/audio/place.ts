import { placeMp3, type PlacedAudio, type PlacedPart } from './mp3-place';
import { concatWav, isWav, parseWav } from './wav';

export type { PlacedAudio, PlacedPart } from './mp3-place';

/*
 * Speech placed on a timeline as one file of the speech's own format (the service answers mp3 or
 * wav, as the user chose): mp3 to the frame (mp3-place.ts), wav to the sample.
 */

/** The format of a file of speech, by its first bytes. */
export function speechFormat(bytes: Uint8Array): 'mp3' | 'wav' {
  return isWav(bytes) ? 'wav' : 'mp3';
}

/**
 * One file `lengthSec` long (longer if the last speech runs past it) with each part's speech
 * starting at its `atSec`, or right after the part before it while that one still speaks. Parts
 * in order of `atSec`, all of one format, rate and channel count.
 */
export function placeSpeech(parts: readonly PlacedPart[], lengthSec: number): PlacedAudio & { format: 'mp3' | 'wav' } {
  if (parts.length === 0) throw new Error('No speech to place.');
  const format = speechFormat(parts[0]!.bytes);
  if (parts.some((part) => speechFormat(part.bytes) !== format)) throw new Error('Speech of two formats cannot be placed in one file.');
  return { ...(format === 'mp3' ? placeMp3(parts, lengthSec) : placeWav(parts, lengthSec)), format };
}

/** WAV: each part's samples copied at their place into silence (zero samples). */
function placeWav(parts: readonly PlacedPart[], lengthSec: number): PlacedAudio {
  const infos = parts.map((part) => parseWav(part.bytes));
  const first = infos[0]!;
  if (infos.some((info) => info.formatTag !== first.formatTag || info.sampleRate !== first.sampleRate || info.channels !== first.channels || info.bitsPerSample !== first.bitsPerSample)) {
    throw new Error('WAV parts of different formats cannot be placed in one file.');
  }
  const { blockAlign, sampleRate } = first;
  const startsSec: number[] = [];
  let end = 0;
  const places = parts.map((part, i) => {
    const at = Math.max(end, Math.round(Math.max(0, part.atSec) * sampleRate));
    const blocks = Math.floor(infos[i]!.dataLength / blockAlign);
    startsSec.push(at / sampleRate);
    end = at + blocks;
    return { at, blocks };
  });
  const total = Math.max(end, Math.round(lengthSec * sampleRate));
  // The first part's header up to its data, with the data's size left unknown: concatWav then
  // writes a clean header for the samples that follow.
  const head = parts[0]!.bytes.slice(0, first.dataOffset);
  new DataView(head.buffer).setUint32(first.dataOffset - 4, 0, true);
  const file = new Uint8Array(head.length + total * blockAlign);
  file.set(head);
  places.forEach(({ at, blocks }, i) => {
    const offset = infos[i]!.dataOffset;
    file.set(parts[i]!.bytes.subarray(offset, offset + blocks * blockAlign), head.length + at * blockAlign);
  });
  return { bytes: concatWav([file]), startsSec, lengthSec: total / sampleRate };
}
