import { describe, expect, it } from 'vitest';
import { AA_CONTRAST, contrast, hexToRgb, inkOn, isDark, parseColor } from './colors';

describe('page colours', () => {
  it('reads computed colours, transparent ones with their alpha', () => {
    expect(parseColor('rgb(21, 23, 28)')).toEqual({ rgb: [21, 23, 28], alpha: 1 });
    expect(parseColor('rgba(0, 0, 0, 0)')).toEqual({ rgb: [0, 0, 0], alpha: 0 });
    expect(parseColor('rgb(10 20 30 / 50%)')).toEqual({ rgb: [10, 20, 30], alpha: 0.5 });
    expect(parseColor('transparent')).toBeNull();
  });

  it('measures contrast as WCAG does', () => {
    expect(contrast([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
    expect(contrast(hexToRgb('#c9d1e0'), [255, 255, 255])).toBeLessThan(2);
  });

  it('picks the first ink that meets AA on the background behind, black or white when none does', () => {
    expect(inkOn([255, 255, 255], ['#c9d1e0', '#3a4252'])).toBe('#3a4252');
    expect(inkOn([21, 23, 28], ['#c9d1e0'])).toBe('#c9d1e0');
    // A mid grey page: neither muted ink is readable there.
    const grey = [128, 128, 128] as const;
    const ink = inkOn(grey, ['#3a4252', '#c9d1e0']);
    expect(contrast(hexToRgb(ink), grey)).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(isDark([21, 23, 28])).toBe(true);
    expect(isDark([255, 255, 255])).toBe(false);
  });
});
