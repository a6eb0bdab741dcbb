// @vitest-environment node
import { MPEGDecoder } from 'mpg123-decoder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mp3Trim } from '../lib/audio/gapless';
import { encodeMp3, MP3_ENCODER } from './audio.ts';
import { synthesize, type Pcm } from './espeak.ts';

let decoder: MPEGDecoder;
let pcm: Pcm;
beforeAll(async () => {
  decoder = new MPEGDecoder();
  await decoder.ready;
  pcm = await synthesize('The harbour lamps came on one by one, and the ferry left at nine.', { espeakVoice: 'en-us', gender: 'female', speed: 1 });
});
afterAll(() => decoder.free());

/** The speech an mp3 holds, decoded by mpg123, which cuts the delays and padding its LAME tag says (as browsers do). */
async function kept(mp3: Buffer): Promise<Float32Array> {
  await decoder.reset();
  const { channelData, sampleRate } = decoder.decode(new Uint8Array(mp3));
  expect(sampleRate).toBe(pcm.sampleRate);
  // The tag the extension reads says the same length.
  expect(mp3Trim(new Uint8Array(mp3))?.keptSamples).toBe(pcm.samples.length);
  return channelData[0]!;
}

describe('the emulator’s two mp3 encoders', () => {
  it('Debian’s lame is the one used here (scripts/setup.sh installs it): the suite’s speech costs a fifth of the CPU', () => {
    expect(MP3_ENCODER).toBe('lame');
  });

  it('write the same speech: exactly the input’s samples once the tag’s delays are cut, and the same sound', async () => {
    const [native, js] = await Promise.all([encodeMp3(pcm, { encoder: 'lame' }), encodeMp3(pcm, { encoder: 'lamejs' })]);
    const [a, b] = [await kept(native), await kept(js)];
    expect(a.length).toBe(pcm.samples.length);
    expect(b.length).toBe(pcm.samples.length);
    // Both are the input, give or take the codec's loss: the two outputs follow each other closely.
    const input = Float32Array.from(pcm.samples, (s) => s / 32768);
    const rms = (x: Float32Array, y: Float32Array) => Math.sqrt(x.reduce((sum, v, i) => sum + (v - y[i]!) ** 2, 0) / x.length);
    const loud = Math.sqrt(input.reduce((sum, v) => sum + v * v, 0) / input.length);
    expect(rms(a, input)).toBeLessThan(loud / 2);
    expect(rms(a, b)).toBeLessThan(loud / 2);
  });
});
