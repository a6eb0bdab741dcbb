import { ServiceError } from '../../api/errors';
import type { AudioFormat, AudioMeta } from '../../speech/cache';
import { t, uiLocale } from '../../i18n';

/**
 * Bytes per second of audio when the cache has not seen enough of a format to tell: 128 kbps
 * mp3, and 16-bit mono wav at 24 kHz (what speech services commonly send). On the generous side:
 * a download estimated too small makes the cache outgrow its budget for a while (its parts are
 * pinned, so it still completes); one estimated too large is refused for nothing.
 */
export const DEFAULT_BYTES_PER_SECOND: Readonly<Record<AudioFormat, number>> = { mp3: 16_000, wav: 48_000 };

/** Characters spoken per second at speed 1: a calm speaker, so durations are not underestimated. */
export const CHARS_PER_SECOND = 14;

/** Seconds of a format the cache must hold before its own figure replaces the default. */
const MIN_OBSERVED_SECONDS = 5;

/**
 * How many bytes a second of `format` takes: what the cached audio of that format shows (the
 * service's real bitrate), or the default when too little of it is cached.
 */
export function bytesPerSecond(format: AudioFormat, cached: readonly AudioMeta[]): number {
  const same = cached.filter((e) => e.format === format && e.durationSec > 0);
  const seconds = same.reduce((sum, e) => sum + e.durationSec, 0);
  if (seconds < MIN_OBSERVED_SECONDS) return DEFAULT_BYTES_PER_SECOND[format];
  return same.reduce((sum, e) => sum + e.bytes, 0) / seconds;
}

/** Estimated size in bytes of the audio of `characters` spoken at `speed`. */
export function estimateAudioBytes(characters: number, speed: number, rate: number): number {
  return Math.ceil((characters / (CHARS_PER_SECOND * speed)) * rate);
}

/** Whole megabytes, rounded up, as the UI's language writes them ("12 MB"). */
const mb = (bytes: number) => new Intl.NumberFormat(uiLocale(), { style: 'unit', unit: 'megabyte' }).format(Math.ceil(bytes / (1024 * 1024)));

/**
 * Refuses, before anything is sent, a download whose audio could not all stay in the cache:
 * its parts are held there until they are joined, and more than the cache holds would never fit.
 */
export function assertFitsCache(estimatedBytes: number, limitBytes: number): void {
  if (estimatedBytes <= limitBytes) return;
  throw new ServiceError('invalidRequest', t('downloadTooLarge', [mb(estimatedBytes), mb(limitBytes)]));
}
