import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ServiceError } from '../api/errors';
import { waitNotesItem } from '../messaging/wait-notes';
import { useEnglishMessages } from '../i18n.test-helpers';
import { pacedNote, readingRetryNote, retryNote, setWaitNote, SLOW_NOTE_MS, watchWait } from './wait-notes';

function recorder() {
  const said: string[] = [];
  return { said, tell: { retry: (_e: unknown, ms: number) => said.push(`retry ${ms}`), slow: () => said.push('slow') } };
}

describe('watchWait', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('says once that the service is slow, after SLOW_NOTE_MS', async () => {
    const { said, tell } = recorder();
    watchWait(tell);
    await vi.advanceTimersByTimeAsync(SLOW_NOTE_MS - 1);
    expect(said).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(said).toEqual(['slow']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(said).toEqual(['slow']);
  });

  it('waits until the user is waiting, then says it within a second', async () => {
    const { said, tell } = recorder();
    let waiting = false;
    watchWait(tell, () => waiting);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(said).toEqual([]);
    waiting = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(said).toEqual(['slow']);
  });

  it('a retry coming explains the wait: "slow" is said only when the retry itself takes long', async () => {
    const { said, tell } = recorder();
    watchWait(tell).onRetry(new ServiceError('rateLimited', 'busy'), 2000);
    await vi.advanceTimersByTimeAsync(2000 + SLOW_NOTE_MS - 1);
    expect(said).toEqual(['retry 2000']);
    await vi.advanceTimersByTimeAsync(1);
    expect(said).toEqual(['retry 2000', 'slow']);
  });

  it('the plan’s pace explains the wait as a retry does, told to those who say it; others hear nothing of it', async () => {
    const { said, tell } = recorder();
    const paced = watchWait({ ...tell, paced: (ms: number, cap: number) => said.push(`paced ${ms} of ${cap}`) });
    paced.onPaced(40_000, 10);
    await vi.advanceTimersByTimeAsync(40_000 + SLOW_NOTE_MS - 1);
    expect(said).toEqual(['paced 40000 of 10']);
    await vi.advanceTimersByTimeAsync(1);
    expect(said).toEqual(['paced 40000 of 10', 'slow']);
    const quiet = recorder();
    watchWait(quiet.tell).onPaced(40_000, 10);
    await vi.advanceTimersByTimeAsync(SLOW_NOTE_MS);
    expect(quiet.said).toEqual(['slow']);
  });

  it('the plan’s pace is said once the user waits, with the time left; over before they wait, "slow" counts from its end', async () => {
    const said: string[] = [];
    let waiting = false;
    const tell = { retry: () => said.push('retry'), slow: () => said.push('slow'), paced: (ms: number) => said.push(`paced ${ms}`) };
    watchWait(tell, () => waiting).onPaced(30_000, 10);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(said).toEqual([]);
    waiting = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(said).toEqual(['paced 19000']);

    const late: string[] = [];
    let now = false;
    watchWait({ ...tell, slow: () => late.push('slow'), paced: () => late.push('paced') }, () => now).onPaced(5000, 10);
    await vi.advanceTimersByTimeAsync(6000);
    now = true;
    // The request left at 5 s: slow at 5 s + SLOW_NOTE_MS, not at once.
    await vi.advanceTimersByTimeAsync(SLOW_NOTE_MS - 1001);
    expect(late).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(late).toEqual(['slow']);
  });

  it('says nothing once the request is over, and passes retries on until then', async () => {
    const { said, tell } = recorder();
    const watch = watchWait(tell);
    watch.onRetry(new ServiceError('rateLimited', 'busy'), 12_000);
    watch.stop();
    watch.onRetry(new ServiceError('rateLimited', 'busy'), 3000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(said).toEqual(['retry 12000']);
  });
});

describe('retry notes', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    useEnglishMessages();
  });

  it('name a rate limit apart from another failure, with when it retries in whole seconds', () => {
    expect(retryNote(new ServiceError('rateLimited', 'busy'), 11_600)).toBe('The service is busy (rate limit); trying again by itself in 12 s.');
    expect(retryNote(new ServiceError('server', 'down'), 400)).toBe('The service did not answer properly; trying again by itself in 1 s.');
    expect(readingRetryNote(new ServiceError('rateLimited', 'busy'), 45_000)).toBe('The service is busy (rate limit). Reading continues by itself in 45 s.');
    expect(pacedNote(40_400, 10)).toBe('Your plan allows 10 requests a minute; continuing by itself in about 40 s.');
    expect(pacedNote(400, 60, 'reading')).toBe('Your plan allows 60 requests a minute. Reading continues by itself in about 1 s.');
    expect(pacedNote(40_400, 10, 'page')).toBe('Your plan allows 10 requests a minute: the next paragraphs follow by themselves in about 40 s.');
  });
});

describe('setWaitNote', () => {
  beforeEach(() => fakeBrowser.reset());

  it('keeps one note per subject, says whether it changed, and clears it', async () => {
    expect(await setWaitNote('reading:a', 'busy')).toBe(true);
    expect(await setWaitNote('reading:a', 'busy')).toBe(false);
    expect(await setWaitNote('translate:b', 'slow')).toBe(true);
    expect(await waitNotesItem.getValue()).toEqual({ 'reading:a': 'busy', 'translate:b': 'slow' });
    expect(await setWaitNote('reading:a', null)).toBe(true);
    expect(await setWaitNote('reading:a', null)).toBe(false);
    expect(await waitNotesItem.getValue()).toEqual({ 'translate:b': 'slow' });
  });
});
