/** Text read from the page, and how to show on the page which part of it is being read. */
export interface PageSource {
  kind: 'selection' | 'field' | 'article';
  /** The text to speak/translate. For 'article': the title, a blank line, then the article's paragraphs separated by blank lines. */
  text: string;
  /** Page title (document.title, or the article title). */
  title: string;
  /** A language hint from the closest lang attribute (e.g. 'fr', 'ja'), or null. */
  languageHint: string | null;
  /** Highlights text[start, end) on the live page (no DOM change) and scrolls it into view if it is outside the viewport. Safe to call with offsets that map to nothing (no-op). */
  highlight(start: number, end: number): void;
  clearHighlight(): void;
  /** Offsets in `text` where hidden text was left out (for comparing with what the browser reported). */
  gaps?: readonly number[];
  /** The text is what the browser reported as selected, not read from the page: nothing to highlight or replace. */
  reported?: boolean;
}
