import type { Break } from './text-map';

// Elements that end a line but not a paragraph: list items, cells and rows read better as lines.
const LINE_TAGS = new Set(['LI', 'DT', 'DD', 'TR', 'TD', 'TH', 'CAPTION', 'FIGCAPTION', 'OPTION', 'LEGEND', 'SUMMARY']);

// Default block-level HTML elements (HTML rendering section); everything else is treated as inline.
const PARAGRAPH_TAGS = new Set([
  'ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'BODY', 'CENTER', 'DETAILS', 'DIALOG', 'DIR', 'DIV', 'DL',
  'FIELDSET', 'FIGURE', 'FOOTER', 'FORM', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HEADER', 'HGROUP', 'HR',
  'MAIN', 'MENU', 'NAV', 'OL', 'P', 'PRE', 'SECTION', 'TABLE', 'TBODY', 'THEAD', 'TFOOT', 'UL',
]);

/**
 * How far text inside `element` is set apart from text around it: a paragraph break for blocks,
 * a line break for list items, cells and `<br>`, nothing for inline elements. A tag list rather
 * than computed styles, because Readability's clone is not rendered and has no styles.
 */
export function breakAround(element: Element): Break {
  const tag = element.tagName.toUpperCase();
  if (PARAGRAPH_TAGS.has(tag)) return 2;
  if (LINE_TAGS.has(tag) || tag === 'BR') return 1;
  return 0;
}
