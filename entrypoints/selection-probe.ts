import { probeSelection } from '@/lib/page/selection-probe';

/**
 * Injected at a "Read aloud" menu click beside the page script, and much smaller: its result is
 * the selection's visible text, so the first request can leave before the page script has even
 * started. Nothing else: no messages, no UI, nothing left running.
 */
export default defineUnlistedScript(() => probeSelection(window));
