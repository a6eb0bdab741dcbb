import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlayerEvent, ReadingPlan } from './contract';
import { asAudioContext, fakeAudioContext } from './fake-audio-context.test-helpers';
import { createPlayer } from './player';
import type { StretchBuffer } from './stretch-buffer';
import type { FetchChunkRequest, Player } from './types';

// Chunk i decodes to DURATIONS[i] seconds at speed 1; chunks 1–3 hold two sentences each, the
// second starting halfway through the audio.
const DURATIONS = [1, 2, 2, 2];
const plan: ReadingPlan = {
  sessionId: 's1',
  title: 'Test',
  params: { voiceId: 'v', language: 'en', speed: 1, format: 'mp3' },
  sentenceCount: 7,
  chunks: [
    { index: 0, text: 'One.', firstSentence: 0, lastSentence: 0, sentenceOffsets: [0] },
    { index: 1, text: 'Two two 2. Three 33.', firstSentence: 1, lastSentence: 2, sentenceOffsets: [0, 10] },
    { index: 2, text: 'Four four. Five five.', firstSentence: 3, lastSentence: 4, sentenceOffsets: [0, 11] },
    { index: 3, text: 'Six six 6. Seven 77.', firstSentence: 5, lastSentence: 6, sentenceOffsets: [0, 10] },
  ],
};

/** Chunks of 700 characters (about 45 s each): a reading whose later chunks are not asked for at once. */
const longPlan: ReadingPlan = {
  ...plan,
  sentenceCount: 6,
  chunks: Array.from({ length: 6 }, (_, i) => ({ index: i, text: 'x'.repeat(700), firstSentence: i, lastSentence: i, sentenceOffsets: [0] })),
};

const flush = () => new Promise((resolve) => setImmediate(resolve));

/** A stretched stand-in buffer: what was stretched, and how long it lasts. */
interface FakeBuffer {
  duration: number;
  chunk: number;
  rate?: number;
  from?: number;
}

/** A stretch in one slice, at once. */
const wholeStretch: StretchBuffer = (buffer, from, to, rate) => {
  const { chunk } = buffer as unknown as FakeBuffer;
  let made = false;
  return {
    next: async () => (made ? null : ((made = true), { duration: (to - from) / rate, chunk, rate, from } as unknown as AudioBuffer)),
    cancel: () => undefined,
  };
};

function setup(durations = DURATIONS, stretch = wholeStretch) {
  const ctx = fakeAudioContext(durations);
  const requests: (FetchChunkRequest & { resolve(): void })[] = [];
  const events: PlayerEvent[] = [];
  const player = createPlayer({
    fetchChunk: (req) =>
      new Promise((resolve) => requests.push({ ...req, resolve: () => resolve({ cacheKey: `${req.sessionId}:${req.chunkIndex}` }) })),
    cancelFetches: () => undefined,
    onEvent: (e) => events.push(e),
    loadAudio: async (key) => ({ audio: new Uint8Array([Number(key.split(':')[1])]) }),
    audioContext: () => asAudioContext(ctx),
    // The decoded buffer's audio from `from` to `to`, played `rate` times as fast.
    stretch,
  });
  const resolve = async (...chunks: number[]) => {
    for (const c of chunks) {
      await flush();
      requests.find((r) => r.chunkIndex === c)!.resolve();
    }
    await flush();
  };
  const play = async (sec: number) => {
    for (let i = 0; i < Math.round(sec / 0.05); i++) {
      ctx.advance(0.05);
      vi.advanceTimersByTime(50);
      await flush();
    }
  };
  const buffer = (i: number) => ctx.sources[i]!.buffer as FakeBuffer;
  return { ctx, player, requests, events, resolve, play, buffer };
}

let current: Player | null = null;
beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] }));
afterEach(() => {
  current?.control('stop');
  vi.useRealTimers();
});

describe('player: speed changes while reading', () => {
  it('goes on at the new speed from the next sentence, stretching what was fetched instead of asking again', async () => {
    const { ctx, player, requests, events, resolve, play, buffer } = setup();
    current = player;
    player.start(plan);
    await resolve(0, 1, 2, 3);
    await play(1.2); // chunk 1 (2 s) is sounding, 0.2 s into its first sentence
    expect(events.at(-1)!.sentence).toBe(1);
    const asked = requests.length;

    const before = player.setSpeed(2);
    await flush();

    // The first sentence of chunk 1 plays out as it was: its node stops where the second starts (1 s in).
    expect(ctx.sources[1]!.stopAt).toBeCloseTo(2);
    // The rest of chunk 1 goes on from there, stretched at ×2 (same pitch): 1 s of audio in 0.5 s.
    const rest = ctx.sources.find((s, i) => i > 1 && (s.buffer as FakeBuffer).chunk === 1)!;
    expect(rest.when).toBeCloseTo(2);
    expect(rest.buffer).toMatchObject({ rate: 2, from: 1 });
    expect(rest.duration).toBeCloseTo(0.5);
    // Chunk 2, already scheduled at ×1, was taken back: it follows, stretched, without a gap.
    await play(0.85);
    const chunk2 = ctx.active().find((s) => (s.buffer as FakeBuffer).chunk === 2 && (s.buffer as FakeBuffer).rate === 2)!;
    expect(chunk2.when).toBeCloseTo(2.5);
    expect(chunk2.duration).toBeCloseTo(1);
    expect(buffer(2)).toMatchObject({ chunk: 2 });
    // Nothing asked again: every chunk had been asked for at ×1, and is said to be.
    expect(requests.length).toBe(asked);
    expect(requests.every((r) => r.params.speed === 1)).toBe(true);
    expect(before).toEqual([0, 1, 2, 3].map((chunk) => ({ chunk, speed: 1 })));
  });

  it('keeps the sentence timing and the time heard true at the new rate', async () => {
    const { player, events, resolve, play } = setup();
    current = player;
    player.start(plan);
    await resolve(0, 1, 2, 3);
    await play(1.2);
    player.setSpeed(2);
    await play(0.7); // t = 1.9: still chunk 1's first sentence, at ×1
    expect(player.state()).toMatchObject({ sentence: 1, chunk: 1 });
    await play(0.2); // t = 2.1: the second sentence, at ×2
    expect(player.state()).toMatchObject({ sentence: 2, chunk: 1 });
    await play(0.5); // t = 2.6: chunk 2 started at 2.5 (its second sentence at 3.0)
    expect(player.state()).toMatchObject({ sentence: 3, chunk: 2 });
    await play(0.5); // t = 3.1
    expect(player.state()).toMatchObject({ sentence: 4, chunk: 2 });
    expect(player.state()!.elapsedSec).toBeCloseTo(3.1, 1);
    await play(2);
    expect(events.at(-1)!.status).toBe('ended');
    expect(events.map((e) => e.sentence).filter((s, i, all) => s !== all[i - 1])).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('asks for chunks not yet requested at the new speed, and for the ones the background found cached at the old one', async () => {
    const { player, requests, resolve, play } = setup([45, 45, 45, 45, 45, 45]);
    current = player;
    player.start(longPlan);
    await resolve(0);
    await play(0.2);
    expect(requests.map((r) => r.chunkIndex)).toEqual([0, 1, 2]);

    const answer = player.setSpeed(1.5, [{ chunk: 4, speed: 1 }]);
    expect(answer).toEqual([0, 1, 2, 4].map((chunk) => ({ chunk, speed: 1 })));
    await resolve(1, 2);
    // Chunk 0 is one sentence: it plays out at ×1; once chunk 1 sounds, chunk 3 is asked for.
    await play(45.2);
    expect(player.state()).toMatchObject({ chunk: 1 });
    const speedOf = (chunk: number) => requests.find((r) => r.chunkIndex === chunk)?.params.speed;
    expect(speedOf(3)).toBe(1.5);
    await resolve(3);
    await play(30); // chunk 2 sounds: chunk 4 is asked for, at the speed it is cached at
    expect(speedOf(4)).toBe(1);
    expect(requests.filter((r) => r.chunkIndex! <= 2).every((r) => r.params.speed === 1)).toBe(true);
  });

  it('a second change before the first took effect: the rest of the chunk goes on at the latest speed, nothing lost', async () => {
    const { ctx, player, events, resolve, play } = setup();
    current = player;
    player.start(plan);
    await resolve(0, 1, 2, 3);
    await play(1.2);
    player.setSpeed(2);
    await play(0.2);
    player.setSpeed(1.25);
    await flush();
    const rest = ctx.active().filter((s) => (s.buffer as FakeBuffer).chunk === 1 && (s.buffer as FakeBuffer).from === 1);
    expect(rest).toHaveLength(1);
    expect(rest[0]).toMatchObject({ when: 2, buffer: { rate: 1.25 } });
    expect(rest[0]!.duration).toBeCloseTo(0.8);
    await play(5);
    expect(events.at(-1)!.status).toBe('ended');
    expect(events.map((e) => e.sentence).filter((s, i, all) => s !== all[i - 1])).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('a chunk still awaited plays at the new speed as soon as it arrives', async () => {
    const { ctx, player, resolve, play } = setup();
    current = player;
    player.start(plan);
    player.setSpeed(0.5);
    await resolve(0);
    await play(0.1);
    expect(ctx.sources[0]!.buffer).toMatchObject({ chunk: 0, rate: 0.5, from: 0 });
    expect(ctx.sources[0]!.duration).toBeCloseTo(2);
  });

  it('in the last sentence of a chunk, the next chunk takes the new speed and the sounding one is left whole', async () => {
    const { ctx, player, resolve, play } = setup();
    current = player;
    player.start(plan);
    await resolve(0, 1, 2, 3);
    await play(2.3); // chunk 1's second sentence
    player.setSpeed(1.25);
    await flush();
    expect(ctx.sources[1]!.stopAt).toBeUndefined();
    const next = ctx.active().find((s) => (s.buffer as FakeBuffer).chunk === 2)!;
    expect(next.buffer).toMatchObject({ rate: 1.25 });
    expect(next.when).toBeCloseTo(3);
    expect(next.duration).toBeCloseTo(1.6);
  });
});

describe('player: a learner plan (pauses, slower repeats)', () => {
  // Sentence 0's translation, a pause, the same again slower; then sentence 1, once.
  const learner: ReadingPlan = {
    ...plan,
    sentenceCount: 2,
    chunks: [
      { index: 0, text: 'One.', firstSentence: 0, lastSentence: 0, sentenceOffsets: [0], pauseAfterSec: 1.5 },
      { index: 1, text: 'One.', firstSentence: 0, lastSentence: 0, sentenceOffsets: [0], slower: 0.75, pauseAfterSec: 1.5 },
      { index: 2, text: 'Two.', firstSentence: 1, lastSentence: 1, sentenceOffsets: [0] },
    ],
  };

  it('leaves the pause after a chunk as silence, not counted as a gap, and plays the repeat slower from the same audio', async () => {
    const { ctx, player, requests, events, resolve, play } = setup([1, 1, 1]);
    current = player;
    player.start(learner);
    await resolve(0, 1, 2);
    await play(0.1);
    // The repeat is asked for as the first was (same text, same speed): the background answers it from the cache.
    expect(requests.map((r) => [r.text, r.params.speed])).toEqual([['One.', 1], ['One.', 1], ['Two.', 1]]);
    const repeat = ctx.sources.find((s) => (s.buffer as FakeBuffer).rate === 0.75)!;
    // After the first (1 s) and its pause (1.5 s); 1 s of audio at ×0.75 lasts 1.33 s.
    expect(repeat.when).toBeCloseTo(2.5);
    expect(repeat.duration).toBeCloseTo(1 / 0.75);
    await play(3);
    const last = ctx.sources.find((s) => (s.buffer as FakeBuffer).chunk === 2)!;
    expect(last.when).toBeCloseTo(2.5 + 1 / 0.75 + 1.5);
    await play(4);
    expect(events.at(-1)!.status).toBe('ended');
    expect(player.stats()!.gapsMs.every((g) => g < 1)).toBe(true);
  });
});

describe('player: stretched audio is made a slice at a time', () => {
  /** A stretch handing out slices as long as asked for; notes each stretch, and when each slice was asked for. */
  function sliced(clock: () => number) {
    interface Made {
      chunk: number;
      rate: number;
      totalSec: number;
      madeSec: number;
      cancelled: boolean;
      asked: { at: number; madeSec: number }[];
      resolveNext?: () => void;
    }
    const made: Made[] = [];
    let hold = false;
    const stretch: StretchBuffer = (buffer, from, to, rate) => {
      const { chunk } = buffer as unknown as FakeBuffer;
      const entry: Made = { chunk, rate, totalSec: (to - from) / rate, madeSec: 0, cancelled: false, asked: [] };
      made.push(entry);
      return {
        next: async (sec) => {
          entry.asked.push({ at: clock(), madeSec: entry.madeSec });
          if (hold) await new Promise<void>((resolve) => (entry.resolveNext = resolve));
          if (entry.cancelled || entry.madeSec >= entry.totalSec - 1e-9) return null;
          const duration = Math.min(sec, entry.totalSec - entry.madeSec);
          const slice = { duration, chunk, rate, from: from + entry.madeSec * rate };
          entry.madeSec += duration;
          return slice as unknown as AudioBuffer;
        },
        cancel: () => {
          entry.cancelled = true;
          entry.resolveNext?.();
        },
      };
    };
    return { stretch, made, hold: (on: boolean) => (hold = on) };
  }

  it('makes a long chunk slowed down only a little ahead of the playhead, slices joined without a gap', async () => {
    let clock = () => 0;
    const stretching = sliced(() => clock());
    const { ctx, player, events, resolve, play } = setup([45, 45], stretching.stretch);
    clock = () => ctx.currentTime;
    current = player;
    player.start({ ...longPlan, sentenceCount: 2, chunks: longPlan.chunks.slice(0, 2) });
    player.setSpeed(0.5);
    await resolve(0, 1);
    await play(30);
    const [first] = stretching.made;
    expect(first).toMatchObject({ chunk: 0, rate: 0.5, totalSec: 90 });
    // 30 s in, of 90 s: made up to some seconds ahead of the playhead, not the whole chunk.
    expect(first!.madeSec).toBeGreaterThan(30);
    expect(first!.madeSec).toBeLessThan(50);
    // Each slice was asked for when what was made ended less than STRETCH_AHEAD_SEC ahead.
    for (const { at, madeSec } of first!.asked.slice(1)) expect(madeSec - at).toBeLessThanOrEqual(10 + 1e-6);
    // The slices play back to back, each from where the one before ends.
    const slices = ctx.sources.filter((s) => (s.buffer as FakeBuffer).chunk === 0);
    expect(slices.length).toBeGreaterThan(3);
    slices.slice(1).forEach((s, i) => expect(s.when).toBeCloseTo(slices[i]!.when! + slices[i]!.duration!, 9));
    await play(150);
    expect(first!.madeSec).toBeCloseTo(90);
    expect(events.at(-1)!.status).toBe('ended');
    expect(events.map((e) => e.sentence).filter((s, i, all) => s !== all[i - 1])).toEqual([0, 1]);
    expect(player.stats()!.gapsMs).toEqual([0]);
  });

  it('a new speed while the last one is still being made drops it: only the latest is stretched and heard', async () => {
    let clock = () => 0;
    const stretching = sliced(() => clock());
    const { ctx, player, events, resolve, play } = setup(DURATIONS, stretching.stretch);
    clock = () => ctx.currentTime;
    current = player;
    player.start(plan);
    await resolve(0, 1, 2, 3);
    await play(1.2);
    stretching.hold(true);
    player.setSpeed(2);
    player.setSpeed(1.5);
    stretching.hold(false);
    player.setSpeed(1.25);
    await flush();
    await flush();
    // Each change cancelled the stretch of the one before; only ×1.25 is heard.
    expect(stretching.made.filter((m) => m.rate !== 1.25).every((m) => m.cancelled)).toBe(true);
    expect(ctx.sources.filter((s) => (s.buffer as FakeBuffer).rate !== undefined).every((s) => (s.buffer as FakeBuffer).rate === 1.25)).toBe(true);
    const rest = ctx.active().find((s) => (s.buffer as FakeBuffer).chunk === 1 && (s.buffer as FakeBuffer).rate === 1.25)!;
    expect(rest).toMatchObject({ when: 2, buffer: { from: 1 } });
    await play(6);
    expect(events.at(-1)!.status).toBe('ended');
    expect(events.map((e) => e.sentence).filter((s, i, all) => s !== all[i - 1])).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('stopping the reading cancels the stretch under way', async () => {
    let clock = () => 0;
    const stretching = sliced(() => clock());
    const { ctx, player, resolve, play } = setup([45, 45], stretching.stretch);
    clock = () => ctx.currentTime;
    current = player;
    player.start({ ...longPlan, sentenceCount: 2, chunks: longPlan.chunks.slice(0, 2) });
    player.setSpeed(0.5);
    await resolve(0, 1);
    await play(5);
    expect(stretching.made.some((m) => !m.cancelled)).toBe(true);
    player.control('stop');
    await flush();
    expect(stretching.made.every((m) => m.cancelled)).toBe(true);
  });
});

