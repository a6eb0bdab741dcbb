import { describe, expect, it } from 'vitest';
import { translationGrowthBound } from './growth';

describe('how much longer a translation may come back', () => {
  it('bounds what translations do: alphabetic languages a third longer, out of Japanese or Chinese three to four times, an unknown source at its worst', () => {
    // English → German runs 20–35 % longer; the bound is above it.
    expect(translationGrowthBound('en', 'de')).toBeGreaterThanOrEqual(1.35);
    expect(translationGrowthBound('en-US', 'fr')).toBe(translationGrowthBound('en', 'fr'));
    // "今日は良い天気です。" (10) → "The weather is nice today." (26).
    expect(translationGrowthBound('ja', 'en')).toBeGreaterThanOrEqual(26 / 10);
    expect(translationGrowthBound('zh-Hans', 'es')).toBeGreaterThanOrEqual(3);
    expect(translationGrowthBound(null, 'en')).toBe(Math.max(translationGrowthBound('ja', 'en'), translationGrowthBound('en', 'de')));
    // Into Japanese, text gets shorter.
    expect(translationGrowthBound('en', 'ja')).toBeLessThan(translationGrowthBound('en', 'de'));
  });
});
