import type { PageSource } from '../page/highlight';

/**
 * Readability is most of the page script's weight and only "read this page" needs it, so it lives
 * in a second script (entrypoints/article.content) that the background injects only then. Both
 * scripts share the extension's isolated world in the frame, which is where they meet.
 */
const KEY = Symbol.for('voxlate.readArticle');
/** The page's article (a PDF's is found asynchronously, page by page). */
type ArticleReader = (doc: Document) => PageSource | null | Promise<PageSource | null>;

/** Called by the article script when it is injected. */
export function provideArticleReader(reader: ArticleReader): void {
  (globalThis as { [KEY]?: ArticleReader })[KEY] = reader;
}

/** The article reader, or null when the article script was not injected into this frame. */
export function articleReader(): ArticleReader | null {
  return (globalThis as { [KEY]?: ArticleReader })[KEY] ?? null;
}
