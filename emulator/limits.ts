/**
 * Per-key rate limiting: a sliding window of accepted request times plus an in-flight counter.
 */
import { PLAN_LIMITS, type EmulatorAccount } from './accounts.ts';

/** Outcome of asking for a slot: granted, or refused with the seconds to wait. */
export type Admission = { ok: true; release: () => void } | { ok: false; retryAfter: number; reason: 'rate' | 'concurrency' };

/** Tracks windows and concurrency for every key. */
export class RateLimiter {
  private windows = new Map<string, number[]>();
  private inFlight = new Map<string, number>();

  constructor(public windowMs: number) {}

  /**
   * Admits one request or says why not. A refused request is not recorded, so it does not
   * count toward the window (clients that retry politely are not punished further).
   */
  admit(account: EmulatorAccount, now = Date.now()): Admission {
    const limits = PLAN_LIMITS[account.plan];
    const times = (this.windows.get(account.key) ?? []).filter((t) => t > now - this.windowMs);
    this.windows.set(account.key, times);
    if (times.length >= limits.perMinute) {
      // The oldest request leaving the window frees the next slot.
      const oldest = times[times.length - limits.perMinute] as number;
      const waitMs = oldest + this.windowMs - now;
      return { ok: false, reason: 'rate', retryAfter: Math.max(1, Math.ceil(waitMs / 1000)) };
    }
    const running = this.inFlight.get(account.key) ?? 0;
    if (running >= limits.concurrent) return { ok: false, reason: 'concurrency', retryAfter: 1 };
    times.push(now);
    this.inFlight.set(account.key, running + 1);
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        this.inFlight.set(account.key, (this.inFlight.get(account.key) ?? 1) - 1);
      },
    };
  }

  /** Forgets every window (in-flight requests keep their slots until they finish). */
  reset(): void {
    this.windows.clear();
  }
}
