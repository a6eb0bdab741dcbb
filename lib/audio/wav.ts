export interface WavInfo {
  /** 1 = PCM, 3 = IEEE float, 0xFFFE = extensible, … */
  formatTag: number;
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** Bytes per sample frame (all channels). */
  blockAlign: number;
  dataOffset: number;
  /** Data bytes actually usable: the declared size, or what is present if less or unknown. */
  dataLength: number;
  /** Data size written in the header (0, 0xFFFFFFFF or ~2^31 when a streaming writer did not know it). */
  declaredDataLength: number;
  /** Whether the declared size is a streaming placeholder rather than a real length. */
  sizeUnknown: boolean;
  durationSec: number;
  /** The raw "fmt " chunk body, so joins keep float/extensible formats intact. */
  fmtChunk: Uint8Array;
}

function fourcc(bytes: Uint8Array, offset: number): string {
  return String.fromCharCode(bytes[offset]!, bytes[offset + 1]!, bytes[offset + 2]!, bytes[offset + 3]!);
}

/** Whether a file of audio is WAV (not MP3), by its first four bytes: "RIFF". */
export function isWav(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && fourcc(bytes, 0) === 'RIFF';
}

/**
 * Parse a RIFF/WAVE header by walking its chunks. A data size of 0xFFFFFFFF, 0 or one
 * larger than the file (what streaming encoders write before they know the length) is
 * tolerated by using the bytes actually present; the declared value is still reported.
 */
export function parseWav(bytes: Uint8Array): WavInfo {
  if (bytes.length < 12 || fourcc(bytes, 0) !== 'RIFF' || fourcc(bytes, 8) !== 'WAVE') {
    throw new Error('Not WAV audio: missing RIFF/WAVE header.');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let fmt: Omit<WavInfo, 'dataOffset' | 'dataLength' | 'declaredDataLength' | 'sizeUnknown' | 'durationSec'> | null = null;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = fourcc(bytes, offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > bytes.length) throw new Error('WAV format chunk is too short.');
      const formatTag = view.getUint16(body, true);
      const channels = view.getUint16(body + 2, true);
      const sampleRate = view.getUint32(body + 4, true);
      const bitsPerSample = view.getUint16(body + 14, true);
      const blockAlign = view.getUint16(body + 12, true) || channels * Math.ceil(bitsPerSample / 8);
      if (!channels || !sampleRate || !blockAlign) throw new Error('WAV format chunk has zero channels, rate or block size.');
      fmt = {
        formatTag, sampleRate, channels, bitsPerSample, blockAlign,
        fmtChunk: bytes.slice(body, Math.min(body + size, bytes.length)),
      };
    } else if (id === 'data') {
      if (!fmt) throw new Error('WAV data chunk comes before its format chunk.');
      const present = bytes.length - body;
      // Streaming writers put 0, 0xFFFFFFFF or a value near 2^31 there; no real speech clip is that big.
      const sizeUnknown = size >= 0x7fff0000 || (size === 0 && present > 0);
      const dataLength = sizeUnknown ? present : Math.min(size, present);
      return {
        ...fmt,
        dataOffset: body,
        dataLength,
        declaredDataLength: size,
        sizeUnknown,
        durationSec: Math.floor(dataLength / fmt.blockAlign) / fmt.sampleRate,
      };
    }
    // Chunks are padded to an even length.
    offset = body + size + (size & 1);
  }
  throw new Error(fmt ? 'WAV has no data chunk.' : 'WAV has no format chunk.');
}

/** A WAV file of 16-bit mono samples. */
export function pcm16Wav(samples: Int16Array, sampleRate: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(44 + samples.length * 2);
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, text: string) => [...text].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  samples.forEach((sample, i) => view.setInt16(44 + i * 2, sample, true));
  return bytes;
}

/**
 * Join WAV files into one with a fresh, correct RIFF header. All parts must share the
 * sample format; a partial trailing sample frame in any part is dropped so channels
 * stay aligned.
 */
export function concatWav(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 0) throw new Error('No WAV parts to join.');
  const infos = parts.map((part, i) => {
    try {
      return parseWav(part);
    } catch (error) {
      throw new Error(`WAV part ${i + 1} is not valid WAV audio.`, { cause: error });
    }
  });
  const first = infos[0]!;
  infos.forEach((info, i) => {
    if (
      info.formatTag !== first.formatTag || info.sampleRate !== first.sampleRate ||
      info.channels !== first.channels || info.bitsPerSample !== first.bitsPerSample
    ) {
      throw new Error(
        `WAV part ${i + 1} is ${describe(info)}, but part 1 is ${describe(first)}.`,
      );
    }
  });

  const lengths = infos.map((info) => info.dataLength - (info.dataLength % first.blockAlign));
  const dataLength = lengths.reduce((a, b) => a + b, 0);
  const fmtSize = first.fmtChunk.length;
  const fmtPadded = fmtSize + (fmtSize & 1);
  const headerLength = 12 + 8 + fmtPadded + 8;
  const riffSize = headerLength - 8 + dataLength + (dataLength & 1);
  if (riffSize > 0xffffffff) throw new Error('Joined WAV would exceed 4 GB.');

  const out = new Uint8Array(headerLength + dataLength + (dataLength & 1));
  const view = new DataView(out.buffer);
  const writeId = (offset: number, id: string) => {
    for (let i = 0; i < 4; i++) out[offset + i] = id.charCodeAt(i);
  };
  writeId(0, 'RIFF');
  view.setUint32(4, riffSize, true);
  writeId(8, 'WAVE');
  writeId(12, 'fmt ');
  view.setUint32(16, fmtSize, true);
  out.set(first.fmtChunk, 20);
  writeId(20 + fmtPadded, 'data');
  view.setUint32(24 + fmtPadded, dataLength, true);
  let position = headerLength;
  infos.forEach((info, i) => {
    out.set(parts[i]!.subarray(info.dataOffset, info.dataOffset + lengths[i]!), position);
    position += lengths[i]!;
  });
  return out;
}

function describe(info: WavInfo): string {
  return `${info.sampleRate} Hz, ${info.channels} channel(s), ${info.bitsPerSample}-bit (format ${info.formatTag})`;
}
