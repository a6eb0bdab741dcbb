import { isPasswordFocused } from './field-source';
import { closestLanguage } from './page-language';
import type { PageSource } from './page-source';
import { matchesReportedText, tidyReportedText } from './reported-text';
import { readSelection } from './selection';

/**
 * The selection to act on after a context-menu click. `reported` is what the browser saw selected
 * when the user right-clicked (the menu's `selectionText`); absent for a keyboard shortcut, which
 * then reads the page's selection as always. The page's selection is used when it still is what
 * was right-clicked (less the hidden text we leave out): it can be highlighted. When the page
 * changed or cleared it in between, the browser's report is used instead, as plain text.
 * A password field's text is never used, whoever reports it.
 */
export function readCheckedSelection(win: Window, reported?: string): PageSource | null {
  const read = readSelection(win);
  if (reported === undefined || (read && matchesReportedText(read, reported))) return read;
  if (isPasswordFocused(win.document)) return null;
  const text = tidyReportedText(reported);
  return text ? reportedSource(win.document, text) : null;
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
