import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  controlled,
  instant,
  maxInAnyWindow,
  scheduler,
  tick,
  WINDOW,
  WINDOW_WITH_MARGIN,
} from './scheduler.test-helpers';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('concurrency per plan', () => {
  it.each([
    ['free', 2],
    ['pro', 5],
    ['enterprise', 10],
  ] as const)('%s runs at most %i at once', async (plan, limit) => {
    const s = scheduler(plan);
    const { run, started } = controlled();
    const all = Array.from({ length: 12 }, () => s.schedule(run, { paid: true }));
    await tick();
    expect(started).toHaveLength(limit);
    expect(s.active).toBe(limit);
    expect(s.pending).toBe(12 - limit);
    started[0]!.finish();
    await tick();
    expect(started).toHaveLength(limit + 1);
    for (let i = 0; i < 12; i++) {
      started[i]?.finish();
      // Free's 10-per-window cap holds the last two until the window slides.
      await tick(plan === 'free' && i >= 8 ? WINDOW_WITH_MARGIN : 0);
    }
    await expect(Promise.all(all)).resolves.toHaveLength(12);
    expect(s.pending + s.active).toBe(0);
  });
});

describe('sliding rate window', () => {
  it.each([
    ['free', 10, 25],
    ['pro', 60, 130],
  ] as const)('%s starts at most %i in any rolling window', async (plan, cap, count) => {
    const s = scheduler(plan);
    const { run, starts } = instant();
    const all = Promise.all(Array.from({ length: count }, () => s.schedule(run, { paid: false })));
    await tick();
    expect(starts).toHaveLength(cap);
    await tick(WINDOW_WITH_MARGIN * Math.ceil(count / cap));
    await all;
    expect(starts).toHaveLength(count);
    expect(maxInAnyWindow(starts, WINDOW)).toBe(cap);
  });

  it('does not let a second burst through at a window boundary', async () => {
    const s = scheduler('free');
    const { run, starts } = instant();
    await tick(990);
    const first = Array.from({ length: 10 }, () => s.schedule(run, { paid: false }));
    await tick(10);
    const second = Array.from({ length: 10 }, () => s.schedule(run, { paid: false }));
    await tick(WINDOW - 20);
    expect(starts).toHaveLength(10);
    await tick(WINDOW_WITH_MARGIN);
    await Promise.all([...first, ...second]);
    expect(starts).toHaveLength(20);
    expect(starts[10]! - starts[0]!).toBeGreaterThanOrEqual(WINDOW);
  });

  it('has no rate cap on enterprise', async () => {
    const s = scheduler('enterprise');
    const { run, starts } = instant();
    await Promise.all([tick(), ...Array.from({ length: 100 }, () => s.schedule(run, { paid: true }))]);
    expect(starts).toHaveLength(100);
    expect(new Set(starts).size).toBe(1);
  });
});

describe('priority', () => {
  it('runs what the user waits for first', async () => {
    const s = scheduler('free');
    const blockers = controlled();
    const order: string[] = [];
    const record = (name: string) => async () => {
      order.push(name);
    };
    const all = [
      s.schedule(blockers.run, { paid: false }),
      s.schedule(blockers.run, { paid: false }),
      s.schedule(record('prefetch'), { paid: true, priority: 0 }),
      s.schedule(record('later'), { paid: true, priority: 1 }),
      s.schedule(record('now'), { paid: true, priority: 10 }),
    ];
    await tick();
    blockers.started.forEach((b) => b.finish());
    await tick();
    await Promise.all(all);
    expect(order).toEqual(['now', 'later', 'prefetch']);
  });
});

describe('the plan’s pace', () => {
  it('tells a request held by the rate window about how long, in turn, with the cap; not one that leaves at once', async () => {
    const s = scheduler('free');
    const { run, starts } = instant();
    const paced: [string, number, number][] = [];
    const schedule = (name: string) => s.schedule(run, { paid: true, onPaced: (delayMs, perWindow) => paced.push([name, delayMs, perWindow]) });
    await Promise.all([tick(), ...Array.from({ length: 10 }, (_, i) => schedule(`now ${i}`))]);
    expect(paced).toEqual([]);
    await tick(300);
    // The window's ten starts were 300 ms ago: the eleventh goes a window after the first of them.
    const held = [schedule('next'), schedule('after')];
    await tick();
    expect(paced).toEqual([
      ['next', WINDOW_WITH_MARGIN - 300, 10],
      ['after', WINDOW_WITH_MARGIN - 300, 10],
    ]);
    await tick(WINDOW_WITH_MARGIN);
    await Promise.all(held);
    expect(starts).toHaveLength(12);
  });

  it('tells those waiting for a slot too, each a window after the start it waits for', async () => {
    const s = scheduler('free');
    const { run } = instant();
    const paced: number[] = [];
    const all = Promise.all(Array.from({ length: 25 }, () => s.schedule(run, { paid: false, onPaced: (delayMs) => paced.push(delayMs) })));
    // Ten leave now; of the rest (two at a time, the free plan's slots), ten a window later, five two windows later.
    expect(paced).toEqual([...Array<number>(10).fill(WINDOW_WITH_MARGIN), ...Array<number>(5).fill(2 * WINDOW_WITH_MARGIN)]);
    await tick(2 * WINDOW_WITH_MARGIN);
    await all;
  });
});

describe('setPlan', () => {
  it('raises concurrency for queued tasks', async () => {
    const s = scheduler('free');
    const { run, started } = controlled();
    Array.from({ length: 8 }, () => s.schedule(run, { paid: true }));
    await tick();
    expect(started).toHaveLength(2);
    s.setPlan('pro');
    expect(s.plan).toBe('pro');
    await tick();
    expect(started).toHaveLength(5);
  });

  it('lifts the rate cap for tasks already waiting', async () => {
    const s = scheduler('free');
    const { run, starts } = instant();
    const all = Promise.all(Array.from({ length: 30 }, () => s.schedule(run, { paid: false })));
    await tick(100);
    expect(starts).toHaveLength(10);
    s.setPlan('pro');
    await tick(100);
    await all;
    expect(starts).toHaveLength(30);
  });

  it('applies a lower cap at once, counting recent requests', async () => {
    const s = scheduler('pro');
    const { run, starts } = instant();
    await Promise.all([tick(), ...Array.from({ length: 20 }, () => s.schedule(run, { paid: false }))]);
    s.setPlan('free');
    const later = Promise.all(Array.from({ length: 5 }, () => s.schedule(run, { paid: false })));
    await tick(WINDOW - 1);
    expect(starts).toHaveLength(20);
    await tick(WINDOW_WITH_MARGIN);
    await later;
    expect(starts).toHaveLength(25);
  });

  it('ignores a repeated plan, keeping the window history exact', async () => {
    const s = scheduler('free');
    const { run, starts } = instant();
    await tick(500);
    await Promise.all([tick(), ...Array.from({ length: 10 }, () => s.schedule(run, { paid: false }))]);
    await tick(WINDOW_WITH_MARGIN - 100);
    s.setPlan('free');
    const next = s.schedule(run, { paid: false });
    await tick(100);
    await next;
    expect(starts).toHaveLength(11);
  });
});
