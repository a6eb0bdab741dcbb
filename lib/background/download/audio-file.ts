import { browser } from 'wxt/browser';
import { ServiceError } from '../../api/errors';
import { audioFileUrl } from '../../audio/joined-file';
import { t } from '../../i18n';
import { unwrap } from '../../messaging/result';
import { sendMessage } from '../../messaging/send';
import { toBase64 } from '../../storage/base64';
import { ensureOffscreen } from '../reading/offscreen-host';

/**
 * Saves an audio file made in the worker (a captions' spoken track) as `fileName`, the way a
 * reading's download is saved (file.ts): an object URL made where there is a document (Firefox's
 * background page; Chrome's offscreen document, the service worker having no object URLs and a
 * data: URL of a long file being past what a URL may hold), handed to the downloads API.
 * `inPrivate`: asked in a private window, where Firefox lists the download (not in the history).
 */
export async function saveAudioFile(bytes: Uint8Array, format: 'mp3' | 'wav', fileName: string, inPrivate = false): Promise<void> {
  const url = await fileUrl(bytes, format);
  const where = import.meta.env.FIREFOX && inPrivate ? { incognito: true } : {};
  await browser.downloads.download({ url, filename: fileName, saveAs: false, conflictAction: 'uniquify', ...where });
}

async function fileUrl(bytes: Uint8Array, format: 'mp3' | 'wav'): Promise<string> {
  if (import.meta.env.FIREFOX) return audioFileUrl(bytes, format);
  await ensureOffscreen();
  const url = unwrap(await sendMessage('audioFileUrl', { audio: toBase64(bytes), format }));
  // Only an object URL of our own origin is handed to the downloads API.
  if (!url.startsWith(`blob:${new URL(browser.runtime.getURL('/')).origin}/`)) throw new ServiceError('badResponse', t('downloadNotStored'));
  return url;
}
