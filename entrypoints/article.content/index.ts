import { provideArticleReader } from '@/lib/content/article-reader';
import { readArticle } from '@/lib/page/article';

/** Injected next to the page script, only when the user asks to hear the whole page. */
export default defineContentScript({
  registration: 'runtime',
  matches: [],
  main() {
    provideArticleReader(readArticle);
  },
});
