import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { audioCacheKey, canonicalKeyText, chooseEvictions, type AudioMeta } from './cache';

// The IndexedDB functions need a real IndexedDB (happy-dom has none, fake-indexeddb is not
// installed); they run in the end-to-end tests. The decisions they make are tested here.

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

const meta = (key: string, bytes: number, lastUsed: number): AudioMeta => ({
  key,
  bytes,
  lastUsed,
  format: 'mp3',
  fileName: `${key}.mp3`,
  durationSec: 1,
});

describe('chooseEvictions', () => {
  it('evicts nothing under the limit', () => {
    expect(chooseEvictions([meta('a', 10, 1), meta('b', 10, 2)], 20)).toEqual([]);
  });

  it('evicts least recently used first until under the limit', () => {
    const entries = [meta('new', 10, 30), meta('old', 10, 10), meta('mid', 10, 20), meta('newest', 10, 40)];
    expect(chooseEvictions(entries, 25)).toEqual(['old', 'mid']);
  });

  it('never evicts the kept entry, even when it alone exceeds the limit', () => {
    const entries = [meta('big', 100, 1), meta('other', 10, 2)];
    expect(chooseEvictions(entries, 50, 'big')).toEqual(['other']);
  });

  it('skips pinned entries, however old, and evicts the next least recently used instead', () => {
    const entries = [meta('part-1', 10, 1), meta('part-2', 10, 2), meta('other', 10, 3), meta('new', 10, 4)];
    expect(chooseEvictions(entries, 25, 'new', new Set(['part-1', 'part-2']))).toEqual(['other']);
  });

  it('stays over the limit rather than evict a pinned entry', () => {
    const entries = [meta('part-1', 30, 1), meta('part-2', 30, 2), meta('new', 10, 3)];
    expect(chooseEvictions(entries, 25, 'new', new Set(['part-1', 'part-2']))).toEqual([]);
  });
});
