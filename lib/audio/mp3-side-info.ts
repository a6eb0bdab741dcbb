/** What a Layer III frame's side information says about where its data is and whether it has any. */
export interface SideInfo {
  /** Bytes before the frame where its main data starts (the bit reservoir's back pointer). */
  mainDataBegin: number;
  /**
   * Whether no granule of any channel carries spectral data (part2_3_length 0): the frame decodes
   * to silence, apart from what the frame before it spills over (the MDCT overlap).
   */
  silent: boolean;
}

/** The frame's layout: MPEG-1 has two granules per frame, MPEG-2 and 2.5 one. */
export interface SideInfoLayout {
  versionClass: 1 | 2;
  channels: number;
  /** Whether a 16-bit CRC sits between the header and the side information. */
  crc: boolean;
}

/** Reads the side information of the Layer III frame at `offset`. */
export function readSideInfo(bytes: Uint8Array, offset: number, layout: SideInfoLayout): SideInfo {
  let bit = (offset + 4 + (layout.crc ? 2 : 0)) * 8;
  const read = (n: number) => {
    let value = 0;
    for (let i = 0; i < n; i++, bit++) value = (value << 1) | (((bytes[bit >> 3] ?? 0) >> (7 - (bit & 7))) & 1);
    return value;
  };
  const mono = layout.channels === 1;
  const mpeg1 = layout.versionClass === 1;
  const mainDataBegin = read(mpeg1 ? 9 : 8);
  // Private bits, then (MPEG-1) the scale factor selection of each channel.
  read(mpeg1 ? (mono ? 5 : 3) : mono ? 1 : 2);
  if (mpeg1) read(4 * layout.channels);
  const granuleBits = mpeg1 ? 59 : 63;
  let silent = true;
  for (let g = 0; g < (mpeg1 ? 2 : 1) * layout.channels; g++) {
    if (read(12) !== 0) silent = false;
    read(granuleBits - 12);
  }
  return { mainDataBegin, silent };
}
