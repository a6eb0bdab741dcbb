import { DECODER_DELAY, rewriteHeaderFrame } from './lame-tag';
import { parseMp3, type Mp3Frame, type Mp3Info } from './mp3';

/** Frames [from, to) of a part that go into the join. */
interface Kept {
  from: number;
  to: number;
}

/**
 * Join MP3 streams frame by frame: each part's tags, Xing/Info header frame and incomplete last
 * frame are dropped, so players see one clean stream whose length they can compute. Parts must
 * share sample rate and channel count.
 *
 * When the parts carry LAME tags, the join is made as gapless as whole frames allow. It opens with
 * one header frame (the first part's, rewritten) whose delay is the first part's and padding the
 * last part's, so decoders that honour it cut the silence at both ends exactly. Between two parts
 * the encoder silence (the left one's padding, the right one's delay) can only be cut by whole
 * frames (576 samples at 22 kHz), and only where no speech goes with them: see trimJoin for which.
 * Cutting to the sample would take decoding and encoding again.
 */
export function concatMp3(parts: readonly Uint8Array[]): Uint8Array {
  const infos = parseParts(parts);
  const kept: Kept[] = infos.map((info) => ({ from: 0, to: info.frames.length }));
  for (let i = 0; i + 1 < infos.length; i++) trimJoin(infos[i]!, kept[i]!, infos[i + 1]!, kept[i + 1]!);
  const frames = infos.flatMap((info, i) => frameBytes(parts[i]!, info.frames.slice(kept[i]!.from, kept[i]!.to)));
  return withHeader(joinedHeader(parts, infos, frames), frames);
}

/** Parses the parts of a join; throws unless they are MP3 of one sample rate and channel count. */
export function parseParts(parts: readonly Uint8Array[]): Mp3Info[] {
  if (parts.length === 0) throw new Error('No MP3 parts to join.');
  const infos = parts.map((part, i) => {
    try {
      return parseMp3(part);
    } catch (error) {
      throw new Error(`MP3 part ${i + 1} is not valid MP3 audio.`, { cause: error });
    }
  });
  const { sampleRate, channels } = infos[0]!;
  infos.forEach((info, i) => {
    if (info.sampleRate !== sampleRate || info.channels !== channels) {
      throw new Error(
        `MP3 part ${i + 1} is ${info.sampleRate} Hz with ${info.channels} channel(s), ` +
          `but part 1 is ${sampleRate} Hz with ${channels} channel(s).`,
      );
    }
  });
  return infos;
}

/** The bytes of `frames` (of the file `bytes`), as they are. */
export function frameBytes(bytes: Uint8Array, frames: readonly Mp3Frame[]): Uint8Array[] {
  return frames.map((f) => bytes.subarray(f.offset, f.offset + f.length));
}

/**
 * A frame with `header` (4 bytes) and no data: it decodes to silence (after the previous frame's
 * overlap). Its side information is all zero: no bytes borrowed from the reservoir, no spectrum.
 */
export function silentFrame(header: Uint8Array, length: number): Uint8Array {
  const frame = new Uint8Array(length);
  frame.set(header);
  frame[1] = header[1]! | 1; // no CRC
  return frame;
}

/** The header frame (if any) and the frames, as one file. */
export function withHeader(header: Uint8Array | null, frames: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(frames.reduce((n, f) => n + f.length, header?.length ?? 0));
  let position = 0;
  for (const bytes of header ? [header, ...frames] : frames) {
    out.set(bytes, position);
    position += bytes.length;
  }
  return out;
}

/** Silent frames kept before a cut into silence: their zero output lets the decoder's overlap and filter bank settle. */
const SETTLE_FRAMES = 2;

/**
 * Leaves out frames at the join of `left` and `right`, never one whose successor borrows bytes from
 * the bit reservoir of the frames before it (main_data_begin > 0: it would read the other part's
 * bytes and decode to noise). Without both parts' tags nothing is known about the encoder silence,
 * and nothing is cut.
 *
 * 1. Frames whose whole output is encoder silence: the right part's first ones (its delay and the
 *    decoder's) and the left part's last ones (its padding less the decoder's delay, by which the
 *    output lags). With LAME's 576 samples of delay that is the right part's first frame, and the
 *    left's last one when its padding is 1,105 samples or more; 529 to 1,104 samples remain.
 * 2. When the speech's own pause there is digital silence (frames without spectral data, as a male
 *    espeak voice or a silent pause in a real recording gives), as many more as bring the encoder
 *    silence to within half a frame, taken from that silence after two silent frames that let the
 *    decoder settle. Speech whose pauses carry breath noise keeps what step 1 leaves.
 */
function trimJoin(left: Mp3Info, leftKept: Kept, right: Mp3Info, rightKept: Kept): void {
  const padding = left.header?.lame?.padding;
  const delay = right.header?.lame?.delay;
  const frameSamples = right.frames[0]?.samples;
  if (padding === undefined || delay === undefined || !frameSamples) return;
  const wholeFrames = (samples: number, available: number) => Math.max(0, Math.min(Math.floor(samples / frameSamples), available - 1));
  let head = wholeFrames(delay + DECODER_DELAY, right.frames.length);
  while (head > 0 && right.frames[head]!.mainDataBegin !== 0) head--;
  if (right.frames[head]!.mainDataBegin !== 0) return;
  const tail = wholeFrames(padding - DECODER_DELAY, leftKept.to - leftKept.from);
  rightKept.from = head;
  leftKept.to -= tail;

  let wanted = Math.round((padding + delay) / frameSamples) - head - tail;
  let silentTail = 0;
  while (silentTail < leftKept.to - leftKept.from && left.frames[leftKept.to - 1 - silentTail]!.silent) silentTail++;
  if (wanted <= 0 || silentTail < SETTLE_FRAMES) return;
  const fromLeft = Math.min(wanted, silentTail - SETTLE_FRAMES);
  leftKept.to -= fromLeft;
  wanted -= fromLeft;
  let more = 0;
  while (more < wanted && head + more + 1 < right.frames.length && right.frames[head + more]!.silent) more++;
  while (more > 0 && right.frames[head + more]!.mainDataBegin !== 0) more--;
  rightKept.from = head + more;
}

/** The first part's header frame, rewritten for the join, when the first and last parts have LAME tags. */
function joinedHeader(parts: readonly Uint8Array[], infos: readonly Mp3Info[], frames: readonly Uint8Array[]): Uint8Array | null {
  const first = infos[0]!.header;
  const last = infos.at(-1)!.header?.lame;
  if (!first?.lame || !last) return null;
  const frame = parts[0]!.subarray(first.offset, first.offset + first.length);
  return rewriteHeaderFrame(frame, first.lame, { frames, delay: first.lame.delay, padding: last.padding });
}
