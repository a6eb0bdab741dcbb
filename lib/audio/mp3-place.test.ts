// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { encodeMp3, encodeTaggedMp3, sine, useMp3Decoder } from './encode.test-helpers';
import { parseMp3 } from './mp3';
import { placeSpeech } from './place';
import { pcm16Wav } from './wav';

const RATE = 22050;
/** One MP3 frame at 22 kHz (576 samples): the placement's grain. */
const FRAME_SEC = 576 / RATE;
const { decode } = useMp3Decoder();

/** A tone of `seconds` (the speech), as the service sends it: mp3 with its LAME tag. */
const speech = (seconds: number, hz = 440) => encodeTaggedMp3(sine(seconds, RATE, hz));

/** The decoded file (its tag honoured, as browsers do) and where its sounds start and end (seconds). */
async function heard(bytes: Uint8Array): Promise<{ seconds: number; sounds: [number, number][] }> {
  const r = await decode(bytes);
  expect(r.errors).toEqual([]);
  const samples = r.channelData[0]!.subarray(0, r.samplesDecoded);
  const sounds: [number, number][] = [];
  let start = -1;
  let quiet = 0;
  for (let i = 0; i < samples.length; i++) {
    if (Math.abs(samples[i]!) > 0.01) {
      if (start < 0) start = i;
      quiet = 0;
    } else if (start >= 0 && ++quiet > RATE / 50) {
      sounds.push([start / RATE, (i - quiet + 1) / RATE]);
      start = -1;
    }
  }
  if (start >= 0) sounds.push([start / RATE, (samples.length - quiet) / RATE]);
  return { seconds: r.samplesDecoded / r.sampleRate, sounds };
}

describe('speech placed at its captions’ times (placeSpeech)', () => {
  it('starts each part at its time to within half a frame, with silence between, in a file the length asked for', async () => {
    const placed = placeSpeech([{ bytes: speech(0.8), atSec: 0.2 }, { bytes: speech(1.1, 660), atSec: 2 }, { bytes: speech(0.5, 330), atSec: 6 }], 8);
    expect(placed.format).toBe('mp3');
    const { seconds, sounds } = await heard(placed.bytes);
    expect(seconds).toBeCloseTo(8, 3);
    expect(placed.lengthSec).toBeCloseTo(8, 3);
    expect(sounds).toHaveLength(3);
    [0.2, 2, 6].forEach((at, i) => {
      expect(Math.abs(sounds[i]![0] - at)).toBeLessThanOrEqual(FRAME_SEC / 2 + 0.002);
      // What the placement says is where the speech is.
      expect(Math.abs(placed.startsSec[i]! - sounds[i]![0])).toBeLessThan(0.002);
    });
    expect(sounds[1]![1] - sounds[1]![0]).toBeCloseTo(1.1, 1);
    // A stream a player can seek in: one header frame, then whole frames.
    expect(parseMp3(placed.bytes).header?.lame).not.toBeNull();
  });

  it('a part still speaking when the next one is due: the next starts right after it (back to back), never over it', async () => {
    const placed = placeSpeech([{ bytes: speech(1.5), atSec: 0 }, { bytes: speech(0.5, 660), atSec: 1 }], 3);
    const { sounds } = await heard(placed.bytes);
    expect(sounds.length).toBeGreaterThanOrEqual(1);
    expect(placed.startsSec[1]!).toBeGreaterThanOrEqual(1.5);
    // Within the encoder silence the two parts carry (their padding and delay): under 3 frames.
    expect(placed.startsSec[1]! - 1.5).toBeLessThan(3 * FRAME_SEC);
  });

  it('the last speech running past the video’s end makes the file longer, to the speech’s end', async () => {
    const placed = placeSpeech([{ bytes: speech(1), atSec: 1.5 }], 2);
    const { seconds, sounds } = await heard(placed.bytes);
    expect(seconds).toBeCloseTo(2.5, 1);
    expect(sounds.at(-1)![1]).toBeLessThanOrEqual(seconds);
  });

  it('mp3 without a LAME tag is placed too (the encoder silence LAME puts before it assumed); wav to the sample', async () => {
    const bare = placeSpeech([{ bytes: encodeMp3(0.5), atSec: 1 }], 2);
    const { sounds } = await heard(bare.bytes);
    expect(Math.abs(sounds[0]![0] - 1)).toBeLessThanOrEqual(FRAME_SEC + 0.002);

    const wav = placeSpeech([{ bytes: pcm16Wav(sine(0.5, RATE), RATE), atSec: 0.25 }, { bytes: pcm16Wav(sine(0.5, RATE), RATE), atSec: 1 }], 2);
    expect(wav.format).toBe('wav');
    expect(wav.startsSec[0]).toBeCloseTo(0.25, 4);
    expect(wav.startsSec[1]).toBe(1);
    expect(wav.lengthSec).toBe(2);
    expect(wav.bytes.length).toBe(44 + 2 * RATE * 2);
  });

  it('refuses speech of two formats or rates: they cannot be one file', () => {
    expect(() => placeSpeech([{ bytes: speech(0.5), atSec: 0 }, { bytes: pcm16Wav(sine(0.5, RATE), RATE), atSec: 1 }], 2)).toThrow();
    expect(() => placeSpeech([{ bytes: speech(0.5), atSec: 0 }, { bytes: encodeTaggedMp3(sine(0.5, 44100), 44100), atSec: 1 }], 2)).toThrow();
  });
});
