import { startCaptions } from '@/lib/content/captions';
import { takeClickedVideo } from '@/lib/content/captions-video';

/** Injected into the clicked frame when the user chooses "Translate captions" on a video. */
export default defineContentScript({
  registration: 'runtime',
  matches: [],
  main(ctx) {
    // Tied to this script's context: a reload or update of the extension ends what it started.
    void startCaptions(window, ctx, takeClickedVideo());
  },
});
