import { describe, expect, it } from 'vitest';
import type { Box } from './boxes';
import { visibleSpan, type RectsOf } from './visibility';

/**
 * Lays a text out as fixed-width characters on lines of `perLine`, starting at `x0` (a text-indent
 * moves the first line only), 10px each way: the client rects a Range would give, one per line.
 */
function layout(length: number, perLine: number, x0 = 0, indent = 0): RectsOf {
  return (from, to) => {
    const rects: Box[] = [];
    for (let i = from; i < to; ) {
      const line = Math.floor(i / perLine);
      const end = Math.min(to, (line + 1) * perLine);
      const shift = x0 + (line === 0 ? indent : 0);
      rects.push({ left: shift + (i % perLine) * 10, right: shift + ((end - 1) % perLine) * 10 + 10, top: line * 10, bottom: line * 10 + 10 });
      i = end;
    }
    return length ? rects : [];
  };
}

const text = 'x'.repeat(100);

describe('visibleSpan', () => {
  it('keeps text wholly inside the area with one measure', () => {
    let calls = 0;
    const rects = layout(100, 10);
    const span = visibleSpan(text, 0, 100, { left: 0, top: 0, right: 1000, bottom: 1000 }, (a, b) => (calls++, rects(a, b)));
    expect(span).toEqual([0, 100]);
    expect(calls).toBe(1);
  });

  it('drops text wholly outside', () => {
    expect(visibleSpan(text, 0, 100, { left: 5000, top: 0, right: 6000, bottom: 1000 }, layout(100, 10))).toBeNull();
  });

  it('keeps the lines a box shows and cuts the ones below it', () => {
    // 10 characters a line; a 30px-tall box shows three lines.
    expect(visibleSpan(text, 0, 100, { left: 0, top: 0, right: 100, bottom: 30 }, layout(100, 10))).toEqual([0, 30]);
    // ...measured on the selected part only.
    expect(visibleSpan(text, 15, 100, { left: 0, top: 0, right: 100, bottom: 30 }, layout(100, 10))).toEqual([15, 30]);
  });

  it('cuts a single line where the box ends', () => {
    expect(visibleSpan(text, 0, 100, { left: 0, top: 0, right: 200, bottom: 10 }, layout(100, 100))).toEqual([0, 20]);
  });

  it('drops the start of a first line pushed off to the left by a text-indent', () => {
    expect(visibleSpan(text, 0, 100, { left: 0, top: 0, right: 2000, bottom: 10 }, layout(100, 100, 0, -500))).toEqual([50, 100]);
  });

  it('does not judge text the browser draws nowhere', () => {
    expect(visibleSpan(text, 0, 100, { left: 5000, top: 0, right: 6000, bottom: 10 }, () => [])).toEqual([0, 100]);
  });

  it('never splits a surrogate pair', () => {
    const emoji = '😀'.repeat(50);
    const span = visibleSpan(emoji, 0, 100, { left: 0, top: 0, right: 215, bottom: 10 }, layout(100, 100))!;
    expect(span[1] % 2).toBe(0);
  });
});
