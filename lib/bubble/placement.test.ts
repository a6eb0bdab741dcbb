import { describe, expect, it } from 'vitest';
import { placeBubble } from './placement';

const viewport = { width: 1000, height: 800 };
const size = { width: 300, height: 200 };
const at = (top: number, left = 100) => ({ top, bottom: top + 20, left, right: left + 80 });

describe('placeBubble', () => {
  it('goes below the selection when it fits', () => {
    expect(placeBubble(at(100), size, viewport)).toEqual({ top: 128, left: 100, side: 'below', maxHeight: null });
  });

  it('flips above when there is no room below', () => {
    expect(placeBubble(at(700), size, viewport)).toEqual({ top: 492, left: 100, side: 'above', maxHeight: null });
  });

  it('stays inside the viewport horizontally', () => {
    expect(placeBubble(at(100, 900), size, viewport).left).toBe(692);
    expect(placeBubble(at(100, -50), size, viewport).left).toBe(8);
  });

  it('caps its height to the larger side when neither fits', () => {
    const tall = { width: 300, height: 700 };
    const p = placeBubble(at(300), tall, viewport);
    expect(p.side).toBe('below');
    expect(p.maxHeight).toBe(800 - 8 - 328);
  });

  it('follows a selection scrolled out of view instead of sticking to the edge', () => {
    expect(placeBubble(at(-500), size, viewport)).toMatchObject({ side: 'below', top: -472 });
  });

  it('sits inside the window, over a selection taller than it (select all), reachable by mouse', () => {
    // The five news sites' select-all: from far above the window to far below it.
    for (const top of [-116, -3945]) {
      const p = placeBubble({ top, bottom: 5200, left: 40, right: 900 }, size, viewport);
      expect(p.side).toBe('over');
      expect(p.top).toBeGreaterThanOrEqual(8);
      expect(p.top + (p.maxHeight ?? size.height)).toBeLessThanOrEqual(800 - 8);
    }
    // Room above a selection that starts on screen: it goes there, as before.
    expect(placeBubble({ top: 300, bottom: 3000, left: 40, right: 900 }, size, viewport)).toMatchObject({ side: 'above', top: 92 });
    // No room above either: at the selection's top, inside the window.
    expect(placeBubble({ top: 100, bottom: 3000, left: 40, right: 900 }, size, viewport)).toMatchObject({ side: 'over', top: 100 });
    // A tall bubble is capped to the window.
    expect(placeBubble({ top: -50, bottom: 3000, left: 40, right: 900 }, { width: 300, height: 2000 }, viewport)).toEqual({ top: 8, left: 40, side: 'over', maxHeight: 784 });
  });
});
