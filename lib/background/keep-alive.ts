import { browser } from 'wxt/browser';

/** Below Chrome's 30 s idle limit, with room for a busy event loop. */
const PING_MS = 20_000;
let pending = 0;
let timer: ReturnType<typeof setInterval> | null = null;

/**
 * Chrome stops a service worker that received no extension event for 30 s, even while it waits
 * on timers (a download on a free plan waits for its rate window; a reading's chunk waits out a
 * Retry-After). Calling an extension API resets that clock, so long work is not cut off half-way.
 * One timer serves every piece of work under way, however many overlap.
 */
export async function keepAliveDuring<T>(work: () => Promise<T>): Promise<T> {
  if (pending++ === 0) timer = setInterval(() => void browser.runtime.getPlatformInfo().catch(() => undefined), PING_MS);
  try {
    return await work();
  } finally {
    if (--pending === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  }
}

/** Whether some work is keeping the worker alive right now (for tests). */
export const keepingAlive = (): boolean => pending > 0;
