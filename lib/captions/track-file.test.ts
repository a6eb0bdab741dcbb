import 'fake-indexeddb/auto';
import { resolveObjectURL } from 'node:buffer';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { encodeMp3, encodeWav } from '../audio/encode.test-helpers';
import { parseWav } from '../audio/wav';
import { validateAudio } from '../audio/validate';
import { useEnglishMessages } from '../i18n.test-helpers';
import { clearAudioCache, getAudio, putAudio } from '../speech/cache';
import { trackFileUrl } from './track-file';

const fileAt = async (url: string) => {
  const blob = resolveObjectURL(url)!;
  return { type: blob.type, bytes: new Uint8Array(await blob.arrayBuffer()) };
};

/** Reads a part from the audio cache, as the offscreen document and Firefox's background page do; notes each key read. */
const read: string[] = [];
const fromCache = async (key: string) => {
  read.push(key);
  return (await getAudio(key))?.audio;
};
const part = (key: string, atSec: number, endSec: number) => ({ key, text: 'uno dos tres cuatro', atSec, endSec });
const keep = (key: string, audio: Uint8Array, format: 'mp3' | 'wav') => putAudio(key, { audio, format, fileName: `${key}.${format}`, durationSec: 0 });

beforeEach(async () => {
  fakeBrowser.reset();
  useEnglishMessages();
  read.length = 0;
  await clearAudioCache();
});

describe('the spoken track placed from the cache by keys', () => {
  it('places each key’s speech at its start in one file the track’s length, reading each key once', async () => {
    await keep('hola', encodeWav(0.5), 'wav');
    await keep('gato', encodeWav(0.8), 'wav');
    const file = (await trackFileUrl([part('hola', 0.2, 2), part('gato', 2, 4), part('hola', 4, 6)], 6, 'es', fromCache))!;
    expect(file).toMatchObject({ format: 'wav', spedUp: 0, cut: 0 });
    const { type, bytes } = await fileAt(file.url);
    expect(type).toBe('audio/wav');
    const info = parseWav(bytes);
    expect(info.dataLength / info.blockAlign / info.sampleRate).toBeCloseTo(6, 3);
    // The speech is where its caption starts, silence between.
    const sampleAt = (sec: number) => new DataView(bytes.buffer, bytes.byteOffset + info.dataOffset + Math.round(sec * info.sampleRate) * 2, 2).getInt16(0, true);
    expect(sampleAt(1)).toBe(0);
    expect([0.21, 2.01, 4.01].map((sec) => sampleAt(sec) !== 0)).toEqual([true, true, true]);
    expect(read.sort()).toEqual(['gato', 'hola']);
  });

  it('fits speech longer than its slot into it, so the next caption’s speech starts at its own start, and the file is the track’s length', async () => {
    await keep('largo', encodeWav(2.4), 'wav');
    await keep('hola', encodeWav(0.5), 'wav');
    const file = (await trackFileUrl([part('largo', 0.2, 2.2), part('hola', 2.2, 3)], 3, 'es', fromCache))!;
    // Said on the page when it is saved.
    expect(file).toMatchObject({ spedUp: 1, cut: 0 });
    const { bytes } = await fileAt(file.url);
    const info = parseWav(bytes);
    expect(info.dataLength / info.blockAlign / info.sampleRate).toBeCloseTo(3, 3);
    // Sound in the 5 ms from `sec`.
    const soundAt = (sec: number) => Array.from({ length: 110 }, (_, i) => new DataView(bytes.buffer, bytes.byteOffset + info.dataOffset + (Math.round(sec * info.sampleRate) + i) * 2, 2).getInt16(0, true)).some((v) => v !== 0);
    // The long speech sped up to end by 2.2 s; the next starts there, not after it (2.6 s), and ends at 2.7 s.
    expect([0.19, 0.2, 2.18, 2.2, 2.72, 2.9].map(soundAt)).toEqual([false, true, true, true, false, false]);
  });

  it('mp3 speech makes an mp3 file', async () => {
    await keep('hola', encodeMp3(0.5), 'mp3');
    const file = (await trackFileUrl([part('hola', 1, 3)], 3, 'es', fromCache))!;
    expect(file.format).toBe('mp3');
    const { type, bytes } = await fileAt(file.url);
    expect(type).toBe('audio/mpeg');
    const check = validateAudio(bytes, 'mp3');
    expect(check.ok && check.durationSec).toBeGreaterThanOrEqual(3);
  });

  it('is null when a part is not stored (nothing to place it from)', async () => {
    await keep('hola', encodeWav(0.5), 'wav');
    expect(await trackFileUrl([part('hola', 0, 1), part('gone', 1, 3)], 3, 'es', fromCache)).toBeNull();
  });

  it('refuses speech of two formats with what to do about it', async () => {
    await keep('hola', encodeWav(0.5), 'wav');
    await keep('gato', encodeMp3(0.5), 'mp3');
    await expect(trackFileUrl([part('hola', 0, 1), part('gato', 1, 3)], 3, 'es', fromCache)).rejects.toMatchObject({
      kind: 'badResponse',
      message: expect.stringContaining('Choose mp3'),
    });
  });
});
