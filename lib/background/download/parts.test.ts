import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ServiceError } from '../../api/errors';
import { runParts } from './parts';
import { useEnglishMessages } from '../../i18n.test-helpers';

/** A fake fetcher: each part waits until the test answers it, or until the job lets it go. */
function fakeParts() {
  const waiting = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  const asked: number[] = [];
  const fetchPart = (index: number) =>
    new Promise<void>((resolve, reject) => {
      asked.push(index);
      waiting.set(index, { resolve, reject });
    });
  const answer = (index: number, error?: Error) => {
    const part = waiting.get(index)!;
    waiting.delete(index);
    if (error) part.reject(error);
    else part.resolve();
  };
  /** What releasing does in the audio fetcher for parts not sent: they are cancelled. */
  const release = vi.fn(() => {
    for (const index of [...waiting.keys()]) answer(index, new ServiceError('cancelled', 'No longer wanted.'));
  });
  return { asked, fetchPart, answer, release, waiting };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

// Errors are worded from public/_locales/en, as in an English browser.
beforeEach(() => useEnglishMessages());

describe('runParts', () => {
  it('asks for the parts in order, never more at once than the concurrency', async () => {
    const parts = fakeParts();
    const progress: number[] = [];
    const run = runParts({ total: 5, concurrency: 2, fetchPart: parts.fetchPart, release: parts.release, onProgress: (d) => progress.push(d) });
    await tick();
    expect(parts.asked).toEqual([0, 1]);
    parts.answer(1);
    await tick();
    expect(parts.asked).toEqual([0, 1, 2]);
    expect(parts.waiting.size).toBe(2);
    for (const index of [0, 2, 3, 4]) {
      await tick();
      parts.answer(index);
    }
    await run.finished;
    expect(progress).toEqual([1, 2, 3, 4, 5]);
    expect(parts.release).not.toHaveBeenCalled();
  });

  it('on cancel lets go of what it asked for and asks for nothing more', async () => {
    const parts = fakeParts();
    const run = runParts({ total: 6, concurrency: 3, fetchPart: parts.fetchPart, release: parts.release });
    await tick();
    run.cancel();
    await expect(run.finished).rejects.toMatchObject({ kind: 'cancelled', message: 'The download was cancelled.' });
    await run.drained;
    expect(parts.release).toHaveBeenCalledTimes(1);
    expect(parts.asked).toEqual([0, 1, 2]);
  });

  it('stops at the first failure with that failure, and later parts are never asked for', async () => {
    const parts = fakeParts();
    const run = runParts({ total: 6, concurrency: 2, fetchPart: parts.fetchPart, release: parts.release });
    await tick();
    parts.answer(0, new ServiceError('server', 'The service had a problem (HTTP 500).'));
    await expect(run.finished).rejects.toMatchObject({ kind: 'server', message: 'The service had a problem (HTTP 500).' });
    await run.drained;
    expect(parts.release).toHaveBeenCalledTimes(1);
    expect(parts.asked).toEqual([0, 1]);
  });

  it('a sent part finishing after the stop still counts as received', async () => {
    const parts = fakeParts();
    const progress: number[] = [];
    // Here releasing drops nothing: both parts are on the wire, so they are allowed to finish.
    const run = runParts({ total: 3, concurrency: 2, fetchPart: parts.fetchPart, release: () => undefined, onProgress: (d) => progress.push(d) });
    await tick();
    run.cancel();
    parts.answer(1);
    parts.answer(0);
    await run.drained;
    expect(progress).toEqual([1, 2]);
    expect(parts.asked).toEqual([0, 1]);
  });

  it('finishes at once with no parts', async () => {
    await expect(runParts({ total: 0, concurrency: 2, fetchPart: async () => undefined, release: () => undefined }).finished).resolves.toBeUndefined();
  });
});
