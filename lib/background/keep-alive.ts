import { browser } from 'wxt/browser';

/**
 * Chrome stops a service worker that received no extension event for 30 s, even while it waits
 * on timers (a download on a free plan waits for its rate window). Calling an extension API
 * resets that clock, so long work is not cut off half-way.
 */
export async function keepAliveDuring<T>(work: () => Promise<T>): Promise<T> {
  const timer = setInterval(() => void browser.runtime.getPlatformInfo().catch(() => undefined), 20_000);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}
