/**
 * Firefox cuts the selection text it reports to a context-menu click at this many characters
 * (its menus API; a long-standing limit of the selection details it keeps). Chrome reports all
 * of it. A report of exactly this length is taken to go on past where it stops.
 */
export const REPORTED_TEXT_CAP = 16_384;

/** Text read from the page, with the offsets where hidden text was left out. */
export interface ReadText {
  text: string;
  gaps?: readonly number[];
}

/**
 * Whether text read from the page is what the browser reported as selected when the user
 * right-clicked (the menu's `selectionText`), so the page did not swap the selection since.
 *
 * The browser's report holds hidden text we leave out (Chrome's holds transparent, tiny, clipped
 * and off-screen text), differs in whitespace (line breaks between blocks, collapsed runs) and in
 * case (`text-transform`). So both are compared without whitespace and in one case, and the report
 * may hold anything where the reader noted a gap. Everything else must be there, in order: our
 * text is the report with hidden parts cut out, never more. A report cut short (Firefox's cap)
 * only has to agree as far as it goes.
 */
export function matchesReportedText(read: ReadText, reported: string): boolean {
  const whole = fold(reported);
  const cutShort = reported.length === REPORTED_TEXT_CAP;
  const segments = segmentsOf(read);
  if (segments.length === 0) return false;
  let at = 0;
  for (const [index, segment] of segments.entries()) {
    const last = index === segments.length - 1;
    if (last && !segment.gapAfter && !cutShort) {
      // The last piece ends the report, unless hidden text followed it.
      const start = whole.length - segment.text.length;
      return start >= at && whole.endsWith(segment.text) && (segment.gapBefore || start === at);
    }
    const found = segment.gapBefore ? whole.indexOf(segment.text, at) : whole.startsWith(segment.text, at) ? at : -1;
    if (found < 0) {
      if (!cutShort) return false;
      // Past the end of a cut report: after a gap anything may follow; without one, the report
      // must stop inside this piece.
      return segment.gapBefore || segment.text.startsWith(whole.slice(at));
    }
    at = found + segment.text.length;
  }
  return true;
}

/** The browser's report made to look like text read from the page: runs of spaces collapsed, at most a blank line. */
export function tidyReportedText(reported: string): string {
  return reported
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

interface Segment {
  text: string;
  gapBefore: boolean;
  gapAfter: boolean;
}

/** Our text cut at its gaps, each piece folded; empty pieces dropped. */
function segmentsOf(read: ReadText): Segment[] {
  const gaps = new Set((read.gaps ?? []).map((g) => Math.max(0, Math.min(g, read.text.length))));
  const cuts = [...new Set([0, ...gaps, read.text.length])].sort((a, b) => a - b);
  const segments: Segment[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const text = fold(read.text.slice(cuts[i], cuts[i + 1]));
    if (text) segments.push({ text, gapBefore: gaps.has(cuts[i]!), gapAfter: gaps.has(cuts[i + 1]!) });
  }
  return segments;
}

/** Without whitespace or invisible format characters, upper-cased (upper-casing has no context rules, so pieces fold as the whole does). */
function fold(text: string): string {
  return text.replace(/[\s\u00ad\u200b-\u200d\u2060\ufeff]+/g, '').toUpperCase();
}
