import { browser } from 'wxt/browser';
import { ServiceError } from '../../api/errors';
import { trackFileUrl, type SavedTrack, type TrackFile, type TrackKeyedPart } from '../../captions/track-file';
import { joinedFileUrl } from '../../audio/joined-file';
import { unwrap } from '../../messaging/result';
import { sendMessage } from '../../messaging/send';
import { getAudio } from '../../speech/cache';
import { ensureOffscreen } from '../reading/offscreen-host';
import { fileNameFromTitle } from './file-name';
import type { SpeechParams } from '../../player/contract';
import { t } from '../../i18n';

/**
 * Hands `url` to the downloads API to be saved as `fileName`, without a prompt (a name taken
 * already gets a number). `inPrivate`: asked in a private window, which Firefox files the download
 * with (forgotten with it, not in the history); Chrome has no such option.
 */
export async function downloadUrl(url: string, fileName: string, inPrivate = false): Promise<void> {
  const where = import.meta.env.FIREFOX && inPrivate ? { incognito: true } : {};
  await browser.downloads.download({ url, filename: fileName, saveAs: false, conflictAction: 'uniquify', ...where });
}

/** Whether `url` is an object URL of this extension's own origin: the only kind the offscreen document's answer may hand to the downloads API. */
export function isOwnObjectUrl(url: string): boolean {
  return url.startsWith(`blob:${new URL(browser.runtime.getURL('/')).origin}/`);
}

/**
 * Joins the cached parts (in order, gaplessly: see joinMp3Gapless) and saves them as one file; returns its name.
 * The name comes from the page title and the format, one part or many: the name the service
 * suggested (Content-Disposition) may have any extension or none, and is never used.
 * `inPrivate`: asked in a private window, where Firefox lists the download (not in the history).
 */
export async function saveJoinedAudio(keys: readonly string[], params: SpeechParams, title: string, inPrivate = false): Promise<string> {
  const url = await joinedUrl(keys, params.format);
  if (!url) throw new ServiceError('badResponse', t('downloadNotStored'));
  const fileName = fileNameFromTitle(title, params.format);
  await downloadUrl(url, fileName, inPrivate);
  return fileName;
}

/**
 * The joined file's object URL, made where there is a document; the join itself runs in the join
 * worker (lib/audio/join.worker.ts), started for it and ended after: the only script holding the
 * mp3 codec, off the player's thread. Firefox: here, its background is a page (which refuses data:
 * URLs for downloads) and the player's page too. Chrome: in the offscreen document (a service
 * worker can start no worker), which reads the parts from the cache (a private window's from this
 * worker's memory). scripts/check-production.ts fails a build whose background holds the codec again.
 */
async function joinedUrl(keys: readonly string[], format: SpeechParams['format']): Promise<string | null> {
  if (import.meta.env.FIREFOX) return joinedFileUrl(keys, format, async (key) => (await getAudio(key))?.audio);
  await ensureOffscreen();
  const url = unwrap(await sendMessage('joinDownload', { keys: [...keys], format }));
  if (url !== null && !isOwnObjectUrl(url)) throw new ServiceError('badResponse', t('downloadNotStored'));
  return url;
}

/**
 * Places a captions' spoken track from the cache (each caption's speech by its key, at its start,
 * fitted to its slot in `language`: see trackFileUrl) and saves it under the name `nameOf` gives
 * its format; returns that name, and how many captions' speech was sped up or cut to fit. `inPrivate`
 * as for saveJoinedAudio.
 */
export async function savePlacedTrack(parts: readonly TrackKeyedPart[], lengthSec: number, language: string, nameOf: (format: TrackFile['format']) => string, inPrivate = false): Promise<SavedTrack> {
  const file = await placedTrackUrl(parts, lengthSec, language);
  if (!file) throw new ServiceError('badResponse', t('downloadNotStored'));
  const fileName = nameOf(file.format);
  await downloadUrl(file.url, fileName, inPrivate);
  return { name: fileName, spedUp: file.spedUp, cut: file.cut };
}

/**
 * The placed track's object URL, made where there is a document, as joinedUrl's: Firefox's
 * background page here; Chrome's offscreen document, sent the parts' keys (not their bytes: a
 * message is JSON with a 64 MiB cap), which reads them as it reads a join's.
 */
async function placedTrackUrl(parts: readonly TrackKeyedPart[], lengthSec: number, language: string): Promise<TrackFile | null> {
  if (import.meta.env.FIREFOX) return trackFileUrl(parts, lengthSec, language, async (key) => (await getAudio(key))?.audio);
  await ensureOffscreen();
  const file = unwrap(await sendMessage('placeTrack', { parts: parts.map(({ key, text, atSec, endSec }) => ({ key, text, atSec, endSec })), lengthSec, language }));
  if (file !== null && !isOwnObjectUrl(file.url)) throw new ServiceError('badResponse', t('downloadNotStored'));
  return file;
}
