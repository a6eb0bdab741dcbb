import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlayerEvent, ReadingPlan } from './contract';
import { asAudioContext, fakeAudioContext } from './fake-audio-context.test-helpers';
import { encodeTaggedMp3, sine } from '../audio/encode.test-helpers';
import { parseMp3 } from '../audio/mp3';
import { createPlayer } from './player';
import type { FetchChunkRequest, Player } from './types';

// Four chunks; the fake decodes chunk i to DURATIONS[i] seconds.
const DURATIONS = [1, 2, 2, 2];
const plan: ReadingPlan = {
  sessionId: 's1',
  title: 'Test',
  params: { voiceId: 'v', language: 'en', speed: 1, format: 'mp3' },
  sentenceCount: 7,
  chunks: [
    { index: 0, text: 'One.', firstSentence: 0, lastSentence: 0, sentenceOffsets: [0] },
    // Two sentences of 10 characters: the second starts halfway through the audio.
    { index: 1, text: 'Two two 2. Three 33.', firstSentence: 1, lastSentence: 2, sentenceOffsets: [0, 10] },
    { index: 2, text: 'Four four. Five five.', firstSentence: 3, lastSentence: 4, sentenceOffsets: [0, 11] },
    { index: 3, text: 'Six six 6. Seven 77.', firstSentence: 5, lastSentence: 6, sentenceOffsets: [0, 10] },
  ],
};

const flush = () => new Promise((resolve) => setImmediate(resolve));

/** Real audio for the chunks instead of one-byte stand-ins, and what the fake decoder makes of it. */
interface RealAudio {
  audioOf(chunk: number): Uint8Array;
  decodedSec(bytes: Uint8Array): number | undefined;
}

function setup(durations = DURATIONS, real?: RealAudio) {
  const ctx = fakeAudioContext(durations, real?.decodedSec);
  const requests: (FetchChunkRequest & { resolve(): void; reject(e: Error): void })[] = [];
  const events: PlayerEvent[] = [];
  const cancelled: string[] = [];
  const released: number[][] = [];
  const player = createPlayer({
    fetchChunk: (req) =>
      new Promise((resolve, reject) => {
        requests.push({ ...req, resolve: () => resolve({ cacheKey: `${req.sessionId}:${req.chunkIndex}` }), reject });
      }),
    cancelFetches: (id, chunks) => (chunks ? released.push([...chunks]) : cancelled.push(id)),
    onEvent: (e) => events.push(e),
    loadAudio: async (key) => {
      const chunk = Number(key.split(':')[1]);
      return { audio: real?.audioOf(chunk) ?? new Uint8Array([chunk]) };
    },
    audioContext: () => asAudioContext(ctx),
    now: () => 1000 + ctx.currentTime * 1000,
  });
  /** Answers the requests of these chunks in turn (later ones are only asked once chunk 0 answered). */
  const resolve = async (...chunks: number[]) => {
    for (const c of chunks) {
      await flush();
      requests.find((r) => r.chunkIndex === c && r.sessionId === plan.sessionId)!.resolve();
    }
    await flush();
  };
  /** Runs the clock in 50 ms steps, as the audio thread would. */
  const play = async (sec: number) => {
    for (let i = 0; i < Math.round(sec / 0.05); i++) {
      ctx.advance(0.05);
      vi.advanceTimersByTime(50);
      await flush();
    }
  };
  const statuses = () => events.map((e) => e.status).filter((s, i, all) => s !== all[i - 1]);
  return { ctx, player, requests, events, cancelled, released, resolve, play, statuses };
}

let current: Player | null = null;
// Only the player's tick is faked: flush() relies on the real setImmediate.
beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] }));
afterEach(() => {
  current?.control('stop');
  vi.useRealTimers();
});

describe('createPlayer', () => {
  it('requests the first chunk alone at top priority, and the next ones once it has answered', async () => {
    const t = setup();
    current = t.player;
    t.player.start(plan);
    expect(t.requests.map((r) => r.chunkIndex)).toEqual([0]);
    expect(t.requests[0]).toMatchObject({ chunkIndex: 0, priority: 10, text: 'One.', params: plan.params });
    expect(t.events).toEqual([{ sessionId: 's1', status: 'loading', sentence: 0, chunk: 0, elapsedSec: 0 }]);
    await t.resolve(0);
    expect(t.requests.map((r) => r.priority)).toEqual([10, 9, 8, 7]);
  });

  it('schedules each chunk exactly at the end of the previous one', async () => {
    const t = setup();
    current = t.player;
    t.player.start(plan);
    await t.resolve(0, 1, 2, 3);
    expect(t.ctx.sources.map((s) => [s.when, s.offset])).toEqual([[0, 0], [1, 0]]);
    await t.play(1.1);
    expect(t.ctx.sources.map((s) => s.when)).toEqual([0, 1, 3]);
    await t.play(6);
    expect(t.ctx.sources.map((s) => s.when)).toEqual([0, 1, 3, 5]);
    expect(t.statuses()).toEqual(['loading', 'playing', 'ended']);
    expect(t.events.map((e) => e.sentence)).toEqual([0, 0, 1, 2, 3, 4, 5, 6, 6]);
    expect(t.events.at(-1)).toMatchObject({ status: 'ended', elapsedSec: 7 });
    expect(t.player.stats()).toEqual({
      sessionId: 's1', firstAudioAt: 1000, outputLatencyMs: 0, startedAt: 1000, gapsMs: [0, 0, 0], chunksPlayed: 4, stretches: [],
      schedule: [{ chunk: 0, start: 0, end: 1 }, { chunk: 1, start: 1, end: 3 }, { chunk: 2, start: 3, end: 5 }, { chunk: 3, start: 5, end: 7 }],
    });
  });

  it('starts a reading a little ahead of the clock (twice the context\'s base latency), its chunks back to back from there', async () => {
    const t = setup();
    current = t.player;
    t.ctx.baseLatency = 0.01;
    t.player.start(plan);
    await t.resolve(0, 1);
    // Started "now", a source can sound a render burst late and the next chunk would cut into it.
    expect(t.ctx.sources.map((s) => s.when)).toEqual([0.02, 1.02]);
    expect(t.player.stats()?.firstAudioAt).toBe(1020);
    await t.play(1.5);
    expect(t.player.stats()?.gapsMs).toEqual([0]);
  });

  it('gets ready before its reading starts: the audio output opened and the decoder run once, while the first audio is on its way; not left open when no reading comes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    const ctx = fakeAudioContext(DURATIONS);
    const decodes: number[] = [];
    const decode = ctx.decodeAudioData.bind(ctx);
    ctx.decodeAudioData = (data: ArrayBuffer) => (decodes.push(data.byteLength), decode(data));
    let created = 0;
    const player = createPlayer({
      fetchChunk: () => new Promise(() => undefined),
      cancelFetches: () => undefined,
      onEvent: () => undefined,
      audioContext: () => (created++, asAudioContext(ctx)),
    });
    current = player;
    ctx.state = 'suspended';
    player.prepare();
    expect(created).toBe(1);
    expect(ctx.state).toBe('running');
    expect(decodes).toHaveLength(1);
    await flush();
    // Asked again (another reading on its way): the decoder has run already.
    player.prepare();
    expect(decodes).toHaveLength(1);
    // No reading came: the output is closed again after a while.
    vi.runOnlyPendingTimers();
    expect(ctx.state).toBe('suspended');
    // A reading then starts on the same context, and a prepare() meanwhile leaves it playing.
    player.prepare();
    player.start(plan);
    vi.runOnlyPendingTimers();
    expect(created).toBe(1);
    expect(ctx.state).toBe('running');
  });

  it('starts a late chunk as soon as it is ready, records the gap and reports loading meanwhile', async () => {
    const t = setup();
    current = t.player;
    t.player.start(plan);
    await t.resolve(0);
    await t.play(1.5);
    expect(t.player.state()).toMatchObject({ status: 'loading', chunk: 1, sentence: 1 });
    await t.resolve(1);
    expect(t.ctx.sources[1]!.when).toBeCloseTo(1.5);
    expect(t.player.stats()!.gapsMs).toHaveLength(1);
    expect(t.player.stats()!.gapsMs[0]).toBeCloseTo(500);
    expect(t.statuses()).toEqual(['loading', 'playing', 'loading', 'playing']);
  });

  it('pauses and resumes with the AudioContext', async () => {
    const t = setup();
    current = t.player;
    t.player.start(plan);
    await t.resolve(0, 1);
    t.player.control('toggle');
    await flush();
    expect(t.ctx.state).toBe('suspended');
    expect(t.player.state()?.status).toBe('paused');
    await t.play(5);
    expect(t.ctx.currentTime).toBe(0);
    t.player.control('resume');
    await flush();
    expect(t.ctx.state).toBe('running');
    expect(t.player.state()?.status).toBe('playing');
  });

  it('paused, withdraws the requests ahead not answered yet and asks for nothing until Resume, then asks again', async () => {
    const t = setup();
    current = t.player;
    t.player.start(plan);
    await t.resolve(0);
    // Playing chunk 0: the chunks ahead are asked for, none answered yet.
    const ahead = t.requests.filter((r) => r.chunkIndex > 0).map((r) => r.chunkIndex);
    expect(ahead.length).toBeGreaterThan(0);
    t.player.control('pause');
    await flush();
    expect(t.released).toEqual([ahead]);
    // An answer coming meanwhile (a request that was with the service) starts nothing new.
    const asked = t.requests.length;
    t.requests.find((r) => r.chunkIndex === ahead[0])!.resolve();
    await flush();
    await t.play(5);
    expect(t.requests.length).toBe(asked);
    t.player.control('resume');
    await flush();
    expect(t.requests.slice(asked).map((r) => r.chunkIndex)).toEqual(ahead);
  });

  it('stops: silences the audio, cancels fetches and reports stopped', async () => {
    const t = setup();
    current = t.player;
    t.player.start(plan);
    await t.resolve(0);
    await t.play(0.5);
    t.player.control('stop');
    expect(t.ctx.active()).toEqual([]);
    expect(t.cancelled).toEqual(['s1']);
    expect(t.events.at(-1)).toMatchObject({ status: 'stopped', elapsedSec: 0.5 });
    t.player.control('resume');
    expect(t.events.at(-1)?.status).toBe('stopped');
  });

  it('jumps to the next and previous sentence inside a chunk', async () => {
    const t = setup();
    current = t.player;
    t.player.start(plan, 1);
    await t.resolve(1, 2, 3);
    expect(t.ctx.sources[0]).toMatchObject({ when: 0, offset: 0 });
    t.player.control('next');
    await flush();
    // Sentence 2 starts at character 10 of 20: halfway through chunk 1's 2 s.
    expect(t.ctx.sources[0]!.stopped).toBe(true);
    expect(t.ctx.active()[0]).toMatchObject({ when: 0, offset: 1 });
    expect(t.player.state()).toMatchObject({ status: 'playing', sentence: 2, chunk: 1 });
    t.player.control('previous');
    await flush();
    expect(t.ctx.active()[0]).toMatchObject({ offset: 0 });
    expect(t.player.state()?.sentence).toBe(1);
    t.player.control('previous');
    await flush();
    expect(t.player.state()).toMatchObject({ sentence: 0, chunk: 0 });
    // Jumps are not gaps between consecutive chunks.
    expect(t.player.stats()!.gapsMs).toEqual([]);
  });

  it('skips while paused: a sentence on and back from where it paused, still paused, and Resume plays from there', async () => {
    const t = setup();
    current = t.player;
    t.player.start(plan, 1);
    await t.resolve(1, 2, 3);
    t.player.control('pause');
    await flush();
    t.player.control('next');
    await flush();
    expect(t.events.at(-1)).toMatchObject({ status: 'paused', sentence: 2, chunk: 1 });
    // Nothing moves it on by itself meanwhile (the page's check of the skip relies on it).
    await t.play(5);
    expect(t.player.state()).toMatchObject({ status: 'paused', sentence: 2 });
    t.player.control('previous');
    await flush();
    expect(t.events.at(-1)).toMatchObject({ status: 'paused', sentence: 1, chunk: 1 });
    t.player.control('resume');
    await flush();
    expect(t.player.state()).toMatchObject({ status: 'playing', sentence: 1 });
    expect(t.ctx.active()[0]).toMatchObject({ offset: 0 });
  });

  it('plays what it has, then reports a needed chunk’s error and stops', async () => {
    const t = setup();
    current = t.player;
    t.player.start(plan);
    await t.resolve(0);
    t.requests[1]!.reject(Object.assign(new Error('You have no credits left.'), { kind: 'insufficientCredits' }));
    await flush();
    expect(t.player.state()?.status).toBe('playing');
    await t.play(1.1);
    expect(t.events.at(-1)).toMatchObject({
      status: 'error',
      chunk: 1,
      error: { kind: 'insufficientCredits', message: 'You have no credits left.' },
    });
    expect(t.cancelled).toEqual(['s1']);
  });

  it('asks again after a cancellation it did not ask for, silently', async () => {
    const t = setup();
    current = t.player;
    t.player.start(plan);
    t.requests[0]!.reject(Object.assign(new Error('The request was cancelled.'), { kind: 'cancelled' }));
    await flush();
    expect(t.events.map((e) => e.status)).toEqual(['loading']);
    expect(t.requests.filter((r) => r.chunkIndex === 0)).toHaveLength(2);
  });

  it('reports a chunk that does not decode', async () => {
    const t = setup([1]);
    current = t.player;
    t.player.start(plan);
    await t.resolve(0, 1);
    await t.play(1.1);
    expect(t.events.at(-1)).toMatchObject({ status: 'error', error: { kind: 'badResponse' } });
  });

  it('replaces the current reading', async () => {
    const t = setup();
    current = t.player;
    t.player.start(plan);
    await t.resolve(0);
    t.player.start({ ...plan, sessionId: 's2' });
    expect(t.events.filter((e) => e.status === 'stopped').map((e) => e.sessionId)).toEqual(['s1']);
    expect(t.cancelled).toEqual(['s1']);
    expect(t.player.state()).toMatchObject({ sessionId: 's2', status: 'loading' });
    expect(t.requests.filter((r) => r.sessionId === 's2')[0]).toMatchObject({ chunkIndex: 0, priority: 10 });
  });

  it('does not request the whole of a long reading up front', async () => {
    const t = setup();
    current = t.player;
    const long = 'x'.repeat(4999) + '.';
    const chunks = Array.from({ length: 20 }, (_, i) => ({
      index: i,
      text: long,
      firstSentence: i,
      lastSentence: i,
      sentenceOffsets: [0],
    }));
    t.player.start({ ...plan, chunks, sentenceCount: 20 });
    await flush();
    t.requests[0]!.resolve();
    await flush();
    expect(t.requests.map((r) => r.chunkIndex)).toEqual([0, 1, 2]);
  });

  it('a plan that fetches one chunk ahead (heard in another language) never asks for more than the chunk heard and the next, from start to end and after a jump', async () => {
    // Ten one-minute chunks: a horizon of seconds never reaches the one after next.
    const t = setup(Array.from({ length: 10 }, () => 60));
    current = t.player;
    const chunks = Array.from({ length: 10 }, (_, i) => ({ index: i, text: `${'y'.repeat(999)}.`, firstSentence: i, lastSentence: i, sentenceOffsets: [0] }));
    t.player.start({ ...plan, chunks, sentenceCount: 10, fetchAhead: { minAhead: 1, horizonSec: 10 } });
    const asked = () => t.requests.map((r) => r.chunkIndex);
    const heard = () => t.player.state()!.chunk;
    await t.resolve(0);
    expect(asked()).toEqual([0, 1]);
    // Heard to the end, each request answered as soon as it is asked: never two chunks ahead.
    for (let i = 1; i < 10; i++) {
      await t.resolve(i);
      await t.play(60);
      expect(Math.max(...asked())).toBeLessThanOrEqual(heard() + 1);
    }
    expect(asked()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);

    const again = setup(Array.from({ length: 10 }, () => 60));
    current = again.player;
    again.player.start({ ...plan, chunks, sentenceCount: 10, fetchAhead: { minAhead: 1, horizonSec: 10 } }, 6);
    await flush();
    again.requests.find((r) => r.chunkIndex === 6)!.resolve();
    await flush();
    expect(again.requests.map((r) => r.chunkIndex)).toEqual([6, 7]);
    // A jump back: the chunk two ahead of the new place is no longer wanted.
    again.player.control('previous');
    await flush();
    expect(again.released).toEqual([[7]]);
    expect(again.requests.map((r) => r.chunkIndex)).toEqual([6, 7, 5]);
  });

  it('a jump back gives up only the requests no longer wanted; the ones still wanted keep going', async () => {
    // Twenty five-minute chunks: the window around a chunk is it and the two after it.
    const t = setup(Array.from({ length: 20 }, () => 300));
    current = t.player;
    const long = 'x'.repeat(4999) + '.';
    const chunks = Array.from({ length: 20 }, (_, i) => ({ index: i, text: long, firstSentence: i, lastSentence: i, sentenceOffsets: [0] }));
    t.player.start({ ...plan, chunks, sentenceCount: 20 }, 3);
    await flush();
    t.requests.find((r) => r.chunkIndex === 3)!.resolve();
    await flush();
    expect(t.requests.map((r) => r.chunkIndex)).toEqual([3, 4, 5]);
    t.player.control('previous');
    await flush();
    // Chunk 5 fell out of the window; chunk 4 is still wanted and was not asked for again.
    expect(t.released).toEqual([[5]]);
    expect(t.cancelled).toEqual([]);
    expect(t.requests.filter((r) => r.chunkIndex === 4)).toHaveLength(1);
    expect(t.requests.map((r) => r.chunkIndex)).toEqual([3, 4, 5, 2]);
  });

  describe('mp3 with a LAME tag: only the speech is played', () => {
    // Each chunk: one or two sentences of "speech" at 22,050 Hz, encoded as the service does.
    const RATE = 22050;
    const speech = [22_050, 44_100, 33_075, 30_000].map((n, i) => sine(n / RATE, RATE, 300 + 40 * i));
    const mp3 = speech.map((pcm) => encodeTaggedMp3(pcm));
    const untrimmedSec = (bytes: Uint8Array) => (parseMp3(bytes).frames.length * 576) / RATE;
    const chunkOf = (bytes: Uint8Array) => mp3.indexOf(mp3.find((m) => m.length === bytes.length && m[300] === bytes[300])!);
    const speechSec = speech.map((pcm) => pcm.length / RATE);
    const lead = (576 + 529) / RATE;

    it('a decoder that kept the encoder delay and padding: each chunk starts after them and ends before', async () => {
      const t = setup([], { audioOf: (c) => mp3[c]!, decodedSec: untrimmedSec });
      current = t.player;
      t.player.start(plan);
      await t.resolve(0, 1, 2, 3);
      const [first, second] = t.ctx.sources;
      expect(first!.when).toBe(0);
      expect(first!.offset).toBeCloseTo(lead, 9);
      expect(first!.duration).toBeCloseTo(speechSec[0]!, 9);
      // Back to back on the speech, not on the decoded buffers (which are 50–80 ms longer).
      expect(second!.when).toBeCloseTo(speechSec[0]!, 9);
      expect(second!.offset).toBeCloseTo(lead, 9);
      expect(untrimmedSec(mp3[0]!) - speechSec[0]!).toBeGreaterThan(0.05);
      // Sentence timing counts from the speech's start: chunk 1's second sentence starts halfway.
      await t.play(speechSec[0]! + speechSec[1]! / 2 - 0.06);
      expect(t.player.state()?.sentence).toBe(1);
      await t.play(0.1);
      expect(t.player.state()?.sentence).toBe(2);
      expect(t.ctx.sources[2]!.when).toBeCloseTo(speechSec[0]! + speechSec[1]!, 9);
    });

    it('a jump into a chunk starts at the sentence inside its speech, past the encoder delay', async () => {
      const t = setup([], { audioOf: (c) => mp3[c]!, decodedSec: untrimmedSec });
      current = t.player;
      t.player.start(plan, 2);
      await t.resolve(1);
      expect(t.ctx.sources[0]!.offset).toBeCloseTo(lead + speechSec[1]! / 2, 9);
      expect(t.ctx.sources[0]!.duration).toBeCloseTo(speechSec[1]! / 2, 9);
    });

    it('a decoder that already cut them (Chrome, Firefox): the buffers are played whole', async () => {
      const t = setup([], { audioOf: (c) => mp3[c]!, decodedSec: (bytes) => speechSec[chunkOf(bytes)] });
      current = t.player;
      t.player.start(plan);
      await t.resolve(0, 1);
      expect(t.ctx.sources.map((s) => [s.when, s.offset])).toEqual([[0, 0], [speechSec[0], 0]]);
      expect(t.ctx.sources[0]!.duration).toBeCloseTo(speechSec[0]!, 9);
    });
  });
});
