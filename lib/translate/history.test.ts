import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { addHistory, clearHistory, getHistory, HISTORY_LIMIT, HISTORY_TEXT_LIMIT } from './history';

const entry = (i: number) => ({ sourceText: `text ${i}`, translation: `[ES] text ${i}`, sourceLanguage: 'en', targetLanguage: 'es', cost: 1, at: i });

describe('translation history', () => {
  beforeEach(() => fakeBrowser.reset());

  it('keeps the newest first, capped', async () => {
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) await addHistory(entry(i));
    const history = await getHistory();
    expect(history).toHaveLength(HISTORY_LIMIT);
    expect(history[0]).toMatchObject({ sourceText: `text ${HISTORY_LIMIT + 4}`, cost: 1 });
    expect(history[0]!.id).toBeTruthy();
  });

  it('moves a repeated translation to the top instead of duplicating it', async () => {
    await addHistory(entry(1));
    await addHistory(entry(2));
    await addHistory({ ...entry(1), cost: 0, at: 3 });
    expect((await getHistory()).map((e) => [e.sourceText, e.cost])).toEqual([['text 1', 0], ['text 2', 1]]);
  });

  it('shortens very long texts and says so', async () => {
    const added = await addHistory({ ...entry(1), sourceText: 'x'.repeat(HISTORY_TEXT_LIMIT + 10) });
    expect(added.sourceText).toHaveLength(HISTORY_TEXT_LIMIT);
    expect(added.truncated).toBe(true);
  });

  it('skips damaged entries and clears', async () => {
    await fakeBrowser.storage.local.set({ translationHistory: [{ nope: 1 }, { ...entry(1), id: 'x' }] });
    expect(await getHistory()).toHaveLength(1);
    await clearHistory();
    expect(await getHistory()).toEqual([]);
  });

  it('keeps concurrent additions', async () => {
    await Promise.all([1, 2, 3].map((i) => addHistory(entry(i))));
    expect(await getHistory()).toHaveLength(3);
  });
});
