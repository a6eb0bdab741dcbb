// Test-only: an AudioContext with a hand-driven clock; never import from app code.
import type { PlayerAudioContext } from './types';

/** A source node as the fake records it. */
export interface FakeSource {
  buffer: { duration: number; chunk: number } | null;
  when: number | null;
  offset: number;
  /** How long it plays, when start() was given a duration. */
  duration: number | undefined;
  stopped: boolean;
  /** Context time a stop(when) in the future takes effect. */
  stopAt?: number;
  onended: (() => void) | null;
  connect(): void;
  start(when?: number, offset?: number, duration?: number): void;
  stop(when?: number): void;
}

/**
 * Decodes audio whose first byte is a chunk number into a buffer of `durations[chunk]` seconds
 * (or of `decodedSec(bytes)` seconds when given and it has an answer: real audio files).
 * `advance` moves the clock (only while running) and fires `onended` of sources that finish.
 */
export function fakeAudioContext(durations: readonly number[], decodedSec?: (bytes: Uint8Array) => number | undefined) {
  const sources: FakeSource[] = [];
  const ctx = {
    currentTime: 0,
    /** 0: sources start exactly when asked (a real context renders ahead by about this much). */
    baseLatency: 0,
    state: 'running' as 'running' | 'suspended',
    destination: {},
    sources,
    decodeAudioData(data: ArrayBuffer) {
      const bytes = new Uint8Array(data);
      const chunk = bytes[0]!;
      const duration = decodedSec?.(bytes) ?? durations[chunk];
      if (duration === undefined) return Promise.reject(new Error('EncodingError'));
      return Promise.resolve({ duration, chunk });
    },
    createBufferSource() {
      const source: FakeSource = {
        buffer: null,
        when: null,
        offset: 0,
        duration: undefined,
        stopped: false,
        onended: null,
        connect() {},
        start(when = 0, offset = 0, duration?: number) {
          source.when = when;
          source.offset = offset;
          source.duration = duration;
        },
        stop(when?: number) {
          if (when !== undefined && when > ctx.currentTime) source.stopAt = when;
          else source.stopped = true;
        },
      };
      sources.push(source);
      return source;
    },
    suspend() {
      ctx.state = 'suspended';
      return Promise.resolve();
    },
    resume() {
      ctx.state = 'running';
      return Promise.resolve();
    },
    /** Moves the clock by `sec` (if running), ending sources on the way. */
    advance(sec: number) {
      if (ctx.state !== 'running') return;
      ctx.currentTime += sec;
      for (const s of sources) {
        if (s.stopped || s.when === null || !s.buffer) continue;
        const plays = s.duration ?? s.buffer.duration - s.offset;
        if (Math.min(Math.max(s.when, 0) + plays, s.stopAt ?? Infinity) <= ctx.currentTime + 1e-9) {
          s.stopped = true;
          s.onended?.();
        }
      }
    },
    /** Sources started and not stopped, in start order. */
    active: () => sources.filter((s) => !s.stopped && s.when !== null),
  };
  return ctx;
}

/** The fake as the player sees it. */
export const asAudioContext = (ctx: ReturnType<typeof fakeAudioContext>) => ctx as unknown as PlayerAudioContext;
