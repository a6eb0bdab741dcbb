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
