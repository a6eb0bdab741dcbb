import { formatNumber, t } from '../../i18n';

/**
 * The most one reading takes: about ten hours of speech. A whole book selected with Ctrl+A is
 * read up to here (at a sentence end), and the user is told where it stops.
 */
export const MAX_READING_CHARS = 500_000;

/** The text to read, cut at the last sentence end before MAX_READING_CHARS when longer. */
export function capReadingText(text: string): { text: string; cut: string | null } {
  if (text.length <= MAX_READING_CHARS) return { text, cut: null };
  const head = text.slice(0, MAX_READING_CHARS);
  const end = Math.max(head.lastIndexOf('. '), head.lastIndexOf('\n'), head.lastIndexOf('。'));
  const kept = end > MAX_READING_CHARS / 2 ? head.slice(0, end + 1) : head;
  return { text: kept, cut: t('readingCut', [formatNumber(text.length), formatNumber(kept.length)]) };
}
