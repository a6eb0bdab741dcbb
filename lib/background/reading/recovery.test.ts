import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { PlayerHost } from './player-host';
import { MAX_IDLE_RECOVERIES, recoverReading, type RecoveryDeps } from './recovery';
import { sessionItem, type ReadingSession } from './session';
import type { PlayerEvent, ReadingPlan } from '../../player/contract';

const PLAN: ReadingPlan = {
  sessionId: 's1',
  params: { voiceId: 'en-amelia', language: 'en', speed: 2, format: 'mp3' },
  chunks: [{ index: 0, text: 'One. Two. Three.', firstSentence: 0, lastSentence: 2, sentenceOffsets: [0, 5, 10] }],
  sentenceCount: 3,
  title: 'T',
};

const at = (status: PlayerEvent['status'], sentence: number, elapsedSec = 4): PlayerEvent => ({ sessionId: 's1', status, sentence, chunk: 0, elapsedSec });

/** A player host whose document is gone until something starts a player in it. */
function fakeHost(failStart = false) {
  const starts: { plan: ReadingPlan; sentence?: number }[] = [];
  let alive = false;
  const host: PlayerHost = {
    async start(plan, sentence) {
      if (failStart) throw new Error('Only a single offscreen document may be created.');
      starts.push({ plan, sentence });
      alive = true;
    },
    control: async () => alive,
    state: async () => null,
    setSpeed: async () => (alive ? [] : null),
    stats: async () => null,
    alive: async () => alive,
  };
  return { host, starts, close: () => (alive = false) };
}

function deps(host: PlayerHost, waiting = false) {
  const interrupted: ReadingSession[] = [];
  const d: RecoveryDeps = { host, waitingOnService: () => waiting, interrupt: async (s) => void interrupted.push(s) };
  return { d, interrupted };
}

async function reading(position: PlayerEvent | null, extra: Partial<ReadingSession> = {}) {
  await sessionItem.setValue({ plan: PLAN, sentences: [], tabId: 7, frameId: 0, position, ...extra });
}

beforeEach(() => fakeBrowser.reset());

describe('recoverReading', () => {
  it('starts a new player at the sentence the reading was at, keeping the time already heard', async () => {
    await reading(at('playing', 2, 31.5), { elapsedBase: 10 });
    const { host, starts } = fakeHost();
    const { d, interrupted } = deps(host);
    expect(await recoverReading(d)).toBe('restarted');
    // The new player is the reading's next generation: the dead one's events are not its own.
    expect(starts).toEqual([{ plan: { ...PLAN, generation: 1 }, sentence: 2 }]);
    expect(await sessionItem.getValue()).toMatchObject({ plan: { generation: 1 }, elapsedBase: 31.5, recoveries: 1, position: { status: 'playing', sentence: 2 } });
    expect(interrupted).toEqual([]);
  });

  it('leaves alone a reading that is paused, interrupted, over, or whose player is still there', async () => {
    const { host, starts } = fakeHost();
    const { d } = deps(host);
    await reading(at('paused', 1));
    expect(await recoverReading(d)).toBe('none');
    await reading(at('playing', 1), { interrupted: 'Reading stopped…' });
    expect(await recoverReading(d)).toBe('none');
    await sessionItem.setValue(null);
    expect(await recoverReading(d)).toBe('none');
    expect(starts).toEqual([]);

    await reading(at('loading', 0));
    expect(await recoverReading(d)).toBe('restarted');
    expect(await recoverReading(d)).toBe('none');
    expect(starts).toHaveLength(1);
  });

  it('bridges any number of closures while the reading waits on the service (a long Retry-After)', async () => {
    await reading(at('loading', 0, 0));
    const { host, starts, close } = fakeHost();
    const { d, interrupted } = deps(host, true);
    for (let i = 0; i < MAX_IDLE_RECOVERIES + 3; i++) {
      expect(await recoverReading(d)).toBe('restarted');
      close();
    }
    expect(starts).toHaveLength(MAX_IDLE_RECOVERIES + 3);
    expect(interrupted).toEqual([]);
  });

  it('gives up on a player that keeps dying with nothing to wait for, and says so', async () => {
    await reading(at('playing', 1));
    const { host, starts, close } = fakeHost();
    const { d, interrupted } = deps(host, false);
    for (let i = 0; i < MAX_IDLE_RECOVERIES; i++) {
      expect(await recoverReading(d)).toBe('restarted');
      close();
    }
    expect(await recoverReading(d)).toBe('interrupted');
    expect(starts).toHaveLength(MAX_IDLE_RECOVERIES);
    expect(interrupted).toHaveLength(1);
  });

  it('a player that can no longer be created interrupts the reading', async () => {
    await reading(at('playing', 1));
    const { host } = fakeHost(true);
    const { d, interrupted } = deps(host);
    expect(await recoverReading(d)).toBe('interrupted');
    expect(interrupted[0]).toMatchObject({ plan: { sessionId: 's1' }, position: { sentence: 1 } });
  });
});
