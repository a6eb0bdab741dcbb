import PQueue from 'p-queue';
import pRetry from 'p-retry';
import { abortableDelay } from './abortable-delay';
import { makeServiceError } from './error-messages';
import { isServiceError } from './errors';
import { linkedAbort, type LinkedAbort } from './linked-abort';
import { PLAN_LIMITS } from './plan-limits';
import { createRateGate } from './rate-gate';
import { decideRetry, RATE_LIMIT_RETRIES, TRANSIENT_RETRIES, type RetryBudget } from './retry-policy';
import type { Plan } from './schemas';

export interface SchedulerOptions {
  plan?: Plan;
  /** The service's rate window, 60 s; tests shrink it. */
  windowMs?: number;
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
  const gate = createRateGate(windowMs, PLAN_LIMITS[plan].perWindow);
  // One controller per scheduled request, so clear() can cancel them all.
  const live = new Set<LinkedAbort>();
  let tracked = 0;
  let active = 0;
  let sequence = 0;

  function attempt<T>(run: (signal: AbortSignal) => Promise<T>, signal: AbortSignal, priority: number, id: string) {
    return slots.add(
      async () => {
        // Rate window after the slot: the start is counted when the request really leaves.
        await gate.pass(signal, priority);
        opts.onStart?.(gate.history());
        active += 1;
        try {
          return await run(signal);
        } finally {
          active -= 1;
        }
      },
      { signal, priority, id },
    );
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
          return attempt(run, signal, priority, id);
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
