import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { audioCacheKey, clearAudioCache, putAudio } from '../../speech/cache';
import { getSettings } from '../../settings/items';
import { useEnglishMessages } from '../../i18n.test-helpers';
import type { ChunkSpeed, ReadingPlan } from '../../player/contract';
import type { PlayerHost } from './player-host';
import { sessionItem, withReading } from './session';
import { changeSpeed, coalescedSteps, planAtSpeed, steppedSpeed, stepSpeed } from './speed';

const PLAN: ReadingPlan = {
  sessionId: 's1',
  params: { voiceId: 'en-amelia', language: 'en', speed: 1, format: 'mp3' },
  chunks: [0, 1, 2].map((index) => ({ index, text: `Sentence ${index}.`, firstSentence: index, lastSentence: index, sentenceOffsets: [0] })),
  sentenceCount: 3,
  title: 'T',
};

/** A player host answering setSpeed with what its player asked for (null: no player alive). */
function fakeHost(asked: ChunkSpeed[] | null) {
  const calls: { speed: number; cached: ChunkSpeed[] }[] = [];
  const host: PlayerHost = {
    start: async () => undefined,
    control: async () => true,
    state: async () => null,
    setSpeed: async (speed, cached) => {
      calls.push({ speed, cached });
      return asked;
    },
    stats: async () => null,
    alive: async () => asked !== null,
  };
  return { host, calls };
}

beforeEach(async () => {
  fakeBrowser.reset();
  useEnglishMessages();
  await clearAudioCache();
  await sessionItem.setValue({ plan: PLAN, sentences: [], tabId: 7, frameId: 0, position: null });
});

describe('changeSpeed', () => {
  it('tells the player, keeps what it asked for at the old speed in the plan, and makes it the setting', async () => {
    const { host, calls } = fakeHost([{ chunk: 0, speed: 1 }]);
    await changeSpeed(host, 1.5);
    expect(calls).toEqual([{ speed: 1.5, cached: [] }]);
    const { plan } = (await sessionItem.getValue())!;
    expect(plan.params.speed).toBe(1.5);
    expect(plan.chunks.map((c) => c.speed)).toEqual([1, undefined, undefined]);
    expect((await getSettings()).speed).toBe(1.5);
  });

  it('finds audio of the reading already in the cache at the old speed, even with no player alive', async () => {
    const { serviceUrl } = await getSettings();
    const key = await audioCacheKey({ service: serviceUrl, text: PLAN.chunks[2]!.text, ...PLAN.params });
    await putAudio(key, { audio: new Uint8Array([1, 2, 3]), format: 'mp3', fileName: 'a.mp3', durationSec: 1 });
    const { host, calls } = fakeHost(null);
    await changeSpeed(host, 0.75);
    expect(calls[0]!.cached).toEqual([{ chunk: 2, speed: 1 }]);
    expect((await sessionItem.getValue())!.plan.chunks.map((c) => c.speed)).toEqual([undefined, undefined, 1]);
  });

  it('refuses a page that is not the reading’s, and needs a reading', async () => {
    const { host, calls } = fakeHost([]);
    await expect(changeSpeed(host, 2, 8)).rejects.toMatchObject({ kind: 'invalidRequest' });
    await changeSpeed(host, 2, 7);
    expect(calls).toHaveLength(1);
    await sessionItem.setValue(null);
    await expect(changeSpeed(host, 1)).rejects.toMatchObject({ kind: 'invalidRequest' });
  });
});

describe('stepSpeed', () => {
  it('two quick presses, each stepped in the reading\'s serial section, apply both', async () => {
    const { host, calls } = fakeHost([]);
    const [first, second] = await Promise.all([withReading(() => stepSpeed(host, 0.25)), withReading(() => stepSpeed(host, 0.25))]);
    expect([first.speed, second.speed]).toEqual([1.25, 1.5]);
    expect(calls.map((c) => c.speed)).toEqual([1.25, 1.5]);
    expect((await sessionItem.getValue())!.plan.params.speed).toBe(1.5);
    expect(second.reading?.tabId).toBe(7);
  });

  it('with no reading, steps the setting, quick presses included', async () => {
    await sessionItem.setValue(null);
    const { host, calls } = fakeHost([]);
    await Promise.all([withReading(() => stepSpeed(host, -0.25)), withReading(() => stepSpeed(host, -0.25))]);
    expect((await getSettings()).speed).toBe(0.5);
    expect(calls).toEqual([]);
  });
});

describe('coalescedSteps', () => {
  it('quick presses while the reading is busy make one change by their sum: both applied, the player asked once', async () => {
    const { host, calls } = fakeHost([]);
    const step = coalescedSteps(withReading, (by) => stepSpeed(host, by));
    // The reading's serial section is busy (a player event, another change) when the presses come.
    let release = () => undefined as void;
    let busy: Promise<void> = Promise.resolve();
    await new Promise<void>((started) => {
      busy = withReading(() => {
        started();
        return new Promise<void>((resolve) => (release = resolve));
      });
    });
    const presses = [step(-0.25), step(-0.25)];
    release();
    await busy;
    const [first, second] = await Promise.all(presses);
    expect(calls.map((c) => c.speed)).toEqual([0.5]);
    expect(first!.speed).toBe(0.5);
    expect(second!.speed).toBe(0.5);
    expect((await sessionItem.getValue())!.plan.params.speed).toBe(0.5);
    expect((await getSettings()).speed).toBe(0.5);
    // A press after that change is a change of its own.
    await step(0.25);
    expect(calls.map((c) => c.speed)).toEqual([0.5, 0.75]);
  });
});

describe('planAtSpeed', () => {
  it('drops a chunk’s own speed once it is the reading’s again', () => {
    const slow = planAtSpeed(PLAN, 0.5, [{ chunk: 1, speed: 1 }]);
    expect(slow.chunks.map((c) => c.speed)).toEqual([undefined, 1, undefined]);
    expect(planAtSpeed(slow, 1, []).chunks.map((c) => c.speed)).toEqual([undefined, undefined, undefined]);
  });
});

describe('steppedSpeed', () => {
  it('steps within 0.5–2', () => {
    expect(steppedSpeed(1, 0.25)).toBe(1.25);
    expect(steppedSpeed(1.9, 0.25)).toBe(2);
    expect(steppedSpeed(0.6, -0.25)).toBe(0.5);
  });
});
