import { isServiceError, ServiceError } from '../../api/errors';
import { t } from '../../i18n';

export interface PartRunOptions {
  total: number;
  /** Parts asked for at once: the plan's concurrency, so the scheduler is never flooded. */
  concurrency: number;
  /** Brings one part's audio into the cache (or finds it there). */
  fetchPart: (index: number) => Promise<void>;
  /**
   * Called once when the job stops (cancel or first failure): let go of every part asked for,
   * so what was not sent is dropped and what was sent finishes into the cache (it is paid).
   */
  release: () => void;
  /** Parts whose audio is in, after each one. */
  onProgress?: (done: number) => void;
}

export interface PartRun {
  /** Resolves once every part is in; rejects at once with the first failure, or on cancel. */
  readonly finished: Promise<void>;
  /** Resolves when no part of the job is being asked for any more. */
  readonly drained: Promise<void>;
  /** Stops the job: nothing more is asked for, and what waits is let go. */
  cancel(): void;
}

/**
 * Asks for a download's parts in order, at most `concurrency` at a time, and stops at once on
 * cancel or on the first failure: no new part is asked for, and the ones waiting are released.
 */
export function runParts(o: PartRunOptions): PartRun {
  let stopped: Error | null = null;
  let next = 0;
  let done = 0;
  let settle!: { resolve: () => void; reject: (e: Error) => void };
  const finished = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  // Nobody may be listening after a cancel; the outcome is still reported through `finished`.
  finished.catch(() => undefined);

  function stop(reason: Error): void {
    if (stopped) return;
    stopped = reason;
    settle.reject(reason);
    o.release();
  }

  async function worker(): Promise<void> {
    while (!stopped && next < o.total) {
      const index = next++;
      try {
        await o.fetchPart(index);
        done += 1;
        o.onProgress?.(done);
        if (done === o.total) settle.resolve();
      } catch (error) {
        stop(asError(error));
      }
    }
  }

  if (o.total === 0) settle.resolve();
  const workers = Array.from({ length: Math.max(1, Math.min(o.concurrency, o.total)) }, worker);
  return {
    finished,
    drained: Promise.all(workers).then(() => undefined),
    cancel: () => stop(new ServiceError('cancelled', t('downloadWasCancelled'))),
  };
}

function asError(error: unknown): Error {
  if (isServiceError(error) || error instanceof Error) return error;
  return new ServiceError('badResponse', t('downloadPartFailed'));
}
