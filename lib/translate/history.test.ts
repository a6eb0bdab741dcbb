import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { voxlateDb } from '../storage/database';
import { addHistory, clearHistory, getHistory, HISTORY_LIMIT, HISTORY_TEXT_LIMIT } from './history';

const entry = (i: number) => ({ sourceText: `text ${i}`, translation: `[ES] text ${i}`, sourceLanguage: 'en', targetLanguage: 'es', cost: 1, at: i });

describe('translation history', () => {
  beforeEach(() => clearHistory());
  afterEach(() => vi.useRealTimers());

  it('lists translations finished in the same millisecond newest first', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_700_000_000_000 });
    for (let i = 0; i < 8; i++) await addHistory({ ...entry(i), at: undefined });
    expect((await getHistory()).map((e) => e.sourceText)).toEqual(Array.from({ length: 8 }, (_, i) => `text ${7 - i}`));
  });

  it('keeps the newest first, capped', async () => {
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) await addHistory(entry(i));
    const history = await getHistory();
    expect(history).toHaveLength(HISTORY_LIMIT);
    expect(history.map((e) => e.at)).toEqual(Array.from({ length: HISTORY_LIMIT }, (_, i) => HISTORY_LIMIT + 4 - i));
    expect(history[0]).toMatchObject({ sourceText: `text ${HISTORY_LIMIT + 4}`, cost: 1 });
    expect(history[0]!.id).toBeTruthy();
    // The oldest are deleted, not only hidden.
    expect(await (await voxlateDb()).count('history')).toBe(HISTORY_LIMIT);
  });

  it('moves a repeated translation to the top instead of duplicating it', async () => {
    await addHistory(entry(1));
    await addHistory(entry(2));
    await addHistory({ ...entry(1), cost: 0, at: 3 });
    expect((await getHistory()).map((e) => [e.sourceText, e.cost])).toEqual([['text 1', 0], ['text 2', 1]]);
  });

  it('keeps the same text into another language as its own entry', async () => {
    await addHistory(entry(1));
    await addHistory({ ...entry(1), targetLanguage: 'fr', at: 2 });
    await addHistory({ ...entry(1), sourceLanguage: null, at: 3 });
    expect(await getHistory()).toHaveLength(3);
  });

  it('shortens very long texts and says so', async () => {
    const added = await addHistory({ ...entry(1), sourceText: 'x'.repeat(HISTORY_TEXT_LIMIT + 10) });
    expect(added.sourceText).toHaveLength(HISTORY_TEXT_LIMIT);
    expect(added.sourceText.endsWith('…')).toBe(true);
    expect(added.truncated).toBe(true);
    expect((await getHistory())[0]).toEqual(added);
    expect((await addHistory(entry(2))).truncated).toBeUndefined();
  });

  it('skips damaged entries, drops them on the next addition, and clears', async () => {
    const db = await voxlateDb();
    await db.put('history', { id: 'bad', at: 5, nope: 1 });
    await db.put('history', { ...entry(1), id: 'x' });
    expect((await getHistory()).map((e) => e.id)).toEqual(['x']);
    await addHistory(entry(2));
    expect(await db.getAllKeys('history')).not.toContain('bad');
    await clearHistory();
    expect(await getHistory()).toEqual([]);
    expect(await db.count('history')).toBe(0);
  });

  it('keeps concurrent additions', async () => {
    await Promise.all([1, 2, 3].map((i) => addHistory(entry(i))));
    expect((await getHistory()).map((e) => e.at)).toEqual([3, 2, 1]);
  });
});
