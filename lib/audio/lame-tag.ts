/**
 * The LAME extension of a Xing/Info header frame: how many samples of encoder delay open the
 * stream and of padding close it. LAME writes it, and ffmpeg ("Lavc"/"Lavf") in the same layout.
 * Decoders add 529 samples of their own delay (the synthesis filter bank), so the input's first
 * sample comes out at `delay + 529` and the last one `padding - 529` samples before the end: the
 * rest is silence the encoder made, heard as a gap wherever two streams are played back to back.
 */

/** Samples a Layer III decoder's output lags its input (528 + 1, as LAME and ffmpeg count it). */
export const DECODER_DELAY = 529;

/** What the tag says about the stream that follows it. */
export interface LameTag {
  /** Encoder name and version as written, e.g. "LAME3.100" or "Lavc60.3". */
  encoder: string;
  /** Samples the encoder put before the input (576 for LAME), decoder delay not included. */
  delay: number;
  /** Samples after the input in the last frames, decoder delay included (as written). */
  padding: number;
  /** Audio frames after the header frame, when the Xing part says. */
  frames: number | null;
  /** Offset of the "Xing"/"Info" word in the header frame. */
  xingOffset: number;
  /** Offset of the LAME part (encoder name) in the header frame. */
  lameOffset: number;
}

/** Encoders whose tag carries delay and padding (the ones ffmpeg, and so Chrome, trusts). */
const KNOWN_ENCODERS = ['LAME', 'Lavf', 'Lavc'];
const FLAG_FRAMES = 1;
const FLAG_BYTES = 2;
const FLAG_TOC = 4;
const FLAG_SCALE = 8;
/** Bytes of the LAME part, up to and including its own CRC. */
const LAME_PART = 36;

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

const u32 = (b: Uint8Array, at: number) => ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;

/** Where each field of the Xing part is, from its flags (absent fields take no room). */
function xingLayout(frame: Uint8Array, xingOffset: number): { flags: number; frames: number; bytes: number; toc: number; end: number } {
  const flags = u32(frame, xingOffset + 4);
  let at = xingOffset + 8;
  const place = (flag: number, size: number) => {
    if (!(flags & flag)) return -1;
    at += size;
    return at - size;
  };
  const frames = place(FLAG_FRAMES, 4);
  const bytes = place(FLAG_BYTES, 4);
  const toc = place(FLAG_TOC, 100);
  place(FLAG_SCALE, 4);
  return { flags, frames, bytes, toc, end: at };
}

/**
 * Reads the LAME tag of the header frame `frame` (the whole frame, from its sync word) whose
 * Xing/Info word is at `xingOffset`; null when there is none or its encoder is not one whose
 * delay and padding mean what they say.
 */
export function readLameTag(frame: Uint8Array, xingOffset: number): LameTag | null {
  const word = ascii(frame, xingOffset, 4);
  if (word !== 'Xing' && word !== 'Info') return null;
  const layout = xingLayout(frame, xingOffset);
  const lameOffset = layout.end;
  if (lameOffset + LAME_PART > frame.length) return null;
  const encoder = ascii(frame, lameOffset, 9).replace(/[\0 ]+$/, '');
  if (!KNOWN_ENCODERS.some((name) => encoder.startsWith(name))) return null;
  const d = lameOffset + 21;
  return {
    encoder,
    delay: (frame[d]! << 4) | (frame[d + 1]! >> 4),
    padding: ((frame[d + 1]! & 0x0f) << 8) | frame[d + 2]!,
    frames: layout.frames >= 0 ? u32(frame, layout.frames) : null,
    xingOffset,
    lameOffset,
  };
}

/** CRC-16 as LAME computes it for its tag and for the music (polynomial 0x8005, reflected). */
export function crc16(bytes: Uint8Array, crc = 0): number {
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

/** What a joined stream's header frame must say about it. */
export interface JoinedStream {
  /** Audio frames' bytes, in order, as they follow the header frame. */
  frames: readonly Uint8Array[];
  delay: number;
  padding: number;
}

/**
 * A copy of header frame `frame` (with tag `tag`) describing `stream` instead: frame and byte
 * counts, a seek table of byte positions, delay and padding, music length and both CRCs.
 * The encoder's name and settings are kept: they describe every part of a join alike.
 */
export function rewriteHeaderFrame(frame: Uint8Array, tag: LameTag, stream: JoinedStream): Uint8Array {
  const out = frame.slice();
  const view = new DataView(out.buffer);
  const layout = xingLayout(out, tag.xingOffset);
  const audioBytes = stream.frames.reduce((n, f) => n + f.length, 0);
  const totalBytes = out.length + audioBytes;
  if (layout.frames >= 0) view.setUint32(layout.frames, stream.frames.length);
  if (layout.bytes >= 0) view.setUint32(layout.bytes, totalBytes);
  if (layout.toc >= 0) out.set(tableOfContents(stream.frames, totalBytes, out.length), layout.toc);
  const d = tag.lameOffset + 21;
  out.set([stream.delay >> 4, ((stream.delay & 0xf) << 4) | (stream.padding >> 8), stream.padding & 0xff], d);
  view.setUint32(tag.lameOffset + 28, totalBytes);
  let musicCrc = 0;
  for (const f of stream.frames) musicCrc = crc16(f, musicCrc);
  view.setUint16(tag.lameOffset + 32, musicCrc);
  view.setUint16(tag.lameOffset + 34, crc16(out.subarray(0, tag.lameOffset + 34)));
  return out;
}

/** Per percent of the frames, the share of the file before that frame (0–255), for seeking; 0 for the start. */
function tableOfContents(frames: readonly Uint8Array[], totalBytes: number, headerBytes: number): Uint8Array {
  const starts: number[] = [];
  let at = headerBytes;
  for (const f of frames) {
    starts.push(at);
    at += f.length;
  }
  const toc = new Uint8Array(100);
  for (let i = 1; i < 100 && frames.length > 0; i++) {
    toc[i] = Math.min(255, Math.floor((256 * starts[Math.floor((i / 100) * frames.length)]!) / totalBytes));
  }
  return toc;
}
