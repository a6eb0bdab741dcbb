import { describe, expect, it } from 'vitest';
import { isTooSmall, clipPathBox, legacyClipBox, length } from './boxes';

const W = 400;
const H = 100;
const hides = (value: string) => isTooSmall(clipPathBox(value, W, H)!);

describe('clipPathBox', () => {
  it('finds the shapes that leave nothing visible', () => {
    for (const value of [
      'inset(50%)',
      'inset(100%)',
      'inset(0px 0px 100%)',
      'inset(50px 0px)',
      'circle(0px at 50% 50%)',
      'circle(0px)',
      'ellipse(0px 0px at 50% 50%)',
      'ellipse(100px 0px at 50% 50%)',
      'polygon(0px 0px, 0px 0px, 0px 0px)',
      'polygon(0% 0%, 100% 100%, 50% 50%)',
      'xywh(0px 0px 0px 0px)',
      'rect(0px 0px 0px 0px)',
      'inset(calc(50% + 0px))',
    ]) {
      expect([value, hides(value)]).toEqual([value, true]);
    }
  });

  it('keeps shapes that show something, and measures what they show', () => {
    expect(clipPathBox('inset(0px round 8px)', W, H)).toEqual({ left: 0, top: 0, right: 400, bottom: 100 });
    expect(clipPathBox('inset(10px 20% 30px 5%)', W, H)).toEqual({ left: 20, top: 10, right: 320, bottom: 70 });
    expect(clipPathBox('circle(50% at 50% 50%)', W, H)).toMatchObject({ left: expect.closeTo(200 - 145.77, 1) });
    expect(clipPathBox('circle(closest-side at 50% 50%)', W, H)).toEqual({ left: 150, top: 0, right: 250, bottom: 100 });
    expect(clipPathBox('ellipse(50% 50% at 50% 50%)', W, H)).toEqual({ left: 0, top: 0, right: 400, bottom: 100 });
    expect(clipPathBox('polygon(50% 0%, 100% 100%, 0% 100%)', W, H)).toEqual({ left: 0, top: 0, right: 400, bottom: 100 });
    expect(clipPathBox('polygon(evenodd, 0px 0px, 10px 0px, 10px 10px)', W, H)).toEqual({ left: 0, top: 0, right: 10, bottom: 10 });
    for (const value of ['inset(0px)', 'circle(50% at 50% 50%)', 'ellipse(closest-side closest-side at 50% 50%)']) expect(hides(value)).toBe(false);
  });

  it('knows nothing of what it cannot measure', () => {
    for (const value of ['none', 'url("#mask")', 'path("M 0 0 L 10 10")', 'border-box', 'inset(1em)', 'circle(min(10px, 5%))']) {
      expect(clipPathBox(value, W, H)).toBeNull();
    }
  });
});

describe('legacyClipBox', () => {
  it('reads rect(top, right, bottom, left) with auto edges', () => {
    expect(isTooSmall(legacyClipBox('rect(0px, 0px, 0px, 0px)', W, H)!)).toBe(true);
    expect(isTooSmall(legacyClipBox('rect(1px 1px 1px 1px)', W, H)!)).toBe(true);
    expect(legacyClipBox('rect(auto, auto, auto, auto)', W, H)).toEqual({ left: 0, top: 0, right: 400, bottom: 100 });
    expect(legacyClipBox('rect(10px, 300px, auto, 5px)', W, H)).toEqual({ left: 5, top: 10, right: 300, bottom: 100 });
    expect(legacyClipBox('auto', W, H)).toBeNull();
  });
});

describe('length', () => {
  it('reads computed lengths', () => {
    expect(length('12px', 0)).toBe(12);
    expect(length('-9999px', 0)).toBe(-9999);
    expect(length('25%', 200)).toBe(50);
    expect(length('0', 10)).toBe(0);
    expect(length('calc(100% - 10px)', 200)).toBe(190);
    expect(length('1em', 10)).toBeNull();
    expect(length('', 10)).toBeNull();
  });
});
