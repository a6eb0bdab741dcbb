import { describe, expect, it } from 'vitest';
import { encodeTaggedMp3, encodeWav, sine, useMp3Decoder } from '../audio/encode.test-helpers';
import { JoinWorkerOnChannel } from '../audio/join-worker.test-helpers';
import type { JoinPort } from '../audio/join-worker';
import { placeSpeech } from '../audio/place';
import { openMp3Refitter } from '../audio/refit-client';
import { mp3Trim } from '../audio/gapless';
import { placementRoomSec, wavOfSamples, wavSamples } from '../audio/speech-samples';
import { parseWav } from '../audio/wav';
import { MAX_SPEEDUP } from './slot';
import { fitTrackParts, type SlottedPart } from './track-fit';

const WAV_RATE = 22050;
const wavSeconds = (bytes: Uint8Array) => parseWav(bytes).durationSec;
const text = 'uno dos tres cuatro cinco seis siete ocho';
/** The join worker's real code on a message channel, as Node has no Worker. */
const refitter = () => {
  const worker = new JoinWorkerOnChannel();
  return openMp3Refitter(() => ({ port: worker as unknown as JoinPort, end: () => worker.terminate() }));
};
const noMp3 = () => {
  throw new Error('no mp3 here');
};

describe('the spoken track’s speech fitted to its slots', () => {
  it('copies speech that fits as it is: the same bytes', async () => {
    const bytes = encodeWav(1.5);
    const mp3 = encodeTaggedMp3(sine(1.5, WAV_RATE));
    const fitted = await fitTrackParts([{ bytes, text, atSec: 0, endSec: 2 }, { bytes: mp3, text, atSec: 2, endSec: 3.8 }], 'es', noMp3);
    expect(fitted.parts[0]!.bytes).toBe(bytes);
    expect(fitted.parts[1]!.bytes).toBe(mp3);
    expect(fitted).toMatchObject({ spedUp: 0, cut: 0 });
  });

  it('speeds up a WAV part up to 1.3× to end within its slot, starting at its cue', async () => {
    const parts: SlottedPart[] = [{ bytes: encodeWav(2.4), text, atSec: 0.2, endSec: 2.2 }, { bytes: encodeWav(1), text, atSec: 2.2, endSec: 4 }];
    const fitted = await fitTrackParts(parts, 'es', noMp3);
    expect(fitted).toMatchObject({ spedUp: 1, cut: 0 });
    expect(wavSeconds(fitted.parts[0]!.bytes)).toBeCloseTo(2, 3);
    const placed = placeSpeech(fitted.parts, 4);
    expect(placed.startsSec).toEqual([expect.closeTo(0.2, 4), expect.closeTo(2.2, 4)]);
    expect(placed.lengthSec).toBeCloseTo(4, 4);
  });

  it('past 1.3×, cuts a WAV part at the end of the last word that fits', async () => {
    const parts: SlottedPart[] = [{ bytes: encodeWav(4), text, atSec: 0, endSec: 2 }, { bytes: encodeWav(1), text, atSec: 2, endSec: 3 }];
    const fitted = await fitTrackParts(parts, 'es', noMp3);
    expect(fitted).toMatchObject({ spedUp: 0, cut: 1 });
    const kept = wavSeconds(fitted.parts[0]!.bytes);
    expect(kept).toBeLessThanOrEqual(2);
    // Some words said, the rest left out: not the whole speech at 1.3×.
    expect(kept).toBeGreaterThan(1);
    expect(kept).toBeLessThan(4 / MAX_SPEEDUP);
    expect(placeSpeech(fitted.parts, 3).startsSec).toEqual([0, expect.closeTo(2, 4)]);
  });

  it('leaves out the closing silence of speech whose voice fits but whose file does not, at its own pace', async () => {
    const voice = wavSamples(encodeWav(1));
    const withPause = wavOfSamples({ sampleRate: WAV_RATE, channels: [Float32Array.from({ length: 2 * WAV_RATE }, (_, i) => voice.channels[0]![i] ?? 0)] });
    const fitted = await fitTrackParts([{ bytes: withPause, text, atSec: 0, endSec: 1.5 }], 'es', noMp3);
    expect(fitted).toMatchObject({ spedUp: 0, cut: 0 });
    expect(wavSeconds(fitted.parts[0]!.bytes)).toBeCloseTo(1, 2);
  });

  describe('mp3, encoded again in the join worker', () => {
    const { decode } = useMp3Decoder();

    it('an mp3 part too long for its slot ends within it, and every part starts at its cue to the frame', async () => {
      const long = encodeTaggedMp3(sine(2.4, WAV_RATE));
      const short = encodeTaggedMp3(sine(0.5, WAV_RATE));
      const parts: SlottedPart[] = [{ bytes: long, text, atSec: 0.2, endSec: 2.2 }, { bytes: short, text, atSec: 2.2, endSec: 3 }];
      const fitted = await fitTrackParts(parts, 'es', refitter);
      expect(fitted).toMatchObject({ spedUp: 1, cut: 0 });
      const trim = mp3Trim(fitted.parts[0]!.bytes)!;
      // The slot less the room its frames take past the speech (about 0.1 s).
      expect(trim.keptSamples / trim.sampleRate).toBeLessThanOrEqual(2 - placementRoomSec(long));
      expect(trim.keptSamples / trim.sampleRate).toBeGreaterThan(1.85);
      expect(fitted.parts[1]!.bytes).toBe(short);
      const placed = placeSpeech(fitted.parts, 3);
      // Within half a frame (576 samples at 22,050 Hz).
      const halfFrame = 288 / WAV_RATE;
      placed.startsSec.forEach((start, i) => expect(Math.abs(start - parts[i]!.atSec)).toBeLessThanOrEqual(halfFrame));
      // The decoded file: the tone begins at each cue, and the file is the track's length.
      const out = await decode(placed.bytes);
      expect(out.samplesDecoded / out.sampleRate).toBeCloseTo(3, 2);
      const loudFrom = (sec: number) => {
        const samples = out.channelData[0]!;
        let i = Math.round(sec * out.sampleRate);
        while (i < samples.length && Math.abs(samples[i]!) < 0.01) i++;
        return i / out.sampleRate;
      };
      expect(Math.abs(loudFrom(0) - 0.2)).toBeLessThanOrEqual(halfFrame + 0.01);
      expect(Math.abs(loudFrom(2.21) - 2.2)).toBeLessThanOrEqual(halfFrame + 0.02);
    });
  });
});
