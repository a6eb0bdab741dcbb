import { describe, expect, it } from 'vitest';
import { fetchPriority, fetchWindow, staleFetches, TOP_PRIORITY } from './fetch-plan';

// Ten chunks of 20 s each.
const starts = Array.from({ length: 10 }, (_, i) => i * 20);

describe('fetchWindow', () => {
  it('wants the awaited chunk and those starting within the horizon', () => {
    expect(fetchWindow(starts, 0, 0)).toEqual([0, 1, 2]);
    expect(fetchWindow(starts, 0, 5)).toEqual([0, 1, 2]);
    expect(fetchWindow(starts, 2, 50)).toEqual([2, 3, 4]);
    expect(fetchWindow(starts, 2, 55)).toEqual([2, 3, 4, 5]);
  });

  it('always wants at least the next two chunks, however long', () => {
    const long = [0, 300, 600, 900, 1200];
    expect(fetchWindow(long, 0, 0)).toEqual([0, 1, 2]);
    expect(fetchWindow(long, 3, 900)).toEqual([3, 4]);
  });

  it('wants many short chunks when they all start soon', () => {
    expect(fetchWindow([0, 1, 2, 3, 4, 60], 0, 0)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('fetchPriority', () => {
  it('is highest for the awaited chunk and lower further ahead, never below 1', () => {
    expect(fetchPriority(3, 3)).toBe(TOP_PRIORITY);
    expect(fetchPriority(4, 3)).toBe(TOP_PRIORITY - 1);
    expect(fetchPriority(40, 3)).toBe(1);
  });
});

describe('staleFetches', () => {
  it('drops requests behind the cursor and far beyond the window, keeps the rest', () => {
    expect(staleFetches([0, 3, 4, 5, 8], starts, 3, 60)).toEqual([0, 8]);
  });

  it('keeps everything still within the cancel horizon', () => {
    expect(staleFetches([1, 2, 3], starts, 0, 0)).toEqual([]);
  });
});
