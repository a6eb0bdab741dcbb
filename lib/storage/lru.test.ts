import { describe, expect, it } from 'vitest';
import { cacheStats, chooseEvictions, type CacheMeta } from './lru';

const meta = (key: string, bytes: number, lastUsed: number): CacheMeta => ({ key, bytes, lastUsed });

describe('chooseEvictions', () => {
  it('evicts nothing within the bounds', () => {
    expect(chooseEvictions([meta('a', 10, 1), meta('b', 10, 2)], { maxBytes: 20, maxEntries: 2 })).toEqual([]);
  });

  it('evicts least recently used first until under the size', () => {
    const entries = [meta('new', 10, 30), meta('old', 10, 10), meta('mid', 10, 20), meta('newest', 10, 40)];
    expect(chooseEvictions(entries, { maxBytes: 25 })).toEqual(['old', 'mid']);
  });

  it('evicts least recently used first until under the count', () => {
    const entries = [meta('c', 1, 3), meta('a', 1, 1), meta('b', 1, 2)];
    expect(chooseEvictions(entries, { maxBytes: 1000, maxEntries: 2 })).toEqual(['a']);
    expect(chooseEvictions(entries, { maxBytes: 1000, maxEntries: 0 })).toEqual(['a', 'b', 'c']);
  });

  it('stops when both bounds hold', () => {
    const entries = [meta('a', 50, 1), meta('b', 50, 2), meta('c', 50, 3)];
    expect(chooseEvictions(entries, { maxBytes: 60, maxEntries: 10 })).toEqual(['a', 'b']);
    expect(chooseEvictions(entries, { maxBytes: 1000, maxEntries: 2 })).toEqual(['a']);
  });

  it('never evicts the kept entry, even when it alone exceeds the size', () => {
    expect(chooseEvictions([meta('big', 100, 1), meta('other', 10, 2)], { maxBytes: 50 }, 'big')).toEqual(['other']);
    expect(chooseEvictions([meta('a', 50, 1), meta('b', 50, 2), meta('c', 50, 3)], { maxBytes: 60 }, 'a')).toEqual(['b', 'c']);
  });

  it('skips pinned entries, however old, and evicts the next least recently used instead', () => {
    const entries = [meta('part-1', 10, 1), meta('part-2', 10, 2), meta('other', 10, 3), meta('new', 10, 4)];
    expect(chooseEvictions(entries, { maxBytes: 25 }, 'new', new Set(['part-1', 'part-2']))).toEqual(['other']);
  });

  it('stays over the bounds rather than evict a pinned entry', () => {
    const entries = [meta('part-1', 30, 1), meta('part-2', 30, 2), meta('new', 10, 3)];
    expect(chooseEvictions(entries, { maxBytes: 25, maxEntries: 1 }, 'new', new Set(['part-1', 'part-2']))).toEqual([]);
  });
});

describe('cacheStats', () => {
  it('counts entries and adds their sizes', () => {
    expect(cacheStats([])).toEqual({ entries: 0, bytes: 0 });
    expect(cacheStats([meta('a', 3, 1), meta('b', 4, 2)])).toEqual({ entries: 2, bytes: 7 });
  });
});
