import { probeWritten } from '@/lib/bubble/written-probe';

/**
 * Injected at the translate shortcut beside the page script, and much smaller: what the user wrote
 * in the focused box, so its translation can be asked for before the page script has started.
 * Nothing else: no messages, no UI, nothing left running.
 */
export default defineUnlistedScript(() => probeWritten(window));
