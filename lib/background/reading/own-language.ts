import type { TextMark } from '../../text-marks';

/**
 * The text a reading's own language is told by: `text` without the parts its page declares in
 * another language (`lang` marks). A phrasebook page declared English, its German lines marked
 * German and longer than the English ones, reads as German whole to the detector; the English
 * lines, too short to be told apart on their own and marked as nothing, were then read in the
 * German voice, mixed with the German lines in one request. The whole text when nothing is left.
 */
export function ownLanguageText(text: string, marks: readonly TextMark[] | undefined): string {
  const declared = (marks ?? []).filter((mark) => mark.kind === 'lang' && mark.label).sort((a, b) => a.from - b.from);
  if (declared.length === 0) return text;
  const parts: string[] = [];
  let at = 0;
  for (const mark of declared) {
    if (mark.from > at) parts.push(text.slice(at, mark.from));
    at = Math.max(at, mark.to);
  }
  parts.push(text.slice(at));
  const own = parts.join('\n');
  return own.trim() ? own : text;
}
