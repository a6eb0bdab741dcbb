// @vitest-environment node
import { MPEGDecoder } from 'mpg123-decoder';
import { describe, expect, it } from 'vitest';
import { audioFixture, bytesOf, LAME_FIXTURES } from './encode.test-helpers';
import { crc16, DECODER_DELAY, readLameTag } from './lame-tag';
import { parseMp3 } from './mp3';

/** The header frame of a fixture, and where its Xing/Info word is. */
function headerOf(bytes: Uint8Array) {
  const info = parseMp3(bytes);
  const frame = bytes.subarray(info.header!.offset, info.header!.offset + info.header!.length);
  const xing = Math.max(new TextDecoder('latin1').decode(frame).indexOf('Info'), new TextDecoder('latin1').decode(frame).indexOf('Xing'));
  return { info, frame, xing };
}

describe('readLameTag on real LAME 3.100 files', () => {
  for (const [name, fixture] of Object.entries(LAME_FIXTURES)) {
    it(`${name}: delay and padding account for every decoded sample, as a gapless decoder cuts them`, async () => {
      const bytes = audioFixture(fixture.file);
      const { info, frame, xing } = headerOf(bytes);
      expect(new TextDecoder().decode(frame.subarray(xing, xing + 4))).toBe(fixture.word);
      const tag = readLameTag(frame, xing)!;
      expect(tag).toMatchObject({ encoder: 'LAME3.100', delay: 576, frames: info.frames.length });
      const decoded = info.frames.length * fixture.frameSamples;
      expect(decoded - tag.delay - tag.padding).toBe(fixture.inputSamples);
      expect(tag.padding).toBeGreaterThanOrEqual(DECODER_DELAY);
      // mpg123 reads the same tag: what it keeps is what the tag says is the input.
      for (const [gapless, samples] of [[true, fixture.inputSamples], [false, decoded]] as const) {
        const decoder = new MPEGDecoder({ enableGapless: gapless });
        await decoder.ready;
        expect(decoder.decode(bytes).samplesDecoded).toBe(samples);
        decoder.free();
      }
    });
  }

  it('the tag CRC LAME wrote is the one computed here', () => {
    const { frame, xing } = headerOf(audioFixture(LAME_FIXTURES.cbr.file));
    const tag = readLameTag(frame, xing)!;
    const stored = (frame[tag.lameOffset + 34]! << 8) | frame[tag.lameOffset + 35]!;
    expect(crc16(frame.subarray(0, tag.lameOffset + 34))).toBe(stored);
  });

  it('finds the LAME part after only the Xing fields that are present', () => {
    const { frame, xing } = headerOf(audioFixture(LAME_FIXTURES.cbr.file));
    const full = readLameTag(frame, xing)!;
    // The same tag with only the frame count: flags 1, then the LAME part right after it.
    const short = bytesOf(
      frame.subarray(0, xing + 4),
      new Uint8Array([0, 0, 0, 1]),
      frame.subarray(xing + 8, xing + 12),
      frame.subarray(full.lameOffset, full.lameOffset + 36),
      new Uint8Array(frame.length),
    );
    expect(readLameTag(short, xing)).toMatchObject({ encoder: 'LAME3.100', delay: full.delay, padding: full.padding, frames: full.frames, lameOffset: xing + 12 });
  });

  it('ignores a tag from an encoder whose delay and padding are not known to mean this', () => {
    const { frame, xing } = headerOf(audioFixture(LAME_FIXTURES.cbr.file));
    const tag = readLameTag(frame, xing)!;
    const other = frame.slice();
    other.set(new TextEncoder().encode('GOGO1.00 '), tag.lameOffset);
    expect(readLameTag(other, xing)).toBeNull();
    expect(readLameTag(frame, xing + 1)).toBeNull();
  });
});
