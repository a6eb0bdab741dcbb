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
    const file = (await trackFileUrl([{ key: 'hola', atSec: 0.2 }, { key: 'gato', atSec: 2 }, { key: 'hola', atSec: 4 }], 6, fromCache))!;
    expect(file.format).toBe('wav');
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

  it('mp3 speech makes an mp3 file', async () => {
    await keep('hola', encodeMp3(0.5), 'mp3');
    const file = (await trackFileUrl([{ key: 'hola', atSec: 1 }], 3, fromCache))!;
    expect(file.format).toBe('mp3');
    const { type, bytes } = await fileAt(file.url);
    expect(type).toBe('audio/mpeg');
    const check = validateAudio(bytes, 'mp3');
    expect(check.ok && check.durationSec).toBeGreaterThanOrEqual(3);
  });

  it('is null when a part is not stored (nothing to place it from)', async () => {
    await keep('hola', encodeWav(0.5), 'wav');
    expect(await trackFileUrl([{ key: 'hola', atSec: 0 }, { key: 'gone', atSec: 1 }], 3, fromCache)).toBeNull();
  });

  it('refuses speech of two formats with what to do about it', async () => {
    await keep('hola', encodeWav(0.5), 'wav');
    await keep('gato', encodeMp3(0.5), 'mp3');
    await expect(trackFileUrl([{ key: 'hola', atSec: 0 }, { key: 'gato', atSec: 1 }], 3, fromCache)).rejects.toMatchObject({
      kind: 'badResponse',
      message: expect.stringContaining('Choose mp3'),
    });
  });
});
