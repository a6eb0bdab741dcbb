import { providePagePlayer } from '@/lib/content/page-player-slot';
import { createPagePlayer } from '@/lib/page/player/page-player';

/** Injected next to the page script when a reading of this page starts: the in-page player. */
export default defineContentScript({
  registration: 'runtime',
  matches: [],
  main() {
    providePagePlayer(createPagePlayer);
  },
});
