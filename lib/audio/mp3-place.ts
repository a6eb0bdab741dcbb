import { DECODER_DELAY, rewriteHeaderFrame } from './lame-tag';
import { frameBytes, parseParts, silentFrame, withHeader } from './mp3-join';

/*
 * Speech placed on a timeline, as one MP3 stream: each part's frames copied as they are, starting
 * at the whole frame nearest the moment asked for (within half a frame: 13 ms at 22 or 44 kHz),
 * with frames of digital silence between. Nothing is decoded or encoded again, so this needs no
 * codec and runs in Chrome's service worker too. Between parts there is silence, so the encoder
 * silence each part carries (its delay and padding) only lengthens a pause: the gapless splicing
 * of reading downloads (mp3-splice.ts) is for speech laid end to end.
 */

/** A part to place: an MP3 file, and where its speech should start (seconds into the timeline). */
export interface PlacedPart {
  bytes: Uint8Array;
  atSec: number;
}

export interface PlacedAudio {
  bytes: Uint8Array;
  /** Where each part's speech starts in the file as a player that honours its LAME tag plays it (seconds). */
  startsSec: number[];
  /** The file's length as such a player plays it (seconds). */
  lengthSec: number;
}

/** LAME's encoder delay: assumed for a part whose encoder did not say. */
const LAME_DELAY = 576;
/** The largest padding a LAME tag can say (12 bits). */
const MAX_PADDING = 0xfff;

/**
 * One MP3 file `lengthSec` long (longer when the last part's speech runs past it) with each part's
 * speech starting at its `atSec` to the frame, or right after the part before it when that one
 * is still speaking then (parts in order of `atSec`). Parts must share sample rate and channels.
 */
export function placeMp3(parts: readonly PlacedPart[], lengthSec: number): PlacedAudio {
  // One sample rate and channel count (parseParts says which part is not); and audio frames, all of one length.
  const infos = parseParts(parts.map((part) => part.bytes));
  infos.forEach((info, i) => {
    if (info.frames.length === 0) throw new Error(`MP3 part ${i + 1} has no audio frames.`);
  });
  const { sampleRate } = infos[0]!;
  const FS = infos[0]!.frames[0]!.samples;
  if (!infos.every((info) => info.frames.every((f) => f.samples === FS))) throw new Error('MP3 parts of different frame lengths cannot be placed in one file.');
  const templateAt = infos.findIndex((info) => info.header?.lame);
  const template = templateAt < 0 ? null : infos[templateAt]!.header!;
  // Decoded sample n (every frame, no tag honoured) is played at n - lead: a player honouring the
  // file's tag leaves out its delay and the decoder's; without a tag nothing is left out.
  const delay = template?.lame?.delay ?? 0;
  const lead = template ? delay + DECODER_DELAY : 0;
  const first = infos[0]!.frames[0]!;
  const silence = silentFrame(parts[0]!.bytes.subarray(first.offset, first.offset + 4), first.length);

  const out: Uint8Array[] = [];
  const startsSec: number[] = [];
  // Where the last speech ends, as played (samples); the frames of encoder silence closing the last part.
  let speechEnd = 0;
  let silentTail = 0;
  parts.forEach((part, i) => {
    const info = infos[i]!;
    const lame = info.header?.lame;
    // Where this part's speech comes out of its own decoded frames, and how long it is.
    let speechAt = (lame?.delay ?? LAME_DELAY) + DECODER_DELAY;
    const speechLength = info.frames.length * FS - (lame ? lame.delay + lame.padding : speechAt);
    const wanted = Math.round(Math.max(0, part.atSec) * sampleRate);
    let from = 0;
    if (Math.round((wanted + lead - speechAt) / FS) < out.length) {
      // Back to back: the whole frames of encoder silence at the join are left out (as concatMp3
      // leaves them out), the right part's only where the frame after them borrows no bytes.
      out.length -= silentTail;
      if (lame) from = Math.floor(speechAt / FS);
      while (from > 0 && info.frames[from]!.mainDataBegin !== 0) from--;
      speechAt -= from * FS;
    }
    const frame = Math.max(out.length, Math.round((wanted + lead - speechAt) / FS));
    while (out.length < frame) out.push(silence);
    startsSec.push((frame * FS + speechAt - lead) / sampleRate);
    speechEnd = frame * FS + speechAt - lead + speechLength;
    const kept = frameBytes(part.bytes, info.frames.slice(from));
    out.push(...kept);
    silentTail = lame ? Math.max(0, Math.min(Math.floor((lame.padding - DECODER_DELAY) / FS), kept.length - 1)) : 0;
  });
  // Speech running past the length asked for makes the file longer, to its end. Enough frames to
  // decode the whole length, and one silent frame after the last part's (a decoder puts out a
  // frame's overlap with the next one).
  let lengthSamples = Math.max(Math.round(Math.max(0, lengthSec) * sampleRate), speechEnd);
  const total = Math.max(Math.ceil((lengthSamples + lead) / FS), out.length + 1);
  while (out.length < total) out.push(silence);
  if (!template) return { bytes: withHeader(null, out), startsSec, lengthSec: (total * FS) / sampleRate };
  // The padding a LAME tag can say is 12 bits: past it, the file keeps a little of the last part's encoder silence.
  lengthSamples = Math.max(lengthSamples, total * FS - delay - MAX_PADDING);
  const padding = total * FS - delay - lengthSamples;
  const source = parts[templateAt]!.bytes.subarray(template.offset, template.offset + template.length);
  const header = rewriteHeaderFrame(source, template.lame!, { frames: out, delay, padding });
  // Frames of several bitrates: a VBR stream, whose seek table is the one to trust.
  header.set(new TextEncoder().encode('Xing'), template.lame!.xingOffset);
  return { bytes: withHeader(header, out), startsSec, lengthSec: lengthSamples / sampleRate };
}
