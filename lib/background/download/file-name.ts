/** Longest name kept, in UTF-8 bytes: file systems allow 255, and the browser may add " (1)". */
const MAX_NAME_BYTES = 150;
const MAX_NAME_CHARS = 80;

// Device names Windows reserves with any extension; Chrome refuses to save under them.
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com\d|lpt\d|clock\$)(\.|$)/i;

/**
 * A safe download name from a page title: nothing that Windows, macOS, Linux or the browsers'
 * download APIs refuse (path separators, `~`, control and invisible format characters such as
 * the zero-width joiner inside emoji, reserved device names), no leading dots, at most 80
 * characters and 150 bytes, never a split character, and always the format's extension.
 */
export function fileNameFromTitle(title: string, format: 'mp3' | 'wav'): string {
  const cleaned = title
    .normalize('NFC')
    // Lone surrogates (\p{Cs}), private-use and unassigned code points are refused as well.
    .replace(/[\\/:*?"<>|~\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]+/gu, ' ')
    // Words made only of dots ("..") are path tricks, not title words.
    .replace(/(^|\s)\.+(?=\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const base = truncate(cleaned).trim();
  const safe = WINDOWS_RESERVED.test(base) ? `_${base}` : base;
  return `${safe || 'speech'}.${format}`;
}

/** The longest prefix within both bounds, cut between code points (never inside an emoji's pair). */
function truncate(text: string): string {
  const encoder = new TextEncoder();
  let out = '';
  let bytes = 0;
  for (const char of Array.from(text).slice(0, MAX_NAME_CHARS)) {
    bytes += encoder.encode(char).byteLength;
    if (bytes > MAX_NAME_BYTES) break;
    out += char;
  }
  return out;
}
