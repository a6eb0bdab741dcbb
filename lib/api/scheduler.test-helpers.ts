// Shared by the scheduler tests (fake timers are switched on by each test file).
import { vi } from 'vitest';
import type { ServiceError } from './errors';
import { createRequestScheduler } from './scheduler';
import type { Plan } from './schemas';

export const WINDOW = 1000;
// The scheduler keeps its window 2 % longer than the service's (arrival jitter).
export const WINDOW_WITH_MARGIN = 1020;

export const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

export function scheduler(plan: Plan = 'free') {
  return createRequestScheduler({ plan, windowMs: WINDOW, random: () => 0.5 });
}

/** A run function whose calls are recorded and which settles only when told to. */
export function controlled() {
  const started: { at: number; signal: AbortSignal; finish: () => void }[] = [];
  const run = (signal: AbortSignal) =>
    new Promise<string>((resolve) => {
      started.push({ at: Date.now(), signal, finish: () => resolve('done') });
    });
  return { run, started };
}

/** Starts are recorded; the run settles immediately. */
export function instant() {
  const starts: number[] = [];
  const run = async () => {
    starts.push(Date.now());
    return 'ok';
  };
  return { run, starts };
}

export function maxInAnyWindow(starts: number[], windowMs: number): number {
  return Math.max(0, ...starts.map((t) => starts.filter((u) => u >= t && u - t < windowMs).length));
}

/** The ServiceError a promise rejects with; fails the test if it resolves. */
export async function rejection(p: Promise<unknown>): Promise<ServiceError> {
  return p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: ServiceError) => e,
  );
}
