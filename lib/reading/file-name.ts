/**
 * A safe download name from a page title: no path separators or characters that Windows, macOS
 * or Linux refuse, no leading dots, at most 80 characters, and the format's extension.
 */
export function fileNameFromTitle(title: string, format: 'mp3' | 'wav'): string {
  const cleaned = title
    .normalize('NFC')
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    // Words made only of dots ("..") are path tricks, not title words.
    .replace(/(^|\s)\.+(?=\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 80)
    .trim();
  return `${cleaned || 'speech'}.${format}`;
}
