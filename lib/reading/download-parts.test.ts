import { describe, expect, it } from 'vitest';
import { ServiceError } from '../api/errors';
import { runParts, type PartFetch } from './download-parts';

/** A fake service behind the runner: each part waits until the test answers it. */
function fakeService() {
  const calls = new Map<number, { part: PartFetch; answer: (error?: Error) => void }>();
  const sent: number[] = [];
  const dropped: number[] = [];
  const fetchPart = (part: PartFetch) =>
    new Promise<void>((resolve, reject) => {
      part.signal.addEventListener('abort', () => {
        dropped.push(part.index);
        reject(new ServiceError('cancelled', 'cancelled'));
      });
      calls.set(part.index, { part, answer: (error) => (error ? reject(error) : resolve()) });
    });
  /** The scheduler lets a part's request leave (it calls beforeSend first, as fetchChunk does). */
  const send = (index: number) => {
    calls.get(index)!.part.beforeSend();
    sent.push(index);
  };
  const asked = () => [...calls.keys()];
  return { calls, sent, dropped, fetchPart, send, asked };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('runParts', () => {
  it('asks for the parts in order, never more at once than the concurrency, and counts them done', async () => {
    const service = fakeService();
    const progress: { done: number; requested: number }[] = [];
    const run = runParts({ total: 5, concurrency: 2, fetchPart: service.fetchPart, onProgress: (p) => progress.push(p) });
    await tick();
    expect(service.asked()).toEqual([0, 1]);
    service.send(0);
    service.send(1);
    service.calls.get(1)!.answer();
    await tick();
    expect(service.asked()).toEqual([0, 1, 2]);
    for (const index of [0, 2, 3, 4]) {
      await tick();
      if (!service.sent.includes(index)) service.send(index);
      service.calls.get(index)!.answer();
    }
    await run.finished;
    expect(progress.at(-1)).toEqual({ done: 5, requested: 5 });
  });

  it('on cancel drops the parts not yet sent, lets a sent one finish, and sends nothing after', async () => {
    const service = fakeService();
    const run = runParts({ total: 6, concurrency: 3, fetchPart: service.fetchPart });
    await tick();
    service.send(0);
    run.cancel();
    await expect(run.finished).rejects.toMatchObject({ kind: 'cancelled' });
    expect(service.dropped).toEqual([1, 2]);
    // Part 0 was sent: it is paid, so it is not cut off.
    service.calls.get(0)!.answer();
    await run.drained;
    expect(service.asked()).toEqual([0, 1, 2]);
    expect(() => service.calls.get(1)!.part.beforeSend()).toThrow(/cancelled/);
  });

  it('stops at the first failure: what waits is dropped and later parts are never asked for', async () => {
    const service = fakeService();
    const run = runParts({ total: 6, concurrency: 2, fetchPart: service.fetchPart });
    await tick();
    service.send(0);
    service.calls.get(0)!.answer(new ServiceError('server', 'The service had a problem (HTTP 500).'));
    await expect(run.finished).rejects.toMatchObject({ kind: 'server', message: 'The service had a problem (HTTP 500).' });
    await run.drained;
    expect(service.dropped).toEqual([1]);
    expect(service.asked()).toEqual([0, 1]);
  });

  it('a sent part whose attempt failed and waits to be retried is dropped too', async () => {
    const service = fakeService();
    const run = runParts({ total: 2, concurrency: 2, fetchPart: service.fetchPart });
    await tick();
    service.send(0);
    service.send(1);
    service.calls.get(1)!.part.onRetry();
    run.cancel();
    expect(service.dropped).toEqual([1]);
    // A retry already queued past the scheduler's wait is refused as it leaves.
    expect(() => service.calls.get(1)!.part.beforeSend()).toThrow(/cancelled/);
    service.calls.get(0)!.part.onRetry();
    expect(service.dropped).toEqual([1, 0]);
    await run.drained;
  });

  it('finishes at once with no parts', async () => {
    await expect(runParts({ total: 0, concurrency: 2, fetchPart: async () => undefined }).finished).resolves.toBeUndefined();
  });
});
