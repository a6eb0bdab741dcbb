import PQueue from 'p-queue';
import pRetry from 'p-retry';
import { abortableDelay, linkedAbort, type LinkedAbort } from './abort';
import { makeServiceError, isServiceError } from './errors';
import { decideRetry, RATE_LIMIT_RETRIES, TRANSIENT_RETRIES, type RetryBudget } from './retry-policy';
import type { Plan } from './schemas';

export interface SchedulerOptions {
  plan?: Plan;
  /** The service's rate window, 60 s; tests shrink it. */
  windowMs?: number;
  /**
   * How much longer than the service's window ours is kept (requests arrive later than they
   * leave): 2 % of the window by default, 1.2 s of the real one. A test that shrinks the window
   * keeps this figure, or a busy machine's delays outgrow 2 % of a few seconds.
   */
  slackMs?: number;
  /** Source of jitter; injectable so tests are deterministic. */
  random?: () => number;
  /** Told when a request leaves (after the window let it through), to keep the window's history. */
  onStart?: (history: number[]) => void;
}

export interface ScheduleOptions {
  /** Whether the request costs credits; paid requests are never repeated when the work may have been done. */
  paid: boolean;
  /** Higher runs first: what the user is waiting for right now. */
  priority?: number;
  signal?: AbortSignal;
  /** Shows up in p-queue's `runningTasks` when debugging. */
  label?: string;
  /** Told before each automatic retry, so the UI can say "busy, continuing in N s". */
  onRetry?: (error: unknown, delayMs: number) => void;
  /**
   * Told when an attempt must wait for the plan's rate window (its requests a minute are used up),
   * with about how long and the plan's cap, so the UI can say why nothing comes meanwhile.
   */
  onPaced?: (delayMs: number, perWindow: number) => void;
}

export interface RequestScheduler {
  setPlan(plan: Plan): void;
  readonly plan: Plan;
  schedule<T>(run: (signal: AbortSignal) => Promise<T>, o: ScheduleOptions): Promise<T>;
  clear(): void;
  /** Scheduled requests not running right now (queued, waiting for the rate window or a retry). */
  readonly pending: number;
  /** Requests whose `run` is executing. */
  readonly active: number;
  /** Counts requests an earlier life of this worker started (see RateGate.seed). */
  seedHistory(starts: readonly number[]): void;
}

/**
 * Creates the scheduler every service request goes through: concurrency and a sliding-window
 * rate cap per plan, priorities, cancellation, and the retry policy in `retry-policy.ts`.
 * Each attempt, retries included, waits for a concurrency slot and then the rate window, so
 * retries count against the limits too. Retry waits happen outside the slot.
 */
export function createRequestScheduler(opts: SchedulerOptions = {}): RequestScheduler {
  const random = opts.random ?? Math.random;
  const windowMs = opts.windowMs ?? 60_000;
  let plan: Plan = opts.plan ?? 'free';
  const slots = new PQueue({ concurrency: PLAN_LIMITS[plan].concurrency });
  const gate = createRateGate(windowMs, PLAN_LIMITS[plan].perWindow, opts.slackMs);
  // One controller per scheduled request, so clear() can cancel them all.
  const live = new Set<LinkedAbort>();
  let tracked = 0;
  let active = 0;
  // Attempts waiting for a slot or the window: each needs a start of the window before a new one.
  let unstarted = 0;
  let sequence = 0;

  function attempt<T>(run: (signal: AbortSignal) => Promise<T>, signal: AbortSignal, priority: number, id: string, onPaced?: ScheduleOptions['onPaced']) {
    // Told now, whether it will wait for a slot or in the window: a slot can be held by a request
    // that itself waits for the window. Those not started yet go first (priorities aside: "about").
    const delayMs = onPaced ? gate.wait(unstarted) : 0;
    if (delayMs > 0) onPaced?.(delayMs, PLAN_LIMITS[plan].perWindow);
    unstarted += 1;
    let waiting = true;
    const started = () => {
      if (waiting) unstarted -= 1;
      waiting = false;
    };
    return slots
      .add(
        async () => {
          // Rate window after the slot: the start is counted when the request really leaves.
          await gate.pass(signal, priority);
          started();
          opts.onStart?.(gate.history());
          active += 1;
          try {
            return await run(signal);
          } finally {
            active -= 1;
          }
        },
        { signal, priority, id },
      )
      .finally(started);
  }

  async function schedule<T>(run: (signal: AbortSignal) => Promise<T>, o: ScheduleOptions): Promise<T> {
    const link = linkedAbort(o.signal);
    const { signal } = link;
    live.add(link);
    const priority = o.priority ?? 0;
    const id = `${o.label ?? 'request'}#${(sequence += 1)}`;
    const used: RetryBudget = { rateLimited: 0, transient: 0 };
    let waitMs = 0;
    tracked += 1;
    try {
      return await pRetry(
        async () => {
          if (waitMs > 0) await abortableDelay(waitMs, signal);
          return attempt(run, signal, priority, id, o.onPaced);
        },
        {
          retries: RATE_LIMIT_RETRIES + TRANSIENT_RETRIES,
          // p-retry drives attempts and aborts; the delay comes from decideRetry because it
          // honours Retry-After and uses the injected random source.
          minTimeout: 0,
          signal,
          shouldRetry: ({ error }) => {
            const decision = decideRetry(error, o.paid, used, random, windowMs);
            if (decision.retry) {
              waitMs = decision.delayMs;
              o.onRetry?.(error, waitMs);
            }
            return decision.retry;
          },
        },
      );
    } catch (e) {
      if (!signal.aborted) throw e;
      throw isServiceError(e) && e.kind === 'cancelled' ? e : makeServiceError('cancelled', { cause: e });
    } finally {
      tracked -= 1;
      link.release();
      live.delete(link);
    }
  }

  return {
    get plan() {
      return plan;
    },
    setPlan(next) {
      // Callers may re-announce the plan after every user refresh; rebuilding the rate window
      // for the same plan would needlessly forget when recent requests started.
      if (next === plan) return;
      plan = next;
      slots.concurrency = PLAN_LIMITS[next].concurrency;
      gate.setCap(PLAN_LIMITS[next].perWindow);
    },
    schedule,
    clear() {
      // Cancels everything scheduled so far (queued, waiting to retry and running): after a
      // "stop", nobody wants the results. New requests are unaffected.
      for (const link of live) link.controller.abort(makeServiceError('cancelled'));
    },
    get pending() {
      return tracked - active;
    },
    get active() {
      return active;
    },
    seedHistory: (starts) => gate.seed(starts),
  };
}

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
  /** About how long from now the window lets a request through with `ahead` others to start before it; 0: at once. */
  wait(ahead: number): number;
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
export function createRateGate(windowMs: number, perWindow: number, slackMs = windowMs * SAFETY_MARGIN): RateGate {
  const interval = Math.ceil(windowMs + slackMs);
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
    wait(ahead) {
      if (!queue) return 0;
      const now = Date.now();
      const recent = starts.filter((t) => now - t < interval);
      // Start n (the recent ones first) comes a window after start n − cap, and not before now.
      const at = (n: number): number => (n < recent.length ? recent[n]! : n < perWindow ? now : Math.max(now, at(n - perWindow) + interval));
      return at(recent.length + ahead) - now;
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

export interface PlanLimits {
  /** Requests in flight at once. */
  concurrency: number;
  /** Request starts per rate window; Infinity when the plan has no rate cap. */
  perWindow: number;
}

/**
 * The contract's limits. Enterprise concurrency is "custom" there; 10 is our own cap so one
 * page can't open a hundred connections.
 */
export const PLAN_LIMITS: Readonly<Record<Plan, PlanLimits>> = {
  free: { concurrency: 2, perWindow: 10 },
  pro: { concurrency: 5, perWindow: 60 },
  enterprise: { concurrency: 10, perWindow: Number.POSITIVE_INFINITY },
};
