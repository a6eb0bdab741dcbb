import { readArticleMap } from './article-map';
import { mappedSource } from './mapped-source';
import type { PageSource } from './page-source';

/**
 * The main article of `doc` (found by Readability) as its title, a blank line, then its
 * paragraphs; highlights land on the live page. Null when no article text can be found.
 */
export function readArticle(doc: Document): PageSource | null {
  const article = readArticleMap(doc);
  if (!article) return null;
  return mappedSource('article', article.map, { doc, title: article.title, languageHint: article.languageHint });
}
