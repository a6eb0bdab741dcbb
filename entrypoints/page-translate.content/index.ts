import { providePageTranslator } from '@/lib/content/page-translate-slot';
import { translatePageFromAgent, translatePageOnRequest } from '@/lib/content/page-translate-link';

/**
 * Injected when the user asks to translate the page: it starts on what the worker left for it
 * (a web page), or waits for the page agent to start it (the PDF reader's page).
 */
export default defineContentScript({
  registration: 'runtime',
  matches: [],
  main(ctx) {
    providePageTranslator(translatePageFromAgent);
    translatePageOnRequest(window, ctx);
  },
});
