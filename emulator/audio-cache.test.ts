import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { audioCacheDir, audioKey, createAudioCache } from './audio-cache';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'voxlate-audio-cache-test-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A render that counts its calls and gives bytes naming the call. */
function counted() {
  let calls = 0;
  return {
    render: async () => Buffer.from(`audio ${++calls}`),
    get calls() {
      return calls;
    },
  };
}

describe('the emulator audio cache', () => {
  const request = { text: 'Hello there.', espeakVoice: 'en-us', gender: 'female', speed: 1, format: 'mp3', lameTag: true };

  it('renders a request once, and another emulator on the machine reads it from disk', async () => {
    const dir = freshDir();
    const r = counted();
    expect((await createAudioCache(dir).get(request, r.render)).toString()).toBe('audio 1');
    expect((await createAudioCache(dir).get({ ...request }, r.render)).toString()).toBe('audio 1');
    expect(r.calls).toBe(1);
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it('keys on everything that changes the bytes, not on the order of the fields', () => {
    expect(audioKey({ ...request })).toBe(audioKey(Object.fromEntries(Object.entries(request).reverse())));
    for (const change of [{ text: 'Hello there!' }, { speed: 1.5 }, { format: 'wav' }, { lameTag: false }, { gender: 'male' }, { espeakVoice: 'en-gb' }]) {
      expect(audioKey({ ...request, ...change })).not.toBe(audioKey(request));
    }
  });

  it('shares one render between requests that arrive while it runs', async () => {
    const r = counted();
    const cache = createAudioCache(freshDir());
    const both = await Promise.all([cache.get(request, r.render), cache.get(request, r.render)]);
    expect(both.map(String)).toEqual(['audio 1', 'audio 1']);
    expect(r.calls).toBe(1);
  });

  it('keeps nothing of a failed render, and renders afresh when switched off', async () => {
    const dir = freshDir();
    const cache = createAudioCache(dir);
    await expect(cache.get(request, () => Promise.reject(new Error('espeak-ng failed')))).rejects.toThrow('espeak-ng failed');
    const r = counted();
    expect(String(await cache.get(request, r.render))).toBe('audio 1');
    expect(audioCacheDir({ VOXLATE_AUDIO_CACHE: 'off' })).toBeNull();
    const off = createAudioCache(null);
    await off.get(request, r.render);
    await off.get(request, r.render);
    expect(r.calls).toBe(3);
  });
});
