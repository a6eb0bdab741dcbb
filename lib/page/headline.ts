import { TextMapBuilder, appendVisibleText } from './text-map';

/*
 * The headline a page reading starts with: what the page shows, not the document's <title>. A
 * title often carries the site's name or the author ("… | Eleanor Ainge Roy", "… - Breitbart",
 * "… · V8"), straight quotes where the page has curly ones, or says something else entirely
 * ("Daring Fireball: Colophon" over a page headed "About This Site"). Heard, it is not what the
 * user sees, and nothing on the page lights up while it plays.
 */

// Where pages put their headline: checked in this order, and only these, so the search stays cheap.
const HEADING_SELECTORS = ['h1', 'article h2', 'main h2', 'header h2'];
/** Per selector: a page with more headings than this is listing, not headed. */
const MAX_PER_SELECTOR = 20;
/** Parts of a page that are not the article's: a heading there is the site's. */
const CHROME = 'nav, footer, aside, [role="navigation"]';
/** What a site's logo heading holds: a link home, or the logo's picture. */
const LOGO = 'a[href="/"], a[rel="home"], img, svg';

/**
 * A headline's words as compared: Unicode-folded, lower case, the page's curly quotes and dashes
 * as a title's plain ones, punctuation dropped.
 */
export function headlineWords(text: string): string[] {
  const folded = text
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u201a\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u2033]/g, '"')
    .toLowerCase();
  return folded.match(/[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*/gu) ?? [];
}

/**
 * How well `heading` says what `title` says, 0 to 1: the share of the heading's words found in the
 * title, times whether the heading is most of the title (a site's name alone, "The Verge", is in
 * "… - The Verge" but is not its headline). 0 when either is empty.
 */
export function headlineMatch(heading: string, title: string): number {
  const said = headlineWords(heading);
  const titled = headlineWords(title);
  if (!said.length || !titled.length) return 0;
  const left = new Map<string, number>();
  for (const word of titled) left.set(word, (left.get(word) ?? 0) + 1);
  let shared = 0;
  for (const word of said) {
    const count = left.get(word) ?? 0;
    if (count > 0) {
      shared++;
      left.set(word, count - 1);
    }
  }
  const inTitle = shared / said.length;
  const ofTitle = shared / titled.length;
  // A heading that is the title with the site's name or a byline added or dropped, or a word changed.
  return inTitle >= 0.75 && ofTitle >= 0.4 ? inTitle * Math.min(1, ofTitle / 0.6) : 0;
}

/** The text of `element` a person sees, collapsed; empty when nothing of it shows. */
export function visibleTextOf(element: Element): string {
  const builder = new TextMapBuilder();
  appendVisibleText(builder, element);
  return builder.build().text.replace(/\s+/g, ' ').trim();
}

/**
 * The element that heads the page as the user sees it: the visible heading that best matches one
 * of `titles` (the article finder's title, the document's <title>); failing that, the page's one
 * visible <h1> outside its navigation (a headline that says something else than the title). Null
 * when nothing on the page says it: then the title is read, unlit.
 */
export function findHeadline(doc: Document, titles: readonly string[]): Element | null {
  const seen: { element: Element; text: string }[] = [];
  let best: Element | null = null;
  let bestScore = 0;
  for (const selector of HEADING_SELECTORS) {
    for (const element of Array.from(doc.querySelectorAll(selector)).slice(0, MAX_PER_SELECTOR)) {
      if (seen.some((s) => s.element === element)) continue;
      const text = visibleTextOf(element);
      if (!text) continue;
      seen.push({ element, text });
      const score = Math.max(...titles.map((title) => headlineMatch(text, title)));
      if (score > bestScore) [best, bestScore] = [element, score];
    }
  }
  if (best) return best;
  const ownHeadings = seen.filter(({ element }) => element.localName === 'h1' && !element.closest(CHROME) && !element.querySelector(LOGO));
  return ownHeadings.length === 1 ? ownHeadings[0]!.element : null;
}
