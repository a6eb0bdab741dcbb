import { readLameTag, type LameTag } from './lame-tag';
import { readSideInfo } from './mp3-side-info';

/** One MPEG audio frame inside the parsed buffer. */
export interface Mp3Frame {
  offset: number;
  length: number;
  /** PCM samples per channel this frame decodes to. */
  samples: number;
  sampleRate: number;
  channels: number;
  /**
   * Layer III: how many bytes before this frame its data starts (the bit reservoir); 0 for
   * Layers I and II. A frame can be dropped from a stream only if the next one's is 0.
   */
  mainDataBegin: number;
  /** Layer III: the frame carries no spectral data, so it decodes to silence. */
  silent: boolean;
}

/** The Xing/Info header frame opening the stream, and its LAME tag when it has one. */
export interface Mp3Header {
  offset: number;
  length: number;
  lame: LameTag | null;
}

export interface Mp3Info {
  /** Audio frames in order; the Xing/Info/VBRI header frame is not included. */
  frames: Mp3Frame[];
  sampleRate: number;
  channels: number;
  durationSec: number;
  /** Bytes of an incomplete final frame or tag: the data was cut off (a sign of a broken transfer). */
  truncatedBytes: number;
  /** Bytes passed over between or after frames: junk, padding and mid-stream ID3v2 tags. */
  skippedBytes: number;
  /** Whether the first frame was a Xing/Info/VBRI header (silent metadata, not audio). */
  infoFrame: boolean;
  /** That header frame, when it is a Xing/Info one. */
  header: Mp3Header | null;
}

interface FrameHeader {
  length: number;
  samples: number;
  sampleRate: number;
  channels: number;
  /** 1 for MPEG-1, 2 for MPEG-2 and MPEG-2.5 (they share tables). */
  versionClass: 1 | 2;
  layer: 1 | 2 | 3;
  /** Whether a 16-bit CRC follows the header. */
  crc: boolean;
}

// kbps, indexed [versionClass-1][layer-1][bitrateIndex]; index 0 ("free format") is unsupported.
const BITRATES: number[][][] = [
  [
    [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  [
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ],
];

// Indexed by the 2-bit version id: 0 = MPEG-2.5, 1 = reserved, 2 = MPEG-2, 3 = MPEG-1.
const SAMPLE_RATES: (number[] | null)[] = [[11025, 12000, 8000], null, [22050, 24000, 16000], [44100, 48000, 32000]];

/** Decode the 4-byte frame header at `offset`, or null if it is not a valid one. */
function readHeader(bytes: Uint8Array, offset: number): FrameHeader | null {
  if (offset + 4 > bytes.length) return null;
  const b1 = bytes[offset + 1]!;
  const b2 = bytes[offset + 2]!;
  const b3 = bytes[offset + 3]!;
  if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const versionId = (b1 >> 3) & 3;
  const layerBits = (b1 >> 1) & 3;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  const rates = SAMPLE_RATES[versionId];
  if (!rates || layerBits === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  if ((b3 & 3) === 2) return null; // reserved emphasis: a false sync in practice
  const layer = (4 - layerBits) as 1 | 2 | 3;
  const versionClass = versionId === 3 ? 1 : 2;
  const bitrate = BITRATES[versionClass - 1]![layer - 1]![bitrateIndex]! * 1000;
  const sampleRate = rates[rateIndex]!;
  const padding = (b2 >> 1) & 1;
  const channels = b3 >> 6 === 3 ? 1 : 2;
  let samples: number;
  let length: number;
  if (layer === 1) {
    samples = 384;
    length = (Math.floor((12 * bitrate) / sampleRate) + padding) * 4;
  } else {
    samples = layer === 3 && versionClass === 2 ? 576 : 1152;
    length = Math.floor(((samples / 8) * bitrate) / sampleRate) + padding;
  }
  return { length, samples, sampleRate, channels, versionClass, layer, crc: (b1 & 1) === 0 };
}

/** Bytes of Layer III side information after the header (and its CRC). */
function sideInfoLength(header: FrameHeader): number {
  return header.versionClass === 1 ? (header.channels === 1 ? 17 : 32) : header.channels === 1 ? 9 : 17;
}


function ascii(bytes: Uint8Array, offset: number, length: number): string {
  let s = '';
  for (let i = offset; i < offset + length && i < bytes.length; i++) s += String.fromCharCode(bytes[i]!);
  return s;
}

/** Whether a plausible ID3v2 tag header starts at `offset` (version 2-4, syncsafe size bytes). */
function isId3v2At(bytes: Uint8Array, offset: number): boolean {
  if (offset + 10 > bytes.length || ascii(bytes, offset, 3) !== 'ID3') return false;
  const version = bytes[offset + 3]!;
  return version >= 2 && version <= 4 && bytes[offset + 4] !== 0xff && [6, 7, 8, 9].every((i) => bytes[offset + i]! < 0x80);
}

/** Where the ID3v2 tag at `offset` ends (possibly past the data, when it was cut off). */
function id3v2End(bytes: Uint8Array, offset: number): number {
  // Tag size is "syncsafe": 7 bits per byte.
  const size = ((bytes[offset + 6]! & 0x7f) << 21) | ((bytes[offset + 7]! & 0x7f) << 14) |
    ((bytes[offset + 8]! & 0x7f) << 7) | (bytes[offset + 9]! & 0x7f);
  const footer = bytes[offset + 5]! & 0x10 ? 10 : 0;
  return offset + 10 + size + footer;
}

/** Skip any ID3v2 tags at `offset` (some files carry more than one). */
function skipId3v2(bytes: Uint8Array, offset: number): number {
  while (offset + 10 <= bytes.length && ascii(bytes, offset, 3) === 'ID3') offset = id3v2End(bytes, offset);
  return Math.min(offset, bytes.length);
}

/** End of the audio data once trailing ID3v1 and APEv2 tags are excluded. */
function audioEnd(bytes: Uint8Array): number {
  let end = bytes.length;
  if (end >= 128 && ascii(bytes, end - 128, 3) === 'TAG') end -= 128;
  if (end >= 32 && ascii(bytes, end - 32, 8) === 'APETAGEX') {
    const view = new DataView(bytes.buffer, bytes.byteOffset + end - 32, 32);
    const size = view.getUint32(12, true);
    const hasHeader = (view.getUint32(20, true) & 0x80000000) !== 0;
    const total = size + (hasHeader ? 32 : 0);
    if (total <= end) end -= total;
  }
  return end;
}

/** Whether the frame at `offset` is a Xing/Info (LAME) or VBRI header rather than audio. */
function isInfoFrame(bytes: Uint8Array, offset: number, header: FrameHeader): boolean {
  if (header.layer !== 3) return false;
  const tag = ascii(bytes, offset + 4 + sideInfoLength(header), 4);
  return tag === 'Xing' || tag === 'Info' || ascii(bytes, offset + 36, 4) === 'VBRI';
}

/**
 * Find the first real frame at or after `from`. A header right at `from` is trusted;
 * elsewhere a sync must be confirmed by a following header (or the end of data),
 * because 0xFFE… appears by chance inside junk and cover art.
 */
function findFirstFrame(bytes: Uint8Array, from: number, end: number): number {
  if (readHeader(bytes, from)) return from;
  for (let i = from + 1; i + 4 <= end; i++) {
    const header = readHeader(bytes, i);
    if (!header) continue;
    const next = i + header.length;
    if (next === end) return i;
    const following = readHeader(bytes, next);
    if (following && following.sampleRate === header.sampleRate && following.layer === header.layer) return i;
  }
  return -1;
}

/** Whether a header continues the stream that `first` started (a decoder cannot switch mid-stream). */
function sameStream(header: FrameHeader, first: FrameHeader): boolean {
  return header.sampleRate === first.sampleRate && header.layer === first.layer && header.channels === first.channels;
}

/** Whether the few bytes left at `offset` are the start of a frame header that was cut off. */
function isCutHeader(bytes: Uint8Array, offset: number, end: number): boolean {
  return end - offset < 4 && bytes[offset] === 0xff && (end - offset < 2 || (bytes[offset + 1]! & 0xe0) === 0xe0);
}

type Resync = { kind: 'frame' | 'tag' | 'cut'; at: number } | { kind: 'none' };

/**
 * After junk: the next place the stream goes on. A frame of the same stream counts only when the
 * next header (or the end of data) follows it, since 0xFFE… appears by chance in junk; one that
 * runs past the end is the last frame, cut off. An ID3v2 tag (a second file's) counts as is.
 */
function resync(bytes: Uint8Array, from: number, end: number, first: FrameHeader): Resync {
  for (let i = from; i < end; i++) {
    if (isId3v2At(bytes, i)) return { kind: 'tag', at: i };
    const header = readHeader(bytes, i);
    if (!header || !sameStream(header, first)) continue;
    const next = i + header.length;
    if (next > end) return { kind: 'cut', at: i };
    const following = next === end ? null : readHeader(bytes, next);
    if (next === end || (following && sameStream(following, first)) || isId3v2At(bytes, next)) return { kind: 'frame', at: i };
  }
  return { kind: 'none' };
}

/**
 * Parse MPEG audio (MPEG-1/2/2.5, Layer III and also I/II) into frames, skipping ID3v2 at the
 * start, ID3v1/APEv2 at the end, and, between or after frames, junk, padding and further ID3v2
 * tags (a second file's, or a stream's), so that playable audio is not refused for what surrounds
 * it. Only data that ends inside a frame or tag counts as cut off. Throws if no frame sync is found.
 */
export function parseMp3(bytes: Uint8Array): Mp3Info {
  const end = audioEnd(bytes);
  const start = findFirstFrame(bytes, skipId3v2(bytes, 0), end);
  if (start < 0) throw new Error('Not MP3 audio: no MPEG frame sync found.');
  const first = readHeader(bytes, start)!;

  const frames: Mp3Frame[] = [];
  let infoFrame = false;
  let headerFrame: Mp3Header | null = null;
  let skippedBytes = 0;
  let truncatedBytes = 0;
  // A Xing/Info frame may open each file of a concatenation, not only the first.
  let fileStart = true;
  let offset = start;
  while (offset < end) {
    const header = readHeader(bytes, offset);
    if (header && sameStream(header, first)) {
      if (offset + header.length > end) {
        truncatedBytes = end - offset;
        break;
      }
      if (fileStart && isInfoFrame(bytes, offset, header)) {
        if (offset === start) {
          infoFrame = true;
          const frame = bytes.subarray(offset, offset + header.length);
          const lame = readLameTag(frame, 4 + sideInfoLength(header));
          if (ascii(frame, 4 + sideInfoLength(header), 4) !== 'VBRI') headerFrame = { offset, length: header.length, lame };
        }
      } else {
        const { length, samples, sampleRate, channels } = header;
        const side = header.layer === 3 ? readSideInfo(bytes, offset, header) : { mainDataBegin: 0, silent: false };
        frames.push({ offset, length, samples, sampleRate, channels, ...side });
      }
      fileStart = false;
      offset += header.length;
      continue;
    }
    if (isCutHeader(bytes, offset, end)) {
      truncatedBytes = end - offset;
      break;
    }
    const found = isId3v2At(bytes, offset) ? { kind: 'tag' as const, at: offset } : resync(bytes, offset + 1, end, first);
    if (found.kind === 'none') {
      skippedBytes += end - offset;
      break;
    }
    skippedBytes += found.at - offset;
    if (found.kind === 'cut') {
      truncatedBytes = end - found.at;
      break;
    }
    offset = found.at;
    if (found.kind === 'tag') {
      const tagEnd = id3v2End(bytes, offset);
      if (tagEnd > end) {
        truncatedBytes = end - offset;
        break;
      }
      skippedBytes += tagEnd - offset;
      offset = tagEnd;
    }
    fileStart = true;
  }

  const totalSamples = frames.reduce((sum, f) => sum + f.samples, 0);
  return {
    frames,
    sampleRate: first.sampleRate,
    channels: first.channels,
    durationSec: totalSamples / first.sampleRate,
    truncatedBytes,
    skippedBytes,
    infoFrame,
    header: headerFrame,
  };
}
