import { mappedSource, type PageSource } from './highlight';
import { Readability } from '@mozilla/readability';
import { closestLanguage } from './page-language';
import { findHeadline, headlineWords, visibleTextOf } from './headline';
import { TextMapBuilder, type TextMap, appendVisibleText } from './text-map';

/**
 * The main article of `doc` (found by Readability) as its title, a blank line, then its
 * paragraphs; highlights land on the live page. Null when no article text can be found.
 */
export function readArticle(doc: Document): PageSource | null {
  const article = readArticleMap(doc);
  if (!article) return null;
  return mappedSource('article', article.map, { doc, title: article.title, languageHint: article.languageHint });
}

/** The article of a page as text mapped to the live page's text nodes. */
export interface ArticleMap {
  map: TextMap;
  title: string;
  languageHint: string | null;
}

/**
 * Finds the main article of `doc` with Readability, run on a copy because Readability rewrites
 * the document it reads, and builds its text (headline, blank line, paragraphs) mapped back to the
 * live text nodes the article was copied from. When Readability finds nothing, the largest visible
 * block of text is the article, as a user would point at it. Null when there is no article text.
 */
export function readArticleMap(doc: Document): ArticleMap | null {
  return readabilityArticle(doc) ?? largestBlockArticle(doc);
}

function readabilityArticle(doc: Document): ArticleMap | null {
  const { clone, liveTwin } = cloneWithTwins(doc);
  let content: Node | null | undefined;
  let foundTitle: string | null | undefined;
  try {
    // The serializer hands back the article element itself instead of an HTML string.
    const article = new Readability<Node>(clone, { serializer: (node) => node }).parse();
    content = article?.content;
    foundTitle = article?.title;
  } catch {
    // Readability throws on some odd documents (no body, for one): treat as no article.
    return null;
  }
  if (!content) return null;
  return headedArticle(doc, [collapse(foundTitle ?? ''), collapse(doc.title)], (builder, headline) => {
    // The headline heard first is not heard again where the article repeats it.
    if (headline) dropHeading(content, headline.text);
    appendVisibleText(builder, content, { target: liveTwin });
  });
}

/**
 * The page's headline (lit while heard) or else its title, a blank line, then what `body` adds:
 * null when the body adds nothing.
 */
function headedArticle(
  doc: Document,
  titles: string[],
  body: (builder: TextMapBuilder, headline: { element: Element; text: string } | null) => void,
): ArticleMap | null {
  const element = findHeadline(doc, titles);
  const headline = element ? { element, text: visibleTextOf(element) } : null;
  const title = headline?.text ?? titles.find(Boolean) ?? '';
  const builder = new TextMapBuilder();
  if (headline) appendVisibleText(builder, headline.element);
  else builder.addText(null, title);
  const titleLength = builder.build().text.length;
  builder.addBreak(2);
  body(builder, headline);
  const map = builder.build();
  if (map.text.length === titleLength) return null;
  const firstLive = map.runs.find((run) => run.node && run.start > titleLength)?.node ?? null;
  return { map, title, languageHint: closestLanguage(firstLive) ?? closestLanguage(doc.documentElement) };
}

/** Removes from the article copy `content` a heading that says `headline` again. */
function dropHeading(content: Node, headline: string): void {
  if (!(content instanceof Element) && !(content instanceof DocumentFragment)) return;
  const wanted = headlineWords(headline).join(' ');
  for (const heading of Array.from(content.querySelectorAll('h1, h2')).slice(0, 5)) {
    if (headlineWords(heading.textContent ?? '').join(' ') === wanted) heading.remove();
  }
}

/** Elements that hold a text's lines (a text's block is its nearest one). */
const BLOCKS = new Set(['p', 'li', 'div', 'section', 'article', 'main', 'blockquote', 'pre', 'td', 'dd', 'dt', 'figcaption', 'h2', 'h3', 'h4', 'h5', 'h6', 'body']);
/** Where the text is the site's, not the page's own: never the largest block. */
const NOT_CONTENT = 'nav, header, footer, aside, form, script, style, noscript, template, button, select, [aria-hidden="true"], [role="navigation"], [role="banner"], [role="contentinfo"]';
/** How many of the largest blocks are tried before giving up (the largest may be hidden). */
const BLOCKS_TRIED = 3;

/**
 * When the article finder gives up (a page built unlike an article): the element whose paragraphs
 * hold the most text, judged by the text of each block counted for the element that holds it, read
 * as the page shows it, headed like an article.
 */
function largestBlockArticle(doc: Document): ArticleMap | null {
  if (!doc.body) return null;
  const sizes = new Map<Element, number>();
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const length = node.nodeValue?.trim().length ?? 0;
    // A script's or a style's text (a page's JSON, its CSS) is not text a person reads.
    if (!length || node.parentElement?.closest(NOT_CONTENT)) continue;
    let block = node.parentElement;
    while (block && !BLOCKS.has(block.localName)) block = block.parentElement;
    if (!block || block.closest(NOT_CONTENT)) continue;
    const holder = block === doc.body ? block : (block.parentElement ?? block);
    sizes.set(holder, (sizes.get(holder) ?? 0) + length);
  }
  const largest = [...sizes].sort((a, b) => b[1] - a[1]).slice(0, BLOCKS_TRIED);
  for (const [block] of largest) {
    const article = headedArticle(doc, [collapse(doc.title)], (builder, headline) => {
      // The headline, heard first, is not heard again inside the block.
      appendVisibleText(builder, block, { clip: (text) => (headline?.element.contains(text) ? null : [0, text.data.length]) });
    });
    if (article) return article;
  }
  return null;
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A copy of a document, and a way back from the copy's text nodes to the live page's. */
export interface TwinnedClone {
  clone: Document;
  /** The live text node `copy` was cloned from (or one with the same text), or null. */
  liveTwin(copy: Text): Text | null;
}

/**
 * Clones `doc` and pairs every text node of the clone with the live node it was copied from, by
 * walking both trees in step right after cloning, while they are still identical; a node keeps
 * its pairing wherever Readability moves it. When Readability retries, it re-parses the body from
 * HTML and the pairing is lost: those nodes are matched by their text instead, in page order.
 */
export function cloneWithTwins(doc: Document): TwinnedClone {
  const clone = doc.cloneNode(true) as Document;
  const twins = new WeakMap<Text, Text>();
  let live: Node | null = doc;
  let copy: Node | null = clone;
  while (live && copy) {
    if (live.nodeType === Node.TEXT_NODE && copy.nodeType === Node.TEXT_NODE) twins.set(copy as Text, live as Text);
    live = nextInOrder(live, doc);
    copy = nextInOrder(copy, clone);
  }
  let byText: Map<string, Text[]> | null = null;
  let previous: Text | null = null;
  return {
    clone,
    liveTwin(text) {
      let twin = twins.get(text) ?? null;
      // Readability rewrites some text; a changed node would highlight the wrong characters.
      if (!twin || twin.data !== text.data || !twin.isConnected) {
        byText ??= indexTextNodes(doc);
        twin = text.data.trim() ? takeBestMatch(byText.get(text.data), previous, followingTexts(text)) : null;
      }
      previous = twin ?? previous;
      return twin;
    },
  };
}

/** Live text nodes by their text, in page order; built only when Readability lost the pairing. */
function indexTextNodes(doc: Document): Map<string, Text[]> {
  const nodes = new Map<string, Text[]>();
  for (let node: Node | null = doc; node; node = nextInOrder(node, doc)) {
    if (node.nodeType !== Node.TEXT_NODE || !(node as Text).data.trim()) continue;
    const list = nodes.get((node as Text).data);
    if (list) list.push(node as Text);
    else nodes.set((node as Text).data, [node as Text]);
  }
  return nodes;
}

const LOOKAHEAD = 4;

/**
 * Picks, and uses up, the candidate whose following texts best match the copy's (menus repeat
 * headlines), preferring those after `previous` in page order: the article is asked for in order.
 */
function takeBestMatch(candidates: Text[] | undefined, previous: Text | null, wanted: string[]): Text | null {
  if (!candidates?.length) return null;
  let best = -1;
  let bestScore = -1;
  candidates.forEach((node, index) => {
    const after = !previous || Boolean(previous.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING);
    const following = followingTexts(node);
    let score = 0;
    while (score < wanted.length && following[score] === wanted[score]) score++;
    score = score * 2 + (after ? 1 : 0);
    if (score > bestScore) [best, bestScore] = [index, score];
  });
  return candidates.splice(best, 1)[0] ?? null;
}

/** The next few non-blank texts after `node`, leaving out scripts and styles (Readability drops them). */
function followingTexts(node: Text): string[] {
  const root = node.ownerDocument;
  const texts: string[] = [];
  for (let next = nextInOrder(node, root); next && texts.length < LOOKAHEAD; next = nextInOrder(next, root)) {
    if (next.nodeType !== Node.TEXT_NODE || !(next as Text).data.trim()) continue;
    if (/^(SCRIPT|STYLE|NOSCRIPT|TEMPLATE)$/i.test(next.parentElement?.tagName ?? '')) continue;
    texts.push((next as Text).data);
  }
  return texts;
}

/** The next node in document order under `root` (iterative: real pages nest deeply). */
function nextInOrder(node: Node, root: Node): Node | null {
  if (node.firstChild) return node.firstChild;
  for (let current: Node | null = node; current && current !== root; current = current.parentNode) {
    if (current.nextSibling) return current.nextSibling;
  }
  return null;
}
