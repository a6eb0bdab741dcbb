import { startCaptions } from '@/lib/content/captions';

/** Injected into the clicked frame when the user chooses "Translate captions" on a video. */
export default defineContentScript({
  registration: 'runtime',
  matches: [],
  main() {
    void startCaptions(window);
  },
});
