import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeServiceError } from './errors';
import { controlled, instant, maxInAnyWindow, rejection, scheduler, tick, WINDOW } from './scheduler.test-helpers';
import { useEnglishMessages } from '../i18n.test-helpers';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

// Errors are worded from public/_locales/en, as in an English browser.
beforeEach(() => useEnglishMessages());

describe('cancellation', () => {
  it('removes a queued task without running it', async () => {
    const s = scheduler('free');
    const { run, started } = controlled();
    s.schedule(run, { paid: true });
    s.schedule(run, { paid: true });
    const controller = new AbortController();
    const queued = s.schedule(run, { paid: true, signal: controller.signal });
    await tick();
    expect(s.pending).toBe(1);
    controller.abort();
    const e = await rejection(queued);
    expect(e.kind).toBe('cancelled');
    expect(s.pending).toBe(0);
    started.forEach((t) => t.finish());
    await tick();
    expect(started).toHaveLength(2);
  });

  it("aborts a running task's signal and rejects at once", async () => {
    const s = scheduler('free');
    const { run, started } = controlled();
    const controller = new AbortController();
    const running = s.schedule(run, { paid: true, signal: controller.signal });
    await tick();
    controller.abort();
    expect(started[0]!.signal.aborted).toBe(true);
    expect((await rejection(running)).kind).toBe('cancelled');
  });

  it('rejects a task whose signal is already aborted', async () => {
    const s = scheduler();
    const run = vi.fn(async () => 'x');
    expect((await rejection(s.schedule(run, { paid: true, signal: AbortSignal.abort() }))).kind).toBe('cancelled');
    expect(run).not.toHaveBeenCalled();
  });

  it('cancels while waiting to retry', async () => {
    const s = scheduler();
    const controller = new AbortController();
    const run = vi.fn(async () => {
      throw makeServiceError('rateLimited', { status: 429, retryAfterMs: 10_000 });
    });
    const p = s.schedule(run, { paid: true, signal: controller.signal });
    await tick(1000);
    controller.abort();
    expect((await rejection(p)).kind).toBe('cancelled');
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('clear() cancels queued and running tasks but not later ones', async () => {
    const s = scheduler('free');
    const { run, started } = controlled();
    const before = Array.from({ length: 4 }, () => rejection(s.schedule(run, { paid: true })));
    await tick();
    s.clear();
    expect((await Promise.all(before)).map((e) => e.kind)).toEqual(Array(4).fill('cancelled'));
    expect(started.every((t) => t.signal.aborted)).toBe(true);
    const after = s.schedule(async () => 'fresh', { paid: true });
    await tick();
    await expect(after).resolves.toBe('fresh');
  });
});

describe('retry policy', () => {
  const failing = (kind: Parameters<typeof makeServiceError>[0], times = Infinity, retryAfterMs?: number, status?: number) => {
    let calls = 0;
    const run = vi.fn(async () => {
      calls += 1;
      // 503 by default for 'server': the status that says no work was done, so paid work may retry.
      if (calls <= times) throw makeServiceError(kind, { retryAfterMs, status: status ?? (kind === 'server' ? 503 : undefined) });
      return 'ok';
    });
    return run;
  };

  it.each([
    ['timeout', true, 1, undefined],
    ['badResponse', true, 1, undefined],
    ['timeout', false, 3, undefined],
    ['badResponse', false, 3, undefined],
    ['network', true, 3, undefined],
    ['server', true, 3, 503],
    ['server', true, 1, 500],
    ['server', false, 3, 500],
    ['rateLimited', true, 6, undefined],
    ['unauthorized', false, 1, undefined],
    ['insufficientCredits', true, 1, undefined],
    ['invalidRequest', true, 1, undefined],
  ] as const)('%s (paid %s) is attempted %i time(s) (HTTP %s)', async (kind, paid, attempts, status) => {
    const s = scheduler('enterprise');
    const run = failing(kind, Infinity, undefined, status);
    const p = rejection(s.schedule(run, { paid }));
    await tick(120_000);
    expect((await p).kind).toBe(kind);
    expect(run).toHaveBeenCalledTimes(attempts);
  });

  it('retries a 429 after Retry-After, and then succeeds', async () => {
    const s = scheduler('enterprise');
    const run = failing('rateLimited', 1, 3000);
    const p = s.schedule(run, { paid: true });
    await tick(2999);
    expect(run).toHaveBeenCalledTimes(1);
    await tick(200);
    expect(run).toHaveBeenCalledTimes(2);
    await expect(p).resolves.toBe('ok');
  });

  it('tells the caller about each retry and its delay', async () => {
    const s = scheduler('enterprise');
    const onRetry = vi.fn();
    const p = s.schedule(failing('rateLimited', 1, 3000), { paid: true, onRetry });
    await tick(3500);
    await expect(p).resolves.toBe('ok');
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(onRetry.mock.calls[0]![0]).toMatchObject({ kind: 'rateLimited' });
    expect(onRetry.mock.calls[0]![1]).toBeGreaterThanOrEqual(3000);
  });

  it('retries a 5xx with backoff and succeeds', async () => {
    const s = scheduler('enterprise');
    const run = failing('server', 2);
    const p = s.schedule(run, { paid: true });
    await tick(499);
    expect(run).toHaveBeenCalledTimes(1);
    await tick(1);
    expect(run).toHaveBeenCalledTimes(2);
    await tick(1000);
    await expect(p).resolves.toBe('ok');
  });

  it('passes other errors through untouched', async () => {
    const s = scheduler();
    const boom = new Error('boom');
    await expect(s.schedule(async () => Promise.reject(boom), { paid: false })).rejects.toBe(boom);
  });

  it('counts retries against the rate window', async () => {
    const s = scheduler('free');
    const { run, starts } = instant();
    let failed = false;
    const flaky = async () => {
      starts.push(Date.now());
      if (!failed) {
        failed = true;
        throw makeServiceError('network');
      }
      return 'ok';
    };
    const all = [s.schedule(flaky, { paid: true }), ...Array.from({ length: 10 }, () => s.schedule(run, { paid: true }))];
    await tick(5000);
    await Promise.all(all);
    expect(starts).toHaveLength(12);
    expect(maxInAnyWindow(starts, WINDOW)).toBeLessThanOrEqual(10);
  });
});

