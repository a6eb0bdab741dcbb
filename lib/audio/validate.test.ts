// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseMp3 } from './mp3';
import { bytesOf, encodeMp3, encodeWav, id3v1, id3v2, infoFrameFor } from './encode.test-helpers';
import { validateAudio } from './validate';

describe('validateAudio', () => {
  it('accepts complete MP3, with or without tags and an Info frame', () => {
    const mp3 = encodeMp3(0.6);
    const duration = parseMp3(mp3).durationSec;
    expect(validateAudio(mp3, 'mp3')).toEqual({ ok: true, durationSec: duration });
    expect(validateAudio(bytesOf(id3v2(), infoFrameFor(mp3), mp3, id3v1()), 'mp3')).toEqual({ ok: true, durationSec: duration });
  });

  it('accepts playable MP3 followed by padding, or with junk or a second ID3 tag between frames', () => {
    const [a, b] = [encodeMp3(0.6), encodeMp3(0.4)];
    const both = parseMp3(a).durationSec + parseMp3(b).durationSec;
    expect(validateAudio(bytesOf(a, new Uint8Array(2048)), 'mp3')).toEqual({ ok: true, durationSec: parseMp3(a).durationSec });
    expect(validateAudio(bytesOf(id3v2(), a, id3v2('Part 2'), b, id3v1()), 'mp3')).toEqual({ ok: true, durationSec: both });
    const junk = bytesOf(new TextEncoder().encode('garbage'), new Uint8Array([0xff, 0xf3, 0x00, 0xff]), new Uint8Array(50));
    expect(validateAudio(bytesOf(a, junk, b), 'mp3')).toEqual({ ok: true, durationSec: both });
  });

  it('accepts complete WAV, including a streaming size placeholder', () => {
    const result = validateAudio(encodeWav(0.5), 'wav');
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.durationSec).toBeCloseTo(0.5, 4);
    expect(validateAudio(encodeWav(0.5, 22050, 1, 0xffffffff), 'wav').ok).toBe(true);
  });

  it('rejects empty bodies', () => {
    expect(validateAudio(new Uint8Array(), 'mp3')).toEqual({ ok: false, reason: 'audioEmpty' });
    expect(validateAudio(new Uint8Array(), 'wav')).toEqual({ ok: false, reason: 'audioEmpty' });
  });

  it('rejects the other format and text bodies', () => {
    expect(validateAudio(encodeWav(0.2), 'mp3')).toEqual({ ok: false, reason: 'audioWavNotMp3' });
    expect(validateAudio(encodeMp3(0.2), 'wav')).toEqual({ ok: false, reason: 'audioMp3NotWav' });
    const json = new TextEncoder().encode(' {"error":"Too many requests"}');
    expect(validateAudio(json, 'mp3')).toEqual({ ok: false, reason: 'audioTextNotAudio' });
    expect(validateAudio(new TextEncoder().encode('<html></html>'), 'wav').ok).toBe(false);
    expect(validateAudio(new Uint8Array(64).fill(7), 'mp3')).toEqual({ ok: false, reason: 'audioNotMp3' });
    expect(validateAudio(new Uint8Array(64).fill(7), 'wav')).toEqual({ ok: false, reason: 'audioNotWav' });
  });

  it('rejects MP3 that is cut off or has no complete frame', () => {
    const mp3 = encodeMp3(0.6);
    expect(validateAudio(mp3.subarray(0, mp3.length - 5), 'mp3')).toEqual({ ok: false, reason: 'audioCutOff' });
    expect(validateAudio(bytesOf(id3v2(), mp3.subarray(0, 40)), 'mp3')).toEqual({
      ok: false,
      reason: 'audioNoFrame',
    });
    expect(validateAudio(bytesOf(mp3, id3v2('Cut'), mp3.subarray(0, 300)), 'mp3')).toEqual({ ok: false, reason: 'audioCutOff' });
    // Only a header frame and no audio.
    expect(validateAudio(infoFrameFor(mp3), 'mp3').ok).toBe(false);
  });

  it('rejects WAV that is cut off, not whole sample frames, or has no data', () => {
    const stereo = encodeWav(0.3, 22050, 2);
    expect(validateAudio(stereo.subarray(0, stereo.length - 400), 'wav')).toEqual({
      ok: false,
      reason: 'audioCutOff',
    });
    expect(validateAudio(encodeWav(0.3, 22050, 2, 0xffffffff).subarray(0, stereo.length - 2), 'wav')).toEqual({
      ok: false,
      reason: 'audioCutMidSample',
    });
    expect(validateAudio(encodeWav(0, 22050), 'wav')).toEqual({ ok: false, reason: 'audioNoData' });
  });
});
