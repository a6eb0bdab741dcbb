import { rewriteHeaderFrame } from './lame-tag';
import { parseMp3, type Mp3Info } from './mp3';

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
 * last part's, so decoders that honour it cut the silence at both ends exactly. Between two parts,
 * the encoder silence (the left one's padding and the right one's delay) cannot be cut to the
 * sample, only by whole frames (576 samples at 22 kHz): as many silent frames as it adds up to are
 * left out of the silence around the join, which the speech's own pause there makes long, so the
 * pause heard is the voice's own to within half a frame. See trimJoin for when a frame may go.
 */
export function concatMp3(parts: readonly Uint8Array[]): Uint8Array {
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

  const kept: Kept[] = infos.map((info) => ({ from: 0, to: info.frames.length }));
  for (let i = 0; i + 1 < infos.length; i++) trimJoin(infos[i]!, kept[i]!, infos[i + 1]!, kept[i + 1]!);
  const frames = infos.flatMap((info, i) =>
    info.frames.slice(kept[i]!.from, kept[i]!.to).map((f) => parts[i]!.subarray(f.offset, f.offset + f.length)),
  );
  const header = joinedHeader(parts, infos, frames);

  const out = new Uint8Array(frames.reduce((n, f) => n + f.length, header?.length ?? 0));
  let position = 0;
  for (const bytes of header ? [header, ...frames] : frames) {
    out.set(bytes, position);
    position += bytes.length;
  }
  return out;
}

/** Silent frames kept before the cut: their zero output lets the decoder's overlap and filter bank settle. */
const SETTLE_FRAMES = 2;

/**
 * Leaves out, at the join of `left` and `right`, about as many frames as the encoder silence there
 * (left padding + right delay) adds up to, taken from the run of silent frames around the join:
 * first from the left part's end, then from the right part's start. A dropped frame must be silent
 * (no spectral data, so nothing of the speech goes with it) and follow silent frames (so the
 * overlap it would have received was zero), and the frame after a cut must start its data in
 * itself (main_data_begin 0): one that borrows bytes from the bit reservoir of the frames before
 * it would read the wrong part's bytes and decode to noise. Without both tags nothing is known
 * about the encoder silence, and nothing is cut.
 */
function trimJoin(left: Mp3Info, leftKept: Kept, right: Mp3Info, rightKept: Kept): void {
  const padding = left.header?.lame?.padding;
  const delay = right.header?.lame?.delay;
  const frameSamples = right.frames[0]?.samples;
  if (padding === undefined || delay === undefined || !frameSamples) return;
  let wanted = Math.round((padding + delay) / frameSamples);
  let silentTail = 0;
  while (silentTail < leftKept.to - leftKept.from && left.frames[leftKept.to - 1 - silentTail]!.silent) silentTail++;
  if (silentTail < SETTLE_FRAMES) return;
  const fromLeft = Math.min(wanted, silentTail - SETTLE_FRAMES);
  leftKept.to -= fromLeft;
  wanted -= fromLeft;
  let fromRight = 0;
  while (fromRight < wanted && fromRight + 1 < right.frames.length && right.frames[fromRight]!.silent) fromRight++;
  while (fromRight > 0 && right.frames[fromRight]!.mainDataBegin !== 0) fromRight--;
  rightKept.from = fromRight;
}

/** The first part's header frame, rewritten for the join, when the first and last parts have LAME tags. */
function joinedHeader(parts: readonly Uint8Array[], infos: readonly Mp3Info[], frames: readonly Uint8Array[]): Uint8Array | null {
  const first = infos[0]!.header;
  const last = infos.at(-1)!.header?.lame;
  if (!first?.lame || !last) return null;
  const frame = parts[0]!.subarray(first.offset, first.offset + first.length);
  return rewriteHeaderFrame(frame, first.lame, { frames, delay: first.lame.delay, padding: last.padding });
}
