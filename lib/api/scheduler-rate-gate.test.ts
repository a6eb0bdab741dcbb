import { describe, expect, it } from 'vitest';
import { createRateGate } from './scheduler';

const WINDOW = 400;
const never = new AbortController().signal;

describe('rate gate history', () => {
  it('remembers when requests left, within the window', async () => {
    const gate = createRateGate(WINDOW, 3);
    await gate.pass(never, 0);
    await gate.pass(never, 0);
    expect(gate.history()).toHaveLength(2);
    await new Promise((r) => setTimeout(r, WINDOW * 1.1));
    expect(gate.history()).toEqual([]);
  });

  it('a new gate seeded with an earlier life’s history waits instead of bursting past the cap', async () => {
    const first = createRateGate(WINDOW, 3);
    for (let i = 0; i < 3; i++) await first.pass(never, 0);
    const restarted = createRateGate(WINDOW, 3);
    restarted.seed(first.history());
    const t0 = Date.now();
    await restarted.pass(never, 0);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(WINDOW * 0.9);
  });

  it('ignores history older than the window', async () => {
    const gate = createRateGate(WINDOW, 1);
    gate.seed([Date.now() - WINDOW * 5]);
    const t0 = Date.now();
    await gate.pass(never, 0);
    expect(Date.now() - t0).toBeLessThan(WINDOW / 2);
  });
});
