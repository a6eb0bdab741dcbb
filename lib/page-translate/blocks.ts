import { baseCode, languageByCode } from '../language';
import { closestLanguage } from '../page/page-language';

/** A paragraph-level piece of the page to translate as one unit. */
export interface PageBlock {
  element: Element;
  /** Its visible text with whitespace collapsed, as it is sent and cached. */
  text: string;
  /** Its declared language (closest `lang`) when the translator knows it; null lets the service detect it. */
  source: string | null;
}

/** Elements that hold one paragraph of running text. */
const BLOCK_TAGS = new Set(['P', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'LI', 'BLOCKQUOTE', 'DD', 'DT', 'FIGCAPTION', 'TD', 'TH', 'CAPTION', 'SUMMARY', 'LEGEND']);

/**
 * Where nothing is translated, so nothing is paid for: navigation, asides (related links, most
 * popular), code, forms and controls, and whatever hides itself. An article's own `header` and
 * `footer` are kept (its title, a correction); the site's, outside the article, are not.
 */
const SKIPPED = new Set(['NAV', 'ASIDE', 'CODE', 'PRE', 'KBD', 'SAMP', 'VAR', 'SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'FORM', 'INPUT', 'TEXTAREA', 'SELECT', 'BUTTON', 'OPTION', 'SVG', 'MATH', 'IFRAME', 'CANVAS', 'VIDEO', 'AUDIO', 'OBJECT']);
const SKIPPED_ROLES = new Set(['navigation', 'menu', 'menubar', 'toolbar', 'search', 'tablist', 'dialog', 'alertdialog', 'complementary', 'banner', 'contentinfo']);
/** The page's chrome around an article, by the names sites give it: bylines, dates, sharing, breadcrumbs. */
const CHROME_NAME = /(?:^|[\s_-])(?:byline|by-line|author|authors|dateline|timestamp|published|share|sharing|social|breadcrumbs?)(?:$|[\s_-])/i;
const CHROME_ITEMPROP = new Set(['author', 'datePublished', 'dateModified']);
/** Table cells shorter than this (in words) are labels and figures, not text worth paying for. */
const MIN_CELL_WORDS = 3;
/** Where the article is, when the page says: the site's header and footer outside it are chrome. */
const ARTICLE_SELECTOR = 'main, article, [role="main"], [role="article"]';

/** Attribute marking every node Voxlate inserts (also how the page finds and removes them). */
export const TRANSLATION_ATTRIBUTE = 'data-voxlate-translation';

// A letter of any script: a block of only numbers, dates or symbols needs no translation.
const LETTER = /\p{L}/u;

// Scripts that tell their language (or its family) from the text alone.
const SCRIPT_OF: Record<string, RegExp> = {
  ja: /[\p{Script=Hiragana}\p{Script=Katakana}]/u,
  ko: /\p{Script=Hangul}/u,
  zh: /\p{Script=Han}/u,
  ar: /\p{Script=Arabic}/u,
  fa: /\p{Script=Arabic}/u,
  ur: /\p{Script=Arabic}/u,
  he: /\p{Script=Hebrew}/u,
  ru: /\p{Script=Cyrillic}/u,
  uk: /\p{Script=Cyrillic}/u,
  bg: /\p{Script=Cyrillic}/u,
  el: /\p{Script=Greek}/u,
  hi: /\p{Script=Devanagari}/u,
  th: /\p{Script=Thai}/u,
};

/**
 * The page's blocks worth translating into `target`, in document order: the innermost
 * paragraph-level elements with visible text, outside navigation, code, forms, editable or hidden
 * regions and our own UI, and not already in the target language.
 */
export function findBlocks(root: Element, target: string): PageBlock[] {
  const want = baseCode(target);
  const blocks: PageBlock[] = [];
  const view = root.ownerDocument.defaultView;
  const hasArticle = root.ownerDocument.querySelector(ARTICLE_SELECTOR) !== null;
  const visit = (element: Element): boolean => {
    if (isSkipped(element, view) || isChrome(element, hasArticle)) return false;
    let holdsBlock = false;
    for (const child of Array.from(element.children)) holdsBlock = visit(child) || holdsBlock;
    if (!BLOCK_TAGS.has(element.tagName) || holdsBlock) return holdsBlock || BLOCK_TAGS.has(element.tagName);
    const text = blockText(element);
    if (!LETTER.test(text) || isLinksOnly(element, text) || isShortCell(element, text)) return true;
    const declared = closestLanguage(element);
    if (declared === want || inTargetScript(text, want, declared)) return true;
    blocks.push({ element, text, source: declared && languageByCode(declared) ? declared : null });
    return true;
  };
  visit(root);
  return blocks;
}

/** The text of a block as it reads (what is sent): hidden parts and marked authors and dates are left out. */
export function blockText(element: Element): string {
  let out = '';
  const walk = (node: Node) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === 3) out += (child as Text).data;
      else if (child.nodeType === 1 && !isHiddenInline(child as Element)) {
        if ((child as Element).tagName === 'BR') out += ' ';
        else walk(child);
      }
    }
  };
  walk(element);
  return out.replace(/\s+/gu, ' ').trim();
}

function isSkipped(element: Element, view: (Window & typeof globalThis) | null): boolean {
  if (SKIPPED.has(element.tagName.toUpperCase()) || element.hasAttribute(TRANSLATION_ATTRIBUTE)) return true;
  if (element.tagName.toLowerCase().startsWith('voxlate-')) return true;
  const role = element.getAttribute('role');
  if (role && SKIPPED_ROLES.has(role)) return true;
  if (element.getAttribute('aria-hidden') === 'true' || element.hasAttribute('hidden') || element.hasAttribute('inert')) return true;
  const editable = element.getAttribute('contenteditable');
  if (editable !== null && editable !== 'false') return true;
  if (element.getAttribute('translate') === 'no' || element.classList.contains('notranslate')) return true;
  const style = view?.getComputedStyle(element);
  return style?.display === 'none' || style?.visibility === 'hidden';
}

/**
 * Site chrome rather than the article: the site's header and footer (outside the article, when
 * the page marks one), and bylines, dates, share widgets and breadcrumbs by their names.
 */
function isChrome(element: Element, hasArticle: boolean): boolean {
  const tag = element.tagName.toUpperCase();
  if ((tag === 'HEADER' || tag === 'FOOTER') && hasArticle && !element.parentElement?.closest(ARTICLE_SELECTOR)) return true;
  const itemprop = element.getAttribute('itemprop');
  if (itemprop && CHROME_ITEMPROP.has(itemprop)) return true;
  if (element.getAttribute('rel') === 'author') return true;
  const names = `${element.getAttribute('class') ?? ''} ${element.id}`;
  return CHROME_NAME.test(names);
}

/** A block that is only links ("Skip to content", a kicker, a list of related stories): navigation. */
function isLinksOnly(element: Element, text: string): boolean {
  const links = Array.from(element.querySelectorAll('a[href]'), (a) => blockText(a)).join(' ');
  return links.length > 0 && links.replace(/\s+/gu, '') === text.replace(/\s+/gu, '');
}

/** A table cell of a word or two: a label or a figure. */
function isShortCell(element: Element, text: string): boolean {
  const tag = element.tagName.toUpperCase();
  return (tag === 'TD' || tag === 'TH') && text.split(' ').length < MIN_CELL_WORDS;
}

function isHiddenInline(element: Element): boolean {
  const tag = element.tagName.toUpperCase();
  if (tag === 'SCRIPT' || tag === 'STYLE' || tag === 'TEMPLATE' || element.hasAttribute(TRANSLATION_ATTRIBUTE) || element.getAttribute('aria-hidden') === 'true') return true;
  // An author's name or a date marked as such, inside a line: not sent.
  const itemprop = element.getAttribute('itemprop');
  return (itemprop !== null && CHROME_ITEMPROP.has(itemprop)) || element.getAttribute('rel') === 'author';
}

/**
 * Whether undeclared text is plainly written in the target's own script (Japanese kana, Arabic…),
 * so it is in the target language already. Latin-script languages cannot be told apart this way:
 * for them the `lang` attribute decides. Chinese text in a Japanese page declares itself by `lang`.
 */
function inTargetScript(text: string, target: string, declared: string | null): boolean {
  const script = SCRIPT_OF[target];
  if (!script || (declared && declared !== target)) return false;
  const letters = [...text].filter((c) => LETTER.test(c));
  const matching = letters.filter((c) => script.test(c)).length;
  // Japanese text is Han and kana together: any kana marks it.
  if (target === 'ja') return matching > 0;
  if (target === 'zh' && SCRIPT_OF.ja!.test(text)) return false;
  return matching / letters.length > 0.5;
}
