import { beforeEach, describe, expect, it } from 'vitest';
import type { AudioMeta } from '../../speech/cache';
import { assertFitsCache, bytesPerSecond, DEFAULT_BYTES_PER_SECOND, estimateAudioBytes } from './size';
import { useEnglishMessages } from '../../i18n.test-helpers';

const meta = (format: 'mp3' | 'wav', bytes: number, durationSec: number): AudioMeta => ({
  key: `${format}-${bytes}`,
  format,
  bytes,
  durationSec,
  fileName: 'x',
  lastUsed: 1,
});

// Errors are worded from public/_locales/en, as in an English browser.
beforeEach(() => useEnglishMessages());

describe('bytesPerSecond', () => {
  it('uses the default until the cache holds a few seconds of that format', () => {
    expect(bytesPerSecond('mp3', [meta('mp3', 6000, 1), meta('wav', 44_100 * 60, 60)])).toBe(DEFAULT_BYTES_PER_SECOND.mp3);
  });

  it('then what the cached audio of that format shows, the service’s real bitrate', () => {
    expect(bytesPerSecond('wav', [meta('wav', 44_100 * 4, 4), meta('wav', 44_100 * 6, 6), meta('mp3', 1, 100)])).toBe(44_100);
  });
});

describe('estimateAudioBytes and assertFitsCache', () => {
  it('scales with the characters and shrinks at a higher speed', () => {
    const normal = estimateAudioBytes(14_000, 1, 16_000);
    expect(normal).toBe(16_000_000);
    expect(estimateAudioBytes(14_000, 2, 16_000)).toBe(normal / 2);
  });

  it('refuses, saying why and that nothing was charged, a download larger than the cache', () => {
    expect(() => assertFitsCache(100, 100)).not.toThrow();
    expect(() => assertFitsCache(300 * 1024 * 1024, 200 * 1024 * 1024)).toThrow(
      /about 300 MB, more than the 200 MB kept for audio\. Nothing was sent or charged/,
    );
  });
});
