import { isServiceError, ServiceError } from '../api/errors';

/** What the runner hands to whoever fetches one part. */
export interface PartFetch {
  index: number;
  /** Aborted when the job stops while this part has not been sent. */
  signal: AbortSignal;
  /** Call as each attempt leaves for the service; throws when the job stopped meanwhile. */
  beforeSend: () => void;
  /** Call when an attempt failed and will be retried: the part is waiting again. */
  onRetry: () => void;
}

export interface PartProgress {
  /** Parts whose audio is in (received now, or found in the cache). */
  done: number;
  /** Parts sent to the service at least once (paid, or about to be). */
  requested: number;
}

export interface PartRunOptions {
  total: number;
  /** Parts fetched at once: the plan's concurrency, so the scheduler is never flooded. */
  concurrency: number;
  fetchPart: (part: PartFetch) => Promise<void>;
  onProgress?: (progress: PartProgress) => void;
}

export interface PartRun {
  /** Resolves once every part is in; rejects at once with the first failure, or on cancel. */
  readonly finished: Promise<void>;
  /** Resolves when nothing of the job is in flight any more (sent parts landed or failed). */
  readonly drained: Promise<void>;
  /** Stops the job: parts not yet sent are dropped; a part already sent finishes (it is paid). */
  cancel(): void;
}

export const DOWNLOAD_CANCELLED = 'The download was cancelled.';

/**
 * Fetches a download's parts in order, at most `concurrency` at a time, and stops everything
 * not yet sent on cancel or on the first failure. "Sent" is known per attempt: a part between a
 * failed attempt and its retry is waiting again, and is dropped too.
 */
export function runParts(o: PartRunOptions): PartRun {
  let stopped: Error | null = null;
  let next = 0;
  let done = 0;
  const sent = new Set<number>();
  const waiting = new Map<number, { controller: AbortController; inFlight: boolean }>();
  let settle!: { resolve: () => void; reject: (e: Error) => void };
  const finished = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  // Nobody may be listening after a cancel; the outcome is still reported through `finished`.
  finished.catch(() => undefined);
  const report = () => o.onProgress?.({ done, requested: sent.size });

  function stop(reason: Error): void {
    if (stopped) return;
    stopped = reason;
    for (const part of waiting.values()) if (!part.inFlight) part.controller.abort(reason);
    settle.reject(reason);
  }

  async function worker(): Promise<void> {
    while (!stopped && next < o.total) {
      const index = next++;
      const part = { controller: new AbortController(), inFlight: false };
      waiting.set(index, part);
      try {
        await o.fetchPart({
          index,
          signal: part.controller.signal,
          beforeSend: () => {
            if (stopped) throw new ServiceError('cancelled', DOWNLOAD_CANCELLED);
            part.inFlight = true;
            if (!sent.has(index)) {
              sent.add(index);
              report();
            }
          },
          onRetry: () => {
            part.inFlight = false;
            if (stopped) part.controller.abort(stopped);
          },
        });
        done += 1;
        report();
        if (done === o.total) settle.resolve();
      } catch (error) {
        stop(asError(error));
      } finally {
        waiting.delete(index);
      }
    }
  }

  if (o.total === 0) settle.resolve();
  const workers = Array.from({ length: Math.max(1, Math.min(o.concurrency, o.total)) }, worker);
  return {
    finished,
    drained: Promise.all(workers).then(() => undefined),
    cancel: () => stop(new ServiceError('cancelled', DOWNLOAD_CANCELLED)),
  };
}

function asError(error: unknown): Error {
  if (isServiceError(error) || error instanceof Error) return error;
  return new ServiceError('badResponse', 'A part of the download failed. Try again.');
}
