import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The project's own test pages, `test/fixtures/pages/<name>.html`: every clone has them. */
export const FIXTURE_PAGES_DIR = path.resolve(here, '../fixtures/pages');

/**
 * Saved real-world pages (`<name>/source.html`, `expected.html`): `../shared/pages` beside the
 * repository unless SHARED_PAGES_DIR says otherwise. An optional extra corpus: a clone with
 * nothing beside it does not have it, and the suite must pass and cover the same ground without.
 */
export const SHARED_PAGES_DIR = process.env.SHARED_PAGES_DIR ?? path.resolve(here, '../../../shared/pages');

/** Whether the extra corpus of saved real-world pages is there to run. */
export const HAS_SHARED_PAGES = existsSync(SHARED_PAGES_DIR);

/** Where the page server serves one of our pages. */
export function ownPageUrl(name: string): string {
  return `/fixtures/pages/${name}.html`;
}

/** Where the page server serves a saved real-world page. */
export function sharedPageUrl(name: string): string {
  return `/pages/${name}/`;
}

/** The file of one of our pages. */
export function ownPageFile(name: string): string {
  return path.join(FIXTURE_PAGES_DIR, `${name}.html`);
}

/** A file of a saved real-world page: the page as served, or the article Readability's tests expect. */
export function sharedPageFile(name: string, file: 'source.html' | 'expected.html' = 'source.html'): string {
  return path.join(SHARED_PAGES_DIR, name, file);
}

/**
 * Extra test cases over the saved real-world pages: all of them when the corpus is there, none
 * otherwise (cases are generated, never skipped, so a run without it shows no skips).
 */
export function ifSharedPages<T>(cases: T[]): T[] {
  return HAS_SHARED_PAGES ? cases : [];
}

/** One line for a run's summary: whether the extra corpus ran. */
export function sharedPagesSummary(): string {
  return HAS_SHARED_PAGES
    ? `Extra corpus: the saved real-world pages in ${SHARED_PAGES_DIR} ran too.`
    : `Extra corpus: ${SHARED_PAGES_DIR} is absent, so only the project's own pages ran.`;
}

/**
 * Run in a page (as source text: test runners wrap named functions in helpers pages lack): its
 * article three times over, each copy's paragraphs marked "(2)", "(3)": about 40,000 characters of
 * long-read.html. Returns the article's length.
 */
export const TRIPLE_ARTICLE = `(() => {
  const article = document.querySelector('article');
  const paragraphs = [...article.querySelectorAll('p')];
  for (let round = 2; round <= 3; round++) {
    for (const p of paragraphs) {
      const copy = p.cloneNode(true);
      copy.textContent = p.textContent + ' (' + round + ')';
      article.append(copy);
    }
  }
  return article.textContent.length;
})()`;
