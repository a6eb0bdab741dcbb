import { offsetAtCaret } from './caret';
import { hereCaret } from './from-here';
import { closestLanguage } from './page-language';
import { appendVisibleText, TextMapBuilder } from './text-map';

/**
 * What the here probe hands the background at a "Read aloud from here" click: the clicked
 * paragraph as the article reader will read it, and where in it the reading starts, so the first
 * request (that sentence alone) can leave while the article is still being found.
 */
export interface HereProbe {
  /** The clicked paragraph's visible text, mapped as the article's text maps it. */
  text: string;
  /** Where in `text` the reading starts (the caret, or the first character after it). */
  startOffset: number;
  /** Characters of the page from the paragraph's start to its end, hidden ones too: at least what a reading from here can read. */
  restChars: number;
  /** The language the page declares (a reading's hint), or null when it declares none. */
  pageLanguage: string | null;
}

/** Paragraphs shorter than this are not probed: a caption or a button's line may not be in the article. */
const MIN_PARAGRAPH_CHARS = 80;

/** Where an article's paragraphs are not: navigation, asides, page furniture, forms, tables. */
const NOT_ARTICLE = 'nav, aside, header, footer, form, table, figure, menu, dialog, [role="navigation"], [role="complementary"], [role="banner"], [role="contentinfo"], [aria-hidden="true"]';

/**
 * Parts an article reader (Readability) leaves out of the article by their class or id: page
 * furniture and the byline, which it keeps apart as the author's name. Its own patterns.
 */
const UNLIKELY = /-ad-|ai2html|banner|breadcrumbs|combx|comment|community|cover-wrap|disqus|extra|footer|gdpr|header|legends|menu|related|remark|replies|rss|shoutbox|sidebar|skyscraper|social|sponsor|supplemental|ad-break|agegate|pagination|pager|popup|yom-remote/i;
const MAYBE_ARTICLE = /and|article|body|column|content|main|mathjax|shadow/i;
const BYLINE = /byline|author|dateline|writtenby|p-author/i;

/** Whether the article reader may leave `paragraph` out (by its class, id or role, or an ancestor's). */
function mayBeLeftOut(paragraph: Element): boolean {
  for (let element: Element | null = paragraph; element && element.tagName !== 'BODY'; element = element.parentElement) {
    const names = `${element.className && typeof element.className === 'string' ? element.className : ''} ${element.id}`;
    if (BYLINE.test(names) || element.getAttribute('rel') === 'author' || element.getAttribute('itemprop')?.includes('author')) return true;
    if (UNLIKELY.test(names) && !MAYBE_ARTICLE.test(names)) return true;
  }
  return false;
}

/**
 * The clicked paragraph of `win` when it is surely part of the article a reading from here reads
 * and reads plainly: a `<p>` of running text, in the page's own declared language, with nothing
 * the cleanup rules treat apart (code, table cells, a part in another language). Otherwise null,
 * and the reading's first request waits for the article as before. The same caret as the page
 * script's (a fresh right-click place, else the selection's caret) and the same text map.
 */
export function probeHere(win: Window): HereProbe | null {
  const doc = win.document;
  const caret = hereCaret(win);
  const pageLanguage = closestLanguage(doc.documentElement);
  if (!caret || !pageLanguage || !doc.body) return null;
  const start = caret.node.nodeType === Node.ELEMENT_NODE ? (caret.node as Element) : caret.node.parentElement;
  const paragraph = start?.closest('p');
  if (!paragraph || paragraph.closest(NOT_ARTICLE) || mayBeLeftOut(paragraph) || closestLanguage(paragraph) !== pageLanguage) return null;
  const builder = new TextMapBuilder();
  appendVisibleText(builder, paragraph);
  const map = builder.build();
  if (map.text.trim().length < MIN_PARAGRAPH_CHARS || map.marks.length > 0) return null;
  const startOffset = offsetAtCaret(map, caret);
  if (startOffset === null || startOffset >= map.text.length) return null;
  const rest = doc.createRange();
  rest.setStartBefore(paragraph);
  rest.setEndAfter(doc.body.lastChild ?? doc.body);
  return { text: map.text, startOffset, restChars: rest.toString().length, pageLanguage };
}
