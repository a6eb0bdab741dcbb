import { describe, expect, it } from 'vitest';
import { startOncePerPage, type PageLifetime } from './lifetime';

/** A content script context as WXT makes one: each new injection invalidates the one before. */
function injections() {
  let previous: (() => void)[] = [];
  return (): PageLifetime => {
    for (const cb of previous) cb();
    const mine: (() => void)[] = [];
    previous = mine;
    return { onInvalidated: (cb) => void mine.push(cb) };
  };
}

describe('startOncePerPage', () => {
  it('keeps the running agent (and what it shows) when our own script is injected again', () => {
    const key = Symbol('agent');
    const inject = injections();
    const signals: AbortSignal[] = [];
    let stops = 0;
    const start = (signal: AbortSignal) => {
      signals.push(signal);
      return () => void stops++;
    };
    startOncePerPage(key, inject(), start, () => true);
    startOncePerPage(key, inject(), start, () => true);
    startOncePerPage(key, inject(), start, () => true);
    expect(signals).toHaveLength(1);
    expect(signals[0]!.aborted).toBe(false);
    expect(stops).toBe(0);
  });

  it('ends the agent of an updated or removed extension: its UI closes, it stops, a new one starts', () => {
    const key = Symbol('agent');
    const inject = injections();
    let alive = true;
    const signals: AbortSignal[] = [];
    let stops = 0;
    const start = (signal: AbortSignal) => {
      signals.push(signal);
      return () => void stops++;
    };
    startOncePerPage(key, inject(), start, () => alive);
    // The extension is updated: the old copy's context is invalidated by the new version's script.
    alive = false;
    const next = inject();
    expect(signals[0]!.aborted).toBe(true);
    expect(stops).toBe(1);
    alive = true;
    startOncePerPage(key, next, start, () => alive);
    expect(signals).toHaveLength(2);
    expect(signals[1]!.aborted).toBe(false);
  });

  it('replaces an agent whose extension is gone even when nothing invalidated it', () => {
    const key = Symbol('agent');
    let stops = 0;
    let starts = 0;
    const start = () => {
      starts++;
      return () => void stops++;
    };
    const quiet = { onInvalidated: () => undefined };
    startOncePerPage(key, quiet, start, () => false);
    startOncePerPage(key, quiet, start, () => true);
    expect([starts, stops]).toEqual([2, 1]);
  });
});
