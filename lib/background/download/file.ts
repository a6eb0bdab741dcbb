import { browser } from 'wxt/browser';
import { ServiceError } from '../../api/errors';
import { joinedFileUrl } from '../../audio/joined-file';
import { unwrap } from '../../messaging/result';
import { sendMessage } from '../../messaging/send';
import { getAudio } from '../../speech/cache';
import { ensureOffscreen } from '../reading/offscreen-host';
import { fileNameFromTitle } from './file-name';
import type { SpeechParams } from '../../player/contract';
import { t } from '../../i18n';

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
  // Firefox files a private window's download with that window's (forgotten with it); Chrome has no such option.
  const where = import.meta.env.FIREFOX && inPrivate ? { incognito: true } : {};
  await browser.downloads.download({ url, filename: fileName, saveAs: false, conflictAction: 'uniquify', ...where });
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
  // Only an object URL of our own origin is handed to the downloads API.
  if (url !== null && !url.startsWith(`blob:${new URL(browser.runtime.getURL('/')).origin}/`)) throw new ServiceError('badResponse', t('downloadNotStored'));
  return url;
}
