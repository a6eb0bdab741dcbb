import { providePageTranslator } from '@/lib/content/page-translate-slot';
import { translatePageFromAgent } from '@/lib/content/page-translate-link';

/** Injected next to the page script when the user asks to translate the page. */
export default defineContentScript({
  registration: 'runtime',
  matches: [],
  main() {
    providePageTranslator(translatePageFromAgent);
  },
});
