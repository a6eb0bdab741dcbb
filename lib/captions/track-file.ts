import { ServiceError } from '../api/errors';
import { audioFileUrl } from '../audio/joined-file';
import { placeSpeech } from '../audio/place';
import { openMp3Refitter } from '../audio/refit-client';
import { t } from '../i18n';
import { fitTrackParts, type FitCounts, type SpeechRecoder } from './track-fit';

/*
 * The spoken track made into a file where there is a document (Firefox's background page, Chrome's
 * offscreen document: the service worker has no object URLs). The worker sends only each caption's
 * audio cache key and start, as a joined download sends its parts' keys: the track's bytes would
 * travel as base64 in one message, whose JSON is capped at 64 MiB (a WAV track past ~19 minutes).
 */

/**
 * A caption's speech in the spoken track: its audio cache key, what it says, where it starts and
 * where its slot ends (the next caption's start: seconds into the video).
 */
export interface TrackKeyedPart {
  key: string;
  text: string;
  atSec: number;
  endSec: number;
}

/** The spoken track as an object URL for downloads.download, its format (the speech's own), and how many captions' speech was fitted to its slot. */
export interface TrackFile extends FitCounts {
  url: string;
  format: 'mp3' | 'wav';
}

/** The spoken track saved: its file's name, and how many captions' speech was sped up or cut to fit (for the page to say). */
export interface SavedTrack extends FitCounts {
  name: string;
}

/**
 * Places each part's speech (read with `load`, each key once) at its start in one file `lengthSec`
 * long and returns its object URL (with how many captions' speech was sped up and how many cut),
 * revoked after a minute as a joined file's is; null when a part's audio is not stored. Speech
 * longer than its slot is fitted to it as Listen fits it (in
 * `language`: track-fit.ts), an mp3's in the join worker (`mp3`: started only if one is needed,
 * ended after); the rest is copied (placeSpeech: frames and samples as they are). Speech of forms
 * that cannot go in one file is refused with what to do about it.
 */
export async function trackFileUrl(
  parts: readonly TrackKeyedPart[],
  lengthSec: number,
  language: string,
  load: (key: string) => Promise<Uint8Array | undefined>,
  mp3: () => SpeechRecoder & { end(): void } = openMp3Refitter,
): Promise<TrackFile | null> {
  const keys = [...new Set(parts.map((part) => part.key))];
  const audio = new Map(await Promise.all(keys.map(async (key) => [key, await load(key)] as const)));
  if (keys.length === 0 || [...audio.values()].some((bytes) => !bytes)) return null;
  let placed;
  let counts: FitCounts;
  const started: (SpeechRecoder & { end(): void })[] = [];
  try {
    const fitted = await fitTrackParts(parts.map((part) => ({ ...part, bytes: audio.get(part.key)! })), language, () => started[0] ?? started[started.push(mp3()) - 1]!);
    placed = placeSpeech(fitted.parts, lengthSec);
    counts = { spedUp: fitted.spedUp, cut: fitted.cut };
  } catch (error) {
    console.warn('The spoken track could not be made.', error);
    throw new ServiceError('badResponse', t('captionsTrackNotJoined'));
  } finally {
    for (const worker of started) worker.end();
  }
  return { url: audioFileUrl(placed.bytes, placed.format), format: placed.format, ...counts };
}
