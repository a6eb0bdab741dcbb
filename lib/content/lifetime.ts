import { browser } from 'wxt/browser';

/** What the page agent needs of WXT's content script context: to hear when it is invalidated. */
export interface PageLifetime {
  onInvalidated(cb: () => void): void;
}

interface RunningAgent {
  /** Whether the extension that started it is still there (not updated or removed since). */
  alive(): boolean;
  watch(ctx: PageLifetime): void;
  end(): void;
}

/** Whether the extension that started this script is still there (not reloaded, updated or removed). */
export const extensionAlive = (): boolean => browser.runtime?.id != null;

/**
 * Starts the page agent once per frame and ties it to the content script's lifetime. `start`
 * gets a signal that aborts when the agent ends (in-page UI closes on it) and returns what stops
 * it (message handlers, highlight).
 *
 * The page script is injected again at many invocations, and each injection's WXT context
 * invalidates the one before: while the extension is alive that is our own re-injection, and the
 * running agent goes on (its highlight, bubble and notices stay). When the extension was updated
 * or removed, the agent left behind ends and leaves the page as it found it; the new version's
 * script then starts its own.
 */
export function startOncePerPage(
  key: symbol,
  ctx: PageLifetime,
  start: (signal: AbortSignal) => () => void,
  alive: () => boolean = extensionAlive,
): void {
  const scope = globalThis as { [k: symbol]: RunningAgent | undefined };
  const running = scope[key];
  if (running?.alive()) return running.watch(ctx);
  running?.end();

  const ended = new AbortController();
  const stop = start(ended.signal);
  const agent: RunningAgent = {
    alive,
    watch(next) {
      next.onInvalidated(() => {
        if (!alive()) agent.end();
      });
    },
    end() {
      if (ended.signal.aborted) return;
      ended.abort();
      stop();
      if (scope[key] === agent) delete scope[key];
    },
  };
  scope[key] = agent;
  agent.watch(ctx);
}
