import { closestLanguage } from './page-language';
import { focusedElement, isSensitiveField } from './sensitive';

export { focusedElement, isSensitiveField } from './sensitive';
import { mappedSource, type PageSource, createFieldOverlay } from './highlight';
import { TextMapBuilder, type TextMap, appendVisibleText } from './text-map';

/**
 * What the user selected in `win` (this frame only): the selected text of a focused input or
 * textarea (kind 'field'), else the page selection (kind 'selection'), with hidden text and
 * scripts left out and block boundaries kept as line breaks. Null when nothing but whitespace
 * is selected.
 */
export function readSelection(win: Window): PageSource | null {
  const field = readFieldSelection(win);
  if (field) return field;
  const selection = win.getSelection();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const ranges = Array.from({ length: selection.rangeCount }, (_, i) => selection.getRangeAt(i));
  const map = selectionTextMap(ranges);
  if (!map.text) return null;
  return mappedSource('selection', map, {
    doc: win.document,
    title: win.document.title,
    languageHint: closestLanguage(ranges[0]!.commonAncestorContainer),
  });
}

/** The text of `ranges` (several in Firefox's multi-selection), as the reader sees it, mapped to its text nodes. */
export function selectionTextMap(ranges: readonly Range[]): TextMap {
  const builder = new TextMapBuilder();
  for (const range of ranges) {
    if (range.collapsed) continue;
    appendVisibleText(builder, range.commonAncestorContainer, {
      clip: (text) => clipToRange(text, range),
      within: (node) => range.intersectsNode(node),
      selection: true,
    });
    builder.addBreak(2);
  }
  return builder.build();
}

function clipToRange(text: Text, range: Range): readonly [number, number] | null {
  if (!range.intersectsNode(text)) return null;
  const from = text === range.startContainer ? range.startOffset : 0;
  const to = text === range.endContainer ? range.endOffset : text.data.length;
  return [from, to];
}

/**
 * The selection to act on after a context-menu click. `reported` is what the browser saw selected
 * when the user right-clicked (the menu's `selectionText`); absent for a keyboard shortcut, which
 * then reads the page's selection as always. The page's selection is used when it still is what
 * was right-clicked (less the hidden text we leave out): it can be highlighted. When the page
 * changed or cleared it in between, the browser's report is used instead, as plain text.
 * A sensitive field's text (a password, card details: isSensitiveField) is never used, whoever reports it.
 */
export function readCheckedSelection(win: Window, reported?: string, read: PageSource | null = readSelection(win)): PageSource | null {
  const checked = checkedSelectionText(read, reported, isSensitiveFocused(win.document));
  if (!checked) return null;
  return checked.reported ? reportedSource(win.document, checked.text) : read;
}

/**
 * The decision of readCheckedSelection on what was read (`read`, null for nothing): its text when
 * it is what the browser reported, else the tidied report (`reported: true`: not on the page as
 * such), or null. The background makes it on the selection probe's answer (selection-probe.ts).
 */
export function checkedSelectionText(read: ReadText | null, reported: string | undefined, sensitiveFocused: boolean): { text: string; reported: boolean } | null {
  if (reported === undefined || (read && matchesReportedText(read, reported))) return read && { text: read.text, reported: false };
  if (sensitiveFocused) return null;
  const text = tidyReportedText(reported);
  return text ? { text, reported: true } : null;
}

function reportedSource(doc: Document, text: string): PageSource {
  return {
    kind: 'selection',
    text,
    title: doc.title,
    languageHint: closestLanguage(doc.body ?? doc.documentElement),
    reported: true,
    // Where the reported text is on the page is unknown: nothing is highlighted.
    highlight: () => undefined,
    clearHighlight: () => undefined,
  };
}

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

// Input types whose value is free text the user can select (email and number have no selection API).
const TEXT_INPUT_TYPES = new Set(['text', 'search', 'url', 'tel']);

type TextField = HTMLInputElement | HTMLTextAreaElement;

/**
 * The text selected inside the focused `<input>` or `<textarea>` of `win`, or null when the focus
 * is elsewhere or nothing (non-whitespace) is selected. Sensitive fields are never read.
 */
export function readFieldSelection(win: Window): PageSource | null {
  const field = focusedTextField(win.document);
  if (!field) return null;
  const { selectionStart, selectionEnd, value } = field;
  if (selectionStart === null || selectionEnd === null || selectionEnd <= selectionStart) return null;
  const text = value.slice(selectionStart, selectionEnd).trim();
  if (!text) return null;
  const overlay = createFieldOverlay(field);
  return {
    kind: 'field',
    text,
    title: win.document.title,
    languageHint: closestLanguage(field),
    highlight(start, end) {
      const sentence = text.slice(Math.max(0, start), Math.max(0, end)).trim();
      if (sentence) overlay.show(sentence);
      else overlay.remove();
    },
    clearHighlight: () => overlay.remove(),
  };
}

/** Whether the focus is in a sensitive field (isSensitiveField), whose text is never read, whoever reports it. */
export function isSensitiveFocused(doc: Document): boolean {
  const active = focusedElement(doc);
  return active !== null && isSensitiveField(active);
}

/** The focused input or textarea of `doc` holding free text, unless it is sensitive. */
export function focusedTextField(doc: Document): TextField | null {
  const active = focusedElement(doc);
  if (!active || isSensitiveField(active)) return null;
  if (active.tagName === 'TEXTAREA') return active as HTMLTextAreaElement;
  if (active.tagName === 'INPUT' && TEXT_INPUT_TYPES.has((active as HTMLInputElement).type)) return active as HTMLInputElement;
  return null;
}
