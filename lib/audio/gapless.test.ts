// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { audioFixture, encodeMp3, encodeWav, LAME_FIXTURES } from './encode.test-helpers';
import { mp3Trim, playableSpan } from './gapless';

const cbr = audioFixture(LAME_FIXTURES.cbr.file);

describe('mp3Trim', () => {
  it('places the input after the encoder and decoder delays, for every kind of LAME file', () => {
    for (const { file, inputSamples, frameSamples } of Object.values(LAME_FIXTURES)) {
      const trim = mp3Trim(audioFixture(file))!;
      expect(trim).toMatchObject({ frameSamples, startSample: 576 + 529, keptSamples: inputSamples });
      expect(trim.decodedSamples % frameSamples).toBe(0);
    }
  });

  it('is null for audio that does not say (WAV, mp3 without a tag, junk)', () => {
    expect(mp3Trim(encodeWav(0.2))).toBeNull();
    expect(mp3Trim(encodeMp3(0.2))).toBeNull();
    expect(mp3Trim(new Uint8Array([1, 2, 3, 4, 5]))).toBeNull();
  });
});

describe('playableSpan', () => {
  const trim = mp3Trim(cbr)!;
  const sec = (samples: number) => samples / 22050;

  it('plays a buffer the browser already trimmed whole (Chrome and Firefox do)', () => {
    expect(playableSpan(sec(20_467), trim)).toEqual({ startSec: 0, durationSec: sec(20_467) });
    // Resampled to 48 kHz, the length is off by a fraction of a sample.
    expect(playableSpan(Math.round(sec(20_467) * 48_000) / 48_000, trim).startSec).toBe(0);
  });

  it('cuts the delays and padding out of a buffer decoded whole', () => {
    expect(playableSpan(sec(trim.decodedSamples), trim)).toEqual({ startSec: sec(1105), durationSec: sec(20_467) });
  });

  it('also skips the header frame when a decoder played it as a frame of silence', () => {
    expect(playableSpan(sec(trim.decodedSamples + 576), trim)).toEqual({ startSec: sec(1105 + 576), durationSec: sec(20_467) });
  });

  it('plays whole what it cannot explain, and audio without a tag', () => {
    expect(playableSpan(1.5, trim)).toEqual({ startSec: 0, durationSec: 1.5 });
    expect(playableSpan(1.5, null)).toEqual({ startSec: 0, durationSec: 1.5 });
  });
});
