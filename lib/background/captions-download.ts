import type { CaptionFormat } from '../captions/parse';
import { toBase64 } from '../storage/base64';
import { downloadUrl } from './download/file';
import { fileNameFromTitle } from './download/file-name';
import { isPrivateTab } from './private-windows';

/*
 * Saving a page's bilingual captions (written on the page from what it translated: nothing is
 * paid here) through the downloads API, the one way both browsers save a file without a prompt.
 */

const MIME: Record<CaptionFormat, string> = { srt: 'application/x-subrip', vtt: 'text/vtt' };
/** An object URL is kept this long: the download holds the file from its start. */
const REVOKE_AFTER_MS = 60_000;

/** "River captions.es.srt": the page's title made safe, the language translated into, the format. */
export function captionsFileName(title: string, target: string, format: CaptionFormat): string {
  return fileNameFromTitle(title || 'captions', 'mp3').replace(/\.mp3$/u, `.${target}.${format}`);
}

/** Saves the captions file; returns its name. Asked from a private window, Firefox files it with that window. */
export async function saveCaptionsFile(format: CaptionFormat, text: string, title: string, target: string, tabId: number): Promise<string> {
  const filename = captionsFileName(title, target, format);
  const type = `${MIME[format]};charset=utf-8`;
  let url: string;
  if (import.meta.env.FIREFOX) {
    // Firefox's background is a page (its downloads API refuses data: URLs).
    url = URL.createObjectURL(new Blob([text], { type }));
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  } else {
    // Chrome's service worker has no object URLs.
    url = `data:${type};base64,${toBase64(new TextEncoder().encode(text))}`;
  }
  await downloadUrl(url, filename, await isPrivateTab(tabId));
  return filename;
}
