import { joinAudio } from './join';

export const AUDIO_MIME = { mp3: 'audio/mpeg', wav: 'audio/wav' } as const;

/** How long a joined file's object URL lives: the download has long started reading it by then. */
const URL_LIFETIME_MS = 60_000;

/**
 * Joins a download's parts (in order; mp3 gaplessly, see joinMp3Gapless) into one file held as a
 * Blob, and returns its object URL for downloads.download, or null when a part is missing.
 * Runs where there is a document (Firefox's background page, Chrome's offscreen document): the
 * service worker has no object URLs, and the codec stays out of it (it is parsed at every wake-up).
 * `load` reads a part: the speech cache, or the worker's memory for a private window.
 * The URL is revoked after a minute; the document going away before revokes it too, which is
 * harmless once downloads.download has answered (the download holds the blob from its start).
 */
export async function joinedFileUrl(
  keys: readonly string[],
  format: 'mp3' | 'wav',
  load: (key: string) => Promise<Uint8Array | undefined>,
): Promise<string | null> {
  const parts = await Promise.all(keys.map(load));
  if (parts.length === 0 || parts.some((p) => !p)) return null;
  const bytes = parts.length === 1 ? parts[0]! : await joinAudio(parts as Uint8Array[], format);
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: AUDIO_MIME[format] }));
  setTimeout(() => URL.revokeObjectURL(url), URL_LIFETIME_MS);
  return url;
}
