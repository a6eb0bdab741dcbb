import { describe, expect, it } from 'vitest';
import { boxInCorner, cornerAvoiding, EDGE_PX, jumpButtonPlace, nearestCorner, nextCorner, type Box, type ParagraphShape } from './placement';

const view = { width: 1000, height: 800 };
const size = { width: 400, height: 40 };

describe('boxInCorner', () => {
  it('keeps the edge distance in every corner', () => {
    expect(boxInCorner('bottom-right', size, view)).toEqual({ left: 1000 - EDGE_PX - 400, top: 800 - EDGE_PX - 40, ...size });
    expect(boxInCorner('top-left', size, view)).toEqual({ left: EDGE_PX, top: EDGE_PX, ...size });
  });

  it('stays in the part a pinch-zoom shows', () => {
    const zoomed = { left: 300, top: 500, width: 500, height: 400 };
    expect(boxInCorner('bottom-right', size, zoomed)).toEqual({ left: 300 + 500 - EDGE_PX - 400, top: 500 + 400 - EDGE_PX - 40, ...size });
    expect(nearestCorner(320, 520, zoomed)).toBe('top-left');
  });
});

describe('cornerAvoiding', () => {
  it('keeps the user’s corner when the sentence is elsewhere', () => {
    expect(cornerAvoiding('bottom-right', size, view, [{ left: 10, top: 100, width: 900, height: 20 }])).toBe('bottom-right');
    expect(cornerAvoiding('bottom-right', size, view, [])).toBe('bottom-right');
  });

  it('goes to the other edge when the sentence is under the bar', () => {
    const line = { left: 100, top: 760, width: 800, height: 20 };
    expect(cornerAvoiding('bottom-right', size, view, [line])).toBe('top-right');
    expect(cornerAvoiding('bottom-left', size, view, [line])).toBe('top-left');
  });

  it('tries the other side, then the opposite corner, when the other edge is taken too', () => {
    const bottomRight = { left: 700, top: 760, width: 200, height: 20 };
    const topRight = { left: 700, top: 20, width: 200, height: 20 };
    expect(cornerAvoiding('bottom-right', size, view, [bottomRight, topRight])).toBe('bottom-left');
    const bottomLeft = { left: 20, top: 760, width: 200, height: 20 };
    expect(cornerAvoiding('bottom-right', size, view, [bottomRight, topRight, bottomLeft])).toBe('top-left');
  });

  it('stays in the user’s corner when the sentence covers every corner', () => {
    expect(cornerAvoiding('top-left', size, view, [{ left: 0, top: 0, width: 1000, height: 800 }])).toBe('top-left');
  });
});

describe('moving the bar', () => {
  it('drops it in the corner nearest to where it was let go', () => {
    expect(nearestCorner(100, 100, view)).toBe('top-left');
    expect(nearestCorner(900, 100, view)).toBe('top-right');
    expect(nearestCorner(900, 700, view)).toBe('bottom-right');
    expect(nearestCorner(100, 700, view)).toBe('bottom-left');
  });

  it('goes round the corners clockwise with the Move button', () => {
    expect(nextCorner('top-left')).toBe('top-right');
    expect(nextCorner('top-right')).toBe('bottom-right');
    expect(nextCorner('bottom-right')).toBe('bottom-left');
    expect(nextCorner('bottom-left')).toBe('top-left');
  });
});

describe('jumpButtonPlace', () => {
  const button = { width: 120, height: 24 };
  const line = (left: number, top: number, width: number): Box => ({ left, top, width, height: 20 });
  const shape = (box: Box, extra: Partial<ParagraphShape> = {}): ParagraphShape => ({ box, firstLine: line(box.left, box.top, box.width), lastLine: line(box.left, box.top + box.height - 20, box.width), spaceAbove: 10, ...extra });

  it('puts it in the margin before the paragraph, beside its first line, when there is room', () => {
    expect(jumpButtonPlace(shape({ left: 200, top: 300, width: 600, height: 80 }), button, view, false)).toEqual({ left: 76, top: 298, height: 24 });
  });

  it('puts it in the margin after the paragraph on right-to-left pages', () => {
    expect(jumpButtonPlace(shape({ left: 200, top: 300, width: 600, height: 80 }), button, view, true)).toEqual({ left: 804, top: 298, height: 24 });
  });

  it('without margins, in the gap above, no taller than the gap: never over the line above', () => {
    const wide = { left: 8, top: 300, width: 984, height: 80 };
    expect(jumpButtonPlace(shape(wide, { spaceAbove: 40 }), button, view, false)).toEqual({ left: 8, top: 275, height: 24 });
    // The usual 16 px between paragraphs: a lower button, a pixel clear of both.
    expect(jumpButtonPlace(shape(wide, { spaceAbove: 16 }), button, view, false)).toEqual({ left: 8, top: 285, height: 14 });
  });

  it('else after the end of the last line, as tall as the line', () => {
    const wide = { left: 8, top: 300, width: 984, height: 80 };
    expect(jumpButtonPlace(shape(wide, { lastLine: line(8, 360, 500) }), button, view, false)).toEqual({ left: 512, top: 360, height: 20 });
    // Right to left: before the end (the left) of its last line.
    expect(jumpButtonPlace(shape(wide, { lastLine: line(492, 360, 500) }), button, view, true)).toEqual({ left: 368, top: 360, height: 20 });
  });

  it('is nowhere when every line is full and there is no margin or gap: no place is over text', () => {
    expect(jumpButtonPlace(shape({ left: 8, top: 300, width: 984, height: 80 }), button, view, false)).toBeNull();
    expect(jumpButtonPlace(shape({ left: 0, top: 0, width: 390, height: 80 }, { spaceAbove: 100 }), button, { width: 390 }, false)).toBeNull();
  });
});
