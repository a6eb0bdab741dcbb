import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { clearPositions, countPositions, MAX_POSITIONS, pageKeyOf, positionOf, savePosition, type ReadingPosition } from './reading-positions';

const at = (url: string, sentence: number, savedAt = Date.now()): ReadingPosition => ({ url, title: 'T', textKey: 'k', sentence, sentenceCount: 40, savedAt });

beforeEach(() => fakeBrowser.reset());

describe('reading positions', () => {
  it('are kept per page, whatever the fragment', async () => {
    await savePosition('https://example.org/a?x=1#intro', at('https://example.org/a?x=1#intro', 12));
    expect(await positionOf('https://example.org/a?x=1#history')).toMatchObject({ sentence: 12, url: 'https://example.org/a?x=1' });
    expect(await positionOf('https://example.org/a?x=2')).toBeNull();
    expect(pageKeyOf('chrome://settings')).toBeNull();
  });

  it('are forgotten one by one or all at once, and only the newest are kept', async () => {
    for (let i = 0; i < MAX_POSITIONS + 3; i++) await savePosition(`https://example.org/${i}`, at(`https://example.org/${i}`, 1, i));
    expect(await countPositions()).toBe(MAX_POSITIONS);
    expect(await positionOf('https://example.org/0')).toBeNull();
    await savePosition('https://example.org/10', null);
    expect(await positionOf('https://example.org/10')).toBeNull();
    await clearPositions();
    expect(await countPositions()).toBe(0);
  });
});
