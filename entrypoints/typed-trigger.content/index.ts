import { sendMessage } from '@/lib/messaging/send';
import { watchTypedTrigger } from '@/lib/page/typed-trigger';

/**
 * Registered on every site only while the user has the typed trigger on (lib/background/typed-trigger.ts):
 * three spaces at the end of what they wrote ask the worker to translate it, as the shortcut would.
 */
export default defineContentScript({
  registration: 'runtime',
  matches: [],
  main(ctx) {
    watchTypedTrigger(window, () => void sendMessage('typedTrigger', undefined).catch(() => undefined), ctx.signal);
  },
});
