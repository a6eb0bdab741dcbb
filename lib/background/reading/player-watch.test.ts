import { describe, expect, it } from 'vitest';
import { whenGone } from './player-watch';

describe('whenGone', () => {
  it('waits for a closing document to leave the list of contexts', async () => {
    let listed = 3;
    expect(await whenGone(async () => listed-- > 0, 2000)).toBe(true);
    expect(listed).toBe(-1);
  });

  it('says no when the document is still there after the delay (its port dropped, it did not)', async () => {
    expect(await whenGone(async () => true, 250)).toBe(false);
  });
});
