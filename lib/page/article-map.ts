import { Readability } from '@mozilla/readability';
import { cloneWithTwins } from './clone-twins';
import { closestLanguage } from './page-language';
import { TextMapBuilder, type TextMap } from './text-map';
import { findLiveTitle } from './title';
import { appendVisibleText } from './walk-text';

/** The article of a page as text mapped to the live page's text nodes. */
export interface ArticleMap {
  map: TextMap;
  title: string;
  languageHint: string | null;
}

/**
 * Finds the main article of `doc` with Readability, run on a copy because Readability rewrites
 * the document it reads, and builds its text (title, blank line, paragraphs) mapped back to the
 * live text nodes the article was copied from. Null when there is no article text.
 */
export function readArticleMap(doc: Document): ArticleMap | null {
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

  const title = collapse(foundTitle ?? '') || collapse(doc.title);
  const builder = new TextMapBuilder();
  const liveTitle = title ? findLiveTitle(doc, title) : null;
  if (liveTitle) appendVisibleText(builder, liveTitle);
  else builder.addText(null, title);
  const titleLength = builder.build().text.length;
  builder.addBreak(2);
  appendVisibleText(builder, content, { target: liveTwin });
  const map = builder.build();
  if (map.text.length === titleLength) return null;

  const firstLive = map.runs.find((run) => run.node && run.start > titleLength)?.node ?? null;
  return { map, title, languageHint: closestLanguage(firstLive) ?? closestLanguage(doc.documentElement) };
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
