import { describe, expect, it } from 'vitest';
import { canAfford, countCharacters, translationCost, translationCostOfParts } from './cost';

describe('translationCost', () => {
  it('charges 1 credit per 10 characters, rounded up', () => {
    expect(translationCost('')).toBe(0);
    expect(translationCost('a')).toBe(1);
    expect(translationCost('a'.repeat(10))).toBe(1);
    expect(translationCost('a'.repeat(11))).toBe(2);
    expect(translationCost('a'.repeat(25))).toBe(3);
  });

  it('counts code points as the service does, so an emoji is one character', () => {
    expect(countCharacters('😀😀')).toBe(2);
    expect(translationCost('😀'.repeat(10))).toBe(1);
    expect(translationCost('日本語のテキストです。')).toBe(2);
  });

  it('rounds every request of a split text on its own', () => {
    expect(translationCostOfParts(['a'.repeat(11), 'b'.repeat(11)])).toBe(4);
  });
});

describe('canAfford', () => {
  it('allows an unknown balance and compares a known one', () => {
    expect(canAfford(5, null)).toBe(true);
    expect(canAfford(5, 5)).toBe(true);
    expect(canAfford(6, 5)).toBe(false);
    expect(canAfford(0, 0)).toBe(true);
  });
});
