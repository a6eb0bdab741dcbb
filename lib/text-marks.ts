/**
 * A stretch of a page's text marked by the page (lib/page/text-map.ts) for how it is read: inline
 * code, a code block, or a table cell whose column has a header (`label`, the header's text, read
 * as "header: value"), for the cleanup rules (lib/speech/clean.ts); or a part the page declares
 * in another language than its own (`lang` on an element; `label`, its base code such as "es"),
 * for the voice it is read in (lib/background/reading/paragraph-voices.ts).
 * Offsets are in the text the page reports.
 */
export interface TextMark {
  from: number;
  to: number;
  kind: 'code' | 'codeBlock' | 'cell' | 'lang';
  label?: string;
}

/** Marks a page may send with one text: more are dropped (a page of tables has a few thousand cells). */
export const MAX_TEXT_MARKS = 20_000;
/** A column header longer than this is not said before each of its cells. */
export const MAX_MARK_LABEL = 60;
