

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

export interface LinkedAbort {
  controller: AbortController;
  signal: AbortSignal;
  /** Detaches from the parent signal; call when the work is over. */
  release(): void;
}

/**
 * An AbortController that also aborts when `parent` does. Used instead of
 * `AbortSignal.any([parent, shared])` where one long-lived signal would otherwise collect a
 * listener per request; the owner keeps the controllers and aborts them itself.
 */
export function linkedAbort(parent?: AbortSignal): LinkedAbort {
  const controller = new AbortController();
  const onAbort = () => controller.abort(parent?.reason);
  if (parent?.aborted) onAbort();
  else parent?.addEventListener('abort', onAbort, { once: true });
  return {
    controller,
    signal: controller.signal,
    release: () => parent?.removeEventListener('abort', onAbort),
  };
}

/** Waits `ms`, rejecting with the signal's reason as soon as it aborts. */
export function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
