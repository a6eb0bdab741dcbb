import { browser } from 'wxt/browser';
import { ServiceError } from '../../api/errors';
import { joinAudio } from '../../audio/join';
import { getAudio } from '../../speech/cache';
import { fileNameFromTitle } from './file-name';
import type { SpeechParams } from '../../player/contract';
import { t } from '../../i18n';
import { toBase64 } from '../../storage/base64';

const MIME = { mp3: 'audio/mpeg', wav: 'audio/wav' } as const;

/**
 * Joins the cached parts (in order, gaplessly: see joinMp3Gapless) and saves them as one file; returns its name.
 * The name comes from the page title and the format, one part or many: the name the service
 * suggested (Content-Disposition) may have any extension or none, and is never used.
 * `inPrivate`: asked in a private window, where Firefox lists the download (not in the history).
 */
export async function saveJoinedAudio(keys: readonly string[], params: SpeechParams, title: string, inPrivate = false): Promise<string> {
  const parts = await Promise.all(keys.map((key) => getAudio(key)));
  if (parts.some((p) => !p)) throw new ServiceError('badResponse', t('downloadNotStored'));
  const audio = parts.length === 1 ? parts[0]!.audio : await joinAudio(parts.map((p) => p!.audio), params.format);
  const fileName = fileNameFromTitle(title, params.format);
  await saveFile(audio, fileName, MIME[params.format], inPrivate);
  return fileName;
}

async function saveFile(bytes: Uint8Array, filename: string, type: string, inPrivate: boolean): Promise<void> {
  // A service worker has no object URLs; Firefox's background page has, and refuses data: URLs.
  const objectUrl = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(new Blob([bytes as BlobPart], { type })) : null;
  const url = objectUrl ?? `data:${type};base64,${toBase64(bytes)}`;
  try {
    // Firefox files a private window's download with that window's (forgotten with it); Chrome has no such option.
    const where = import.meta.env.FIREFOX && inPrivate ? { incognito: true } : {};
    await browser.downloads.download({ url, filename, saveAs: false, conflictAction: 'uniquify', ...where });
  } finally {
    if (objectUrl) setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
  }
}
