import { describe, expect, it } from 'vitest';
import { createSilenceTracker, silenceRuns } from './silence';

const loud = (n: number) => new Float32Array(n).fill(0.5);
const quiet = (n: number) => new Float32Array(n);

describe('silence tracker', () => {
  it('finds the same runs block by block as in one piece, the run under way apart until it ends', () => {
    const blocks = [loud(10), quiet(3), loud(2), quiet(6), quiet(4), loud(1), quiet(7)];
    const whole = Float32Array.from(blocks.flatMap((b) => [...b]));
    const tracker = createSilenceTracker(5);
    let from = 0;
    for (const block of blocks) {
      tracker.push(block, from);
      from += block.length;
    }
    expect(tracker.closedRuns()).toEqual([{ start: 15, end: 25 }]);
    expect(tracker.openRun()).toEqual({ start: 26, end: 33 });
    expect(tracker.runs()).toEqual(silenceRuns(whole, 5));
    expect(tracker.sound()).toEqual({ first: 0, last: 25 });
  });

  it('ends a run where the frame numbers skip, and counts no run too short', () => {
    const tracker = createSilenceTracker(4);
    tracker.push(quiet(5), 0);
    tracker.push(quiet(2), 100);
    expect(tracker.closedRuns()).toEqual([{ start: 0, end: 5 }]);
    expect(tracker.openRun()).toBeNull();
    expect(tracker.sound()).toEqual({ first: null, last: null });
  });
});
