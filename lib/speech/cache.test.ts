import 'fake-indexeddb/auto';
import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { voxlateDb } from '../storage/database';
import {
  audioCacheEntries,
  audioCacheKey,
  audioCacheStats,
  canonicalKeyText,
  clearAudioCache,
  getAudio,
  hasAudio,
  putAudio,
  type AudioEntry,
} from './cache';

// The IndexedDB code runs on fake-indexeddb here; which entries eviction picks is tested in
// lib/storage/lru.test.ts, and pinned entries in ./pins.test.ts.

const input = { service: 'https://tts.test', text: 'Hello there.', voiceId: 'en-1', language: 'en', speed: 1, format: 'mp3' as const };

describe('canonicalKeyText', () => {
  it('does not depend on property order', () => {
    const reordered = { format: 'mp3' as const, speed: 1, language: 'en', voiceId: 'en-1', text: 'Hello there.', service: 'https://tts.test' };
    expect(canonicalKeyText(reordered)).toBe(canonicalKeyText(input));
  });

  it('differs when anything that changes the audio differs', () => {
    const base = canonicalKeyText(input);
    expect(canonicalKeyText({ ...input, text: 'Hello there!' })).not.toBe(base);
    expect(canonicalKeyText({ ...input, voiceId: 'en-2' })).not.toBe(base);
    expect(canonicalKeyText({ ...input, language: 'fr' })).not.toBe(base);
    expect(canonicalKeyText({ ...input, speed: 1.25 })).not.toBe(base);
    expect(canonicalKeyText({ ...input, format: 'wav' })).not.toBe(base);
    expect(canonicalKeyText({ ...input, service: 'https://other.test' })).not.toBe(base);
    expect(canonicalKeyText({ ...input, service: 'http://127.0.0.1:8787' })).not.toBe(canonicalKeyText({ ...input, service: 'http://127.0.0.1:8788' }));
  });

  it('names a service the same however its address was typed', () => {
    for (const service of ['https://tts.test/', 'https://tts.test/api/v1', ' https://TTS.test/api/v1/ ']) {
      expect(canonicalKeyText({ ...input, service })).toBe(canonicalKeyText(input));
    }
  });

  it('cannot be confused by separators inside the fields', () => {
    const a = canonicalKeyText({ ...input, voiceId: 'a","b', language: 'en' });
    const b = canonicalKeyText({ ...input, voiceId: 'a', language: 'b","en' });
    expect(a).not.toBe(b);
  });

  it('ignores float noise in the speed', () => {
    expect(canonicalKeyText({ ...input, speed: 1.1000000001 })).toBe(canonicalKeyText({ ...input, speed: 1.1 }));
  });
});

describe('audioCacheKey', () => {
  it('is the SHA-256 hex of the canonical text', async () => {
    const expected = createHash('sha256').update(canonicalKeyText(input)).digest('hex');
    await expect(audioCacheKey(input)).resolves.toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
  });
});

const entry = (bytes: number, fill = 1): AudioEntry => ({ audio: new Uint8Array(bytes).fill(fill), format: 'mp3', fileName: 'x.mp3', durationSec: bytes / 10 });

describe('audio cache (IndexedDB)', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    await clearAudioCache();
  });

  it('stores and reads back the audio and its details', async () => {
    expect(await getAudio('k')).toBeUndefined();
    await putAudio('k', entry(30, 7), { now: 5 });
    expect(await hasAudio('k')).toBe(true);
    expect(await getAudio('k', 9)).toEqual({ key: 'k', audio: new Uint8Array(30).fill(7), format: 'mp3', fileName: 'x.mp3', durationSec: 3, bytes: 30, lastUsed: 9 });
  });

  it('stores only the viewed part of a larger buffer', async () => {
    const buffer = new Uint8Array(100).fill(3);
    await putAudio('k', { ...entry(0), audio: buffer.subarray(10, 20) });
    const read = await getAudio('k');
    expect(read?.audio.buffer.byteLength).toBe(10);
    expect(read?.bytes).toBe(10);
  });

  it('evicts the least recently used beyond the limit, counting a read as a use but not a check', async () => {
    await putAudio('a', entry(40), { limitBytes: 100, now: 1 });
    await putAudio('b', entry(40), { limitBytes: 100, now: 2 });
    await getAudio('a', 3);
    await hasAudio('b');
    await putAudio('c', entry(40), { limitBytes: 100, now: 4 });
    expect(await hasAudio('a')).toBe(true);
    expect(await hasAudio('b')).toBe(false);
    expect(await hasAudio('c')).toBe(true);
    expect(await audioCacheStats()).toEqual({ entries: 2, bytes: 80 });
  });

  it('keeps what was just stored, even alone over the limit', async () => {
    await putAudio('small', entry(10), { limitBytes: 50, now: 1 });
    await putAudio('big', entry(80), { limitBytes: 50, now: 2 });
    expect(await hasAudio('big')).toBe(true);
    expect(await hasAudio('small')).toBe(false);
  });

  it('lists metadata without the audio, and clears everything', async () => {
    await putAudio('a', entry(10), { now: 1 });
    await putAudio('b', { ...entry(20), format: 'wav', fileName: 'b.wav' }, { now: 2 });
    const entries = await audioCacheEntries();
    expect(entries.map((e) => [e.key, e.format, e.bytes])).toEqual([['a', 'mp3', 10], ['b', 'wav', 20]]);
    expect(entries.some((e) => 'audio' in e)).toBe(false);
    await clearAudioCache();
    expect(await audioCacheStats()).toEqual({ entries: 0, bytes: 0 });
    expect(await getAudio('a')).toBeUndefined();
  });

  it('treats audio without its details as a miss', async () => {
    await putAudio('a', entry(10));
    await (await voxlateDb()).delete('meta', 'a');
    expect(await getAudio('a')).toBeUndefined();
  });
});
