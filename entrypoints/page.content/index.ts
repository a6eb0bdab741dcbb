import '@/lib/zod-setup';
import { startPageAgent } from '@/lib/content/agent';

/**
 * Injected only when the user invokes Voxlate on this page (activeTab + scripting); never declared
 * for any site. Injection can repeat (each invocation), so the agent starts once per frame.
 */
export default defineContentScript({
  registration: 'runtime',
  matches: [],
  main(ctx) {
    // Everything the agent puts on the page goes when this script is invalidated (an update).
    startPageAgent(ctx);
  },
});
