import { describe, expect, it } from 'vitest';
import type { Cue } from './cue';
import { follow, LANDING_SEC, START, type Following, type Step, type VideoEvent } from './due';

// A caption every 4 s from 0 to 36 s, each 3 s on screen.
const cues: Cue[] = Array.from({ length: 10 }, (_, i) => ({ id: `c${i}`, start: i * 4, end: i * 4 + 3, text: `line ${i}` }));

/** Plays the events from the start; returns each step, and every caption started, in order. */
function run(events: VideoEvent[], state: Following = START): { steps: Step[]; spoken: string[] } {
  const steps: Step[] = [];
  for (const event of events) {
    const step = follow(state, event, cues);
    steps.push(step);
    state = step.state;
  }
  return { steps, spoken: steps.flatMap((s) => s.speak.map((d) => d.cue.id)) };
}
/** Playing from `from` to `to` in timeupdate steps of 0.25 s. */
const ticks = (from: number, to: number): VideoEvent[] => Array.from({ length: Math.round((to - from) / 0.25) }, (_, i) => ({ type: 'time', time: from + (i + 1) * 0.25 }));

describe('follow', () => {
  it('speaks each caption once, when the playhead reaches its start', () => {
    const { steps, spoken } = run([{ type: 'play', time: 0 }, ...ticks(0, 10)]);
    expect(spoken).toEqual(['c0', 'c1', 'c2']);
    // Due at the tick that reached 4 s and 8 s, no later.
    expect(steps.findIndex((s) => s.speak[0]?.cue.id === 'c1')).toBe(16);
    expect(steps[0]!.speak[0]).toEqual({ cue: cues[0], slotSec: 4 });
  });

  it('gives the slot left when the caption is reached late in a tick', () => {
    const { steps } = run([{ type: 'play', time: 3.9 }, { type: 'time', time: 4.2 }]);
    expect(steps[1]!.speak).toEqual([{ cue: cues[1], slotSec: expect.closeTo(3.8, 9) }]);
  });

  it('says when to wake for the next start, in wall-clock time at the playback rate', () => {
    const { steps } = run([{ type: 'play', time: 1 }, { type: 'rate', rate: 2, time: 2 }, { type: 'pause', time: 2.5 }]);
    expect(steps[0]!.nextInSec).toBe(3);
    expect(steps[1]!.nextInSec).toBe(1);
    expect(steps[2]!.nextInSec).toBeNull();
    expect(steps[1]!.speech).toBe('goOn');
  });

  it('holds the speech on pause, resumes it on play, and speaks nothing twice', () => {
    const { steps, spoken } = run([{ type: 'play', time: 0 }, ...ticks(0, 4), { type: 'pause', time: 4 }, { type: 'time', time: 4 }, { type: 'play', time: 4 }, ...ticks(4, 9)]);
    expect(spoken).toEqual(['c0', 'c1', 'c2']);
    expect(steps.map((s) => s.speech).filter((s) => s !== 'goOn')).toEqual(['resume', 'pause', 'resume']);
  });

  it('skips the captions a seek jumps over or lands inside, and stops what was speaking', () => {
    const { steps, spoken } = run([{ type: 'play', time: 0 }, ...ticks(0, 1), { type: 'seeked', time: 13 }, ...ticks(13, 17)]);
    // c1–c3 jumped over, c3 (12–15) landed in: the next spoken is c4 at 16.
    expect(spoken).toEqual(['c0', 'c4']);
    expect(steps[5]!.speech).toBe('stop');
  });

  it('speaks a caption a seek lands on, within a frame of its start', () => {
    expect(run([{ type: 'play', time: 0 }, { type: 'seeked', time: 8 }]).spoken).toEqual(['c0', 'c2']);
    expect(run([{ type: 'play', time: 0 }, { type: 'seeked', time: 8 + LANDING_SEC / 2 }]).spoken).toEqual(['c0', 'c2']);
    expect(run([{ type: 'play', time: 0 }, { type: 'seeked', time: 8 + 2 * LANDING_SEC }]).spoken).toEqual(['c0']);
  });

  it('speaks again after a seek back, from where it lands', () => {
    const { spoken } = run([{ type: 'play', time: 0 }, ...ticks(0, 9), { type: 'seeked', time: 2 }, ...ticks(2, 5)]);
    expect(spoken).toEqual(['c0', 'c1', 'c2', 'c1']);
  });

  it('takes a jump in time without a seek report for a seek, forward or back', () => {
    const forward = run([{ type: 'play', time: 0 }, { type: 'time', time: 0.25 }, { type: 'time', time: 9 }, { type: 'time', time: 9.25 }]);
    expect(forward.spoken).toEqual(['c0']);
    expect(forward.steps[2]!.speech).toBe('stop');
    // A loop back to the start.
    const back = run([{ type: 'play', time: 35 }, { type: 'time', time: 36.1 }, { type: 'time', time: 0 }]);
    expect(back.spoken).toEqual(['c9', 'c0']);
  });

  it('allows longer steps at a faster playback rate before calling them a seek', () => {
    const fast = run([{ type: 'play', time: 2 }, { type: 'rate', rate: 2, time: 2 }, { type: 'time', time: 4.5 }]);
    expect(fast.spoken).toEqual(['c1']);
    const slow = run([{ type: 'play', time: 2 }, { type: 'time', time: 4.5 }]);
    expect(slow.spoken).toEqual([]);
  });

  it('speaks nothing while paused, and seeks made while paused are followed on play', () => {
    const { spoken, steps } = run([{ type: 'play', time: 0 }, { type: 'pause', time: 0.1 }, { type: 'seeked', time: 12 }, { type: 'time', time: 12 }, { type: 'play', time: 12 }]);
    expect(spoken).toEqual(['c0', 'c3']);
    expect(steps[2]!.nextInSec).toBeNull();
  });

  it('stops at the end, and starts over from the first caption on replay', () => {
    const { steps, spoken } = run([{ type: 'play', time: 35 }, ...ticks(35, 39), { type: 'ended' }, { type: 'seeked', time: 0 }, { type: 'play', time: 0 }]);
    expect(steps.find((s) => s.speech === 'stop')?.nextInSec).toBeNull();
    expect(spoken).toEqual(['c9', 'c0']);
  });

  it('starts with the caption at the playhead only when listening begins right at its start', () => {
    expect(run([{ type: 'play', time: 4 }]).spoken).toEqual(['c1']);
    expect(run([{ type: 'play', time: 5 }, ...ticks(5, 8)]).spoken).toEqual(['c2']);
  });
});
