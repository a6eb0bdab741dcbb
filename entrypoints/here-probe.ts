import { probeHere } from '@/lib/page/here-probe';

/**
 * Injected at a "Read aloud from here" click before the page and article scripts, and much smaller:
 * its result is the clicked paragraph's text and the place in it, so the first request can leave
 * while the article is still being found. Nothing else: no messages, no UI, nothing left running.
 */
export default defineUnlistedScript(() => probeHere(window));
