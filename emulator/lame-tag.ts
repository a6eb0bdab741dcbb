/**
 * The "Info" header frame with its LAME extension that LAME (and ffmpeg, as "Lavc") puts before
 * the audio, written here because lamejs's Mp3Encoder leaves it out. Real services' mp3 carry it,
 * and it is what tells a player how many samples of encoder delay open the stream and of padding
 * close it: without it a client cannot play chunks back to back without silence between them.
 *
 * Kept apart from the extension's own reader (lib/audio/lame-tag.ts) on purpose: the emulator
 * stands for the service, and the tests check one against the other and both against a decoder.
 */

/** LAME's encoder delay: the 576 samples its MDCT look-ahead puts before the first input sample. */
export const LAME_ENCODER_DELAY = 576;
/** What lamejs is a port of; decoders only look at the "LAME" prefix. */
const ENCODER = 'LAME3.98r';
/** MPEG-2 Layer III header frames are 64 kbps (LAME's XING_BITRATE2): a 48 kbps frame is too small for the tag. */
const HEADER_BITRATE_INDEX = 8;
/** Seek table slots LAME keeps before it halves them (VBR_seek_table.size). */
const SEEK_SLOTS = 400;

/** One audio frame of the encoder's output. */
interface Frame {
  offset: number;
  length: number;
  kbps: number;
}

const MPEG2_L3_KBPS = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const MPEG2_RATES = [22050, 24000, 16000];

/** Frames of an MPEG-2 Layer III stream as lamejs writes it (no tags, no junk). */
function framesOf(mp3: Uint8Array): Frame[] {
  const frames: Frame[] = [];
  for (let at = 0; at + 4 <= mp3.length; ) {
    const b1 = mp3[at + 1]!;
    const b2 = mp3[at + 2]!;
    if (mp3[at] !== 0xff || (b1 & 0xfe) !== 0xf2) throw new Error(`lamejs output is not MPEG-2 Layer III at byte ${at}`);
    const kbps = MPEG2_L3_KBPS[b2 >> 4]!;
    const length = Math.floor((72_000 * kbps) / MPEG2_RATES[(b2 >> 2) & 3]!) + ((b2 >> 1) & 1);
    frames.push({ offset: at, length, kbps });
    at += length;
  }
  return frames;
}

/** CRC-16 as LAME computes it for the tag and the music (polynomial 0x8005, reflected, initial 0). */
export function crc16(bytes: Uint8Array, crc = 0): number {
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

/**
 * LAME's seek table: per percent of the duration, the share of the stream before it (0–255),
 * from running sums of frame bitrates kept in at most 400 slots (halved when full).
 */
function tableOfContents(frames: readonly Frame[]): Uint8Array {
  const bag: number[] = [];
  let sum = 0;
  let seen = 0;
  let want = 1;
  for (const frame of frames) {
    sum += frame.kbps;
    if (++seen < want) continue;
    bag.push(sum);
    seen = 0;
    if (bag.length === SEEK_SLOTS) {
      for (let i = 1; i < SEEK_SLOTS; i += 2) bag[(i - 1) / 2] = bag[i]!;
      bag.length = SEEK_SLOTS / 2;
      want *= 2;
    }
  }
  const toc = new Uint8Array(100);
  for (let i = 1; i < 100 && bag.length > 0; i++) {
    const slot = Math.min(Math.floor((i / 100) * bag.length), bag.length - 1);
    toc[i] = Math.min(255, Math.floor((256 * bag[slot]!) / sum));
  }
  return toc;
}

/**
 * Puts a LAME "Info" frame before lamejs's output of `pcmSamples` samples: frame and byte counts,
 * seek table, encoder delay (576) and padding (what the last frame holds past the input), the
 * music length and CRCs. The result depends on its input only, so responses stay deterministic.
 */
export function withLameTag(mp3: Uint8Array, pcmSamples: number): Uint8Array {
  const frames = framesOf(mp3);
  const first = mp3.subarray(0, 4);
  const samplesPerFrame = 576;
  const padding = frames.length * samplesPerFrame - LAME_ENCODER_DELAY - pcmSamples;
  if (padding < 0 || padding > 0xfff) throw new Error(`lamejs output does not match its input (padding ${padding})`);
  const b2 = (HEADER_BITRATE_INDEX << 4) | (first[2]! & 0x0d); // same sample rate and private bit, no padding slot
  const frameLength = Math.floor((72_000 * MPEG2_L3_KBPS[HEADER_BITRATE_INDEX]!) / MPEG2_RATES[(b2 >> 2) & 3]!);
  const frame = new Uint8Array(frameLength);
  frame.set([0xff, first[1]! | 1, b2, first[3]!]); // no CRC
  const tag = 4 + (first[3]! >> 6 === 3 ? 9 : 17); // after the side info, left zero: the frame decodes to silence
  const view = new DataView(frame.buffer);
  const totalBytes = frameLength + mp3.length;
  frame.set(new TextEncoder().encode('Info'), tag);
  view.setUint32(tag + 4, 0x0f); // frames, bytes, TOC and quality present
  view.setUint32(tag + 8, frames.length);
  view.setUint32(tag + 12, totalBytes);
  frame.set(tableOfContents(frames), tag + 16);
  view.setUint32(tag + 116, 57); // quality as LAME writes it: 100 - 10 × VBR_q (4) - quality (3)
  const lame = tag + 120;
  frame.set(new TextEncoder().encode(ENCODER), lame);
  frame[lame + 9] = 0x01; // tag revision 0, CBR
  frame[lame + 10] = 75; // low-pass at 7.5 kHz: LAME's bandwidth for 48 kbps
  // Peak and ReplayGain (lame + 11 to + 18) stay 0: not computed.
  frame[lame + 19] = 0x14; // "nspsytune" on, ATH type 4
  frame[lame + 20] = frames[0]?.kbps ?? 0;
  frame.set([LAME_ENCODER_DELAY >> 4, ((LAME_ENCODER_DELAY & 0xf) << 4) | (padding >> 8), padding & 0xff], lame + 21);
  frame[lame + 24] = 0x21; // noise shaping 1, mono, "unwise" settings (no bit reservoir), source ≤ 32 kHz
  // MP3 gain and preset (lame + 25 to + 27) stay 0.
  view.setUint32(lame + 28, totalBytes);
  view.setUint16(lame + 32, crc16(mp3));
  view.setUint16(lame + 34, crc16(frame.subarray(0, lame + 34)));
  const out = new Uint8Array(totalBytes);
  out.set(frame);
  out.set(mp3, frameLength);
  return out;
}
