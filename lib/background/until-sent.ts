/** A paid request's cancellation, which holds only until the request has gone to the service. */
export interface UntilSent {
  /** Give this to the scheduler: it aborts while the request waits, never once it was sent. */
  signal: AbortSignal;
  /** Wraps the actual sending; from its start until it fails, cancelling no longer aborts. */
  send<T>(run: () => Promise<T>): Promise<T>;
  /** Detaches from the caller's signal; call when the request is over. */
  release(): void;
}

/**
 * Lets a caller withdraw a paid request that is still queued (waiting for a slot, the rate window
 * or a retry) without cutting off one already sent: the service does and charges the work anyway,
 * so it is better received into the cache than thrown away. A send that failed can be retried by
 * the scheduler; a cancellation that came meanwhile then applies before the retry goes out.
 */
export function cancelUntilSent(outer?: AbortSignal): UntilSent {
  const controller = new AbortController();
  let sending = false;
  const onAbort = () => {
    if (!sending) controller.abort(outer?.reason);
  };
  if (outer?.aborted) onAbort();
  else outer?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    async send(run) {
      sending = true;
      try {
        return await run();
      } catch (error) {
        sending = false;
        if (outer?.aborted) controller.abort(outer.reason);
        throw error;
      }
    },
    release: () => outer?.removeEventListener('abort', onAbort),
  };
}
