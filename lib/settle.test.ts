import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settledChoice, SETTLE_MS } from './settle';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('settledChoice', () => {
  it('arrowing through the list applies only the value the user stops at', () => {
    const applied: number[] = [];
    const choice = settledChoice<number>((v) => applied.push(v));
    for (const value of [1.25, 1.5, 1.75]) {
      choice.keydown('ArrowDown');
      choice.change(value);
      vi.advanceTimersByTime(SETTLE_MS - 1);
    }
    expect(applied).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(applied).toEqual([1.75]);
  });

  it('a pick with the mouse applies at once; Enter or leaving the control applies what was arrowed to at once', () => {
    const applied: number[] = [];
    const choice = settledChoice<number>((v) => applied.push(v));
    choice.change(2);
    expect(applied).toEqual([2]);
    choice.keydown('ArrowUp');
    choice.change(1.75);
    choice.keydown('Enter');
    expect(applied).toEqual([2, 1.75]);
    choice.keydown('ArrowUp');
    choice.change(1.5);
    choice.blur();
    vi.advanceTimersByTime(SETTLE_MS);
    expect(applied).toEqual([2, 1.75, 1.5]);
  });
});
