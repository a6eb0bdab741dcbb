/**
 * A timer that aborts its signal unless it is re-armed in time: the client's budget for the
 * service to start answering, then for each stretch of silence while the answer arrives. A long
 * answer that keeps coming (a big wav on a slow link) is never cut off for its total length.
 */
export interface Watchdog {
  readonly signal: AbortSignal;
  /** Starts the countdown again from now. */
  rearm(): void;
  stop(): void;
}

/** A watchdog that fires after `ms` without a `rearm()`. */
export function createWatchdog(ms: number): Watchdog {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(new DOMException(`No answer for ${ms} ms`, 'TimeoutError')), ms);
  };
  arm();
  return {
    signal: controller.signal,
    rearm: () => {
      if (!controller.signal.aborted) arm();
    },
    stop: () => clearTimeout(timer),
  };
}

/** The same response, whose body re-arms `watchdog` with every piece that arrives. */
export function watchedResponse(res: Response, watchdog: Watchdog): Response {
  if (!res.body) return res;
  const body = res.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      start(controller) {
        // The reader gives up when the watchdog fires, whatever the body's source does.
        watchdog.signal.addEventListener('abort', () => controller.error(watchdog.signal.reason), { once: true });
      },
      transform(chunk, controller) {
        watchdog.rearm();
        controller.enqueue(chunk);
      },
    }),
  );
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}
