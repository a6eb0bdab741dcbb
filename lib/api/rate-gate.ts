import PQueue from 'p-queue';
import { linkedAbort, type LinkedAbort } from './linked-abort';

// The service counts requests as they arrive, we count them as they leave; network jitter
// can bring two departures closer together on arrival, so the window is kept 2 % longer.
const SAFETY_MARGIN = 0.02;
// Enough history to seed the largest finite per-window cap (pro: 60).
const MAX_HISTORY = 100;
// Seeds must be counted before any waiter re-queues after a cap change.
const SEED_PRIORITY = Number.MAX_SAFE_INTEGER;
const CAP_CHANGED = Symbol('rate cap changed');

export interface RateGate {
  /** Resolves when a request may start now without exceeding the cap; rejects if `signal` aborts. */
  pass(signal: AbortSignal, priority: number): Promise<void>;
  /** Changes the cap; callers already waiting are re-queued under the new cap. */
  setCap(perWindow: number): void;
  /** When recent requests started (ms timestamps within the window), oldest first. */
  history(): number[];
  /**
   * Counts requests another life of this worker started (from `history()` kept in storage), so a
   * restarted worker does not burst into 429s. Like a cap change, they count as if just started.
   */
  seed(starts: readonly number[]): void;
}

/**
 * A sliding-window start limiter: at most `perWindow` starts in any rolling window, using
 * p-queue's `strict` mode (its default fixed windows let 2× the cap through at a boundary).
 *
 * p-queue can't change `intervalCap` at runtime, so a cap change builds a new queue and moves
 * the waiters to it. The new queue can't be told when earlier requests started, so it is seeded
 * with one tick per recent start as if they happened now: conservative (it may wait up to one
 * extra window right after a plan change) but never over the cap.
 */
export function createRateGate(windowMs: number, perWindow: number): RateGate {
  const interval = Math.ceil(windowMs * (1 + SAFETY_MARGIN));
  let starts: number[] = [];
  let queue = makeQueue(perWindow);
  // Requests waiting for the window; a cap change aborts them with CAP_CHANGED to re-queue them.
  const waiting = new Set<LinkedAbort>();

  function makeQueue(cap: number): PQueue | undefined {
    return Number.isFinite(cap) ? new PQueue({ intervalCap: cap, interval, strict: true }) : undefined;
  }

  function record(now: number) {
    starts = [...starts.filter((t) => now - t < interval), now].slice(-MAX_HISTORY);
  }

  return {
    async pass(signal, priority) {
      for (;;) {
        const current = queue;
        if (current) {
          const link = linkedAbort(signal);
          waiting.add(link);
          try {
            await current.add(() => undefined, { signal: link.signal, priority });
          } catch (e) {
            if (!signal.aborted && link.signal.reason === CAP_CHANGED) continue;
            throw e;
          } finally {
            link.release();
            waiting.delete(link);
          }
        }
        record(Date.now());
        return;
      }
    },
    setCap(cap) {
      perWindow = cap;
      const next = makeQueue(cap);
      const now = Date.now();
      const recent = starts.filter((t) => now - t < interval).length;
      for (let i = 0; next && i < Math.min(recent, cap); i++) {
        void next.add(() => undefined, { priority: SEED_PRIORITY });
      }
      queue = next;
      for (const link of waiting) link.controller.abort(CAP_CHANGED);
    },
    history() {
      const now = Date.now();
      return starts.filter((t) => now - t < interval);
    },
    seed(earlier) {
      const now = Date.now();
      const known = new Set(starts);
      const fresh = earlier.filter((t) => now - t < interval && t <= now && !known.has(t));
      if (fresh.length === 0) return;
      starts = [...fresh, ...starts].sort((a, b) => a - b).slice(-MAX_HISTORY);
      this.setCap(perWindow);
    },
  };
}
