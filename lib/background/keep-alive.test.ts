import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { keepAliveDuring, keepingAlive } from './keep-alive';

beforeEach(() => {
  fakeBrowser.reset();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('keepAliveDuring', () => {
  it('calls an extension API every 20 s while any work is pending, once however many overlap, and stops after', async () => {
    const pings = vi.spyOn(fakeBrowser.runtime, 'getPlatformInfo').mockResolvedValue({ os: 'linux', arch: 'x86-64', nacl_arch: 'x86-64' } as never);
    let finishA!: () => void;
    let finishB!: () => void;
    const a = keepAliveDuring(() => new Promise<void>((resolve) => (finishA = resolve)));
    const b = keepAliveDuring(() => new Promise<void>((resolve) => (finishB = resolve)));
    await vi.advanceTimersByTimeAsync(45_000);
    expect(pings).toHaveBeenCalledTimes(2);
    finishA();
    await a;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(pings).toHaveBeenCalledTimes(3);
    expect(keepingAlive()).toBe(true);
    finishB();
    await b;
    expect(keepingAlive()).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(pings).toHaveBeenCalledTimes(3);
  });

  it('passes on the work’s failure and still stops', async () => {
    await expect(keepAliveDuring(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(keepingAlive()).toBe(false);
  });
});
