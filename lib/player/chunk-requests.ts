import { chunkAsked, type ReadingPlan } from './contract';
import { CACHE_MISS_ERROR, toPlayerError, type PlayerError } from './player-error';
import type { PlayerDeps } from './types';

export type ChunkFetchState =
  | { status: 'idle' }
  | { status: 'requested' }
  | { status: 'ready'; cacheKey: string }
  | { status: 'failed'; error: PlayerError };

/** Request state of every chunk of one reading. */
export interface ChunkFetcher {
  state(chunk: number): ChunkFetchState;
  /** The speed the chunk's audio was last asked for at (undefined before its first request). */
  speedOf(chunk: number): number | undefined;
  /** Requests the chunk unless it is already requested, ready or failed. */
  request(chunk: number, priority: number): void;
  /** Chunks whose request has not answered yet. */
  inFlight(): number[];
  /** Gives up all of the reading's requests; answers to them are ignored from now on. */
  cancelAll(): void;
  /** Gives up these chunks' requests (no longer wanted after a jump); the rest keep going. */
  release(chunks: readonly number[]): void;
  /** The cached audio was missing: request it again once, then give up. */
  cacheMiss(chunk: number): void;
  /** Marks a chunk as unplayable (e.g. its audio does not decode). */
  fail(chunk: number, error: PlayerError): void;
  /** Ignores every later answer (the reading is over). */
  close(): void;
}

// A cancellation we did not ask for (the background dropped the request) is retried this often.
const MAX_FOREIGN_CANCELS = 2;

/** Tracks and issues a reading's chunk requests; `onChange` runs after every answer. */
export function createChunkFetcher(
  plan: ReadingPlan,
  deps: Pick<PlayerDeps, 'fetchChunk' | 'cancelFetches'>,
  onChange: () => void,
  /** The speed to ask a chunk's audio at (the reading's speed may change while it goes on). */
  speedFor: (chunk: number) => number = () => plan.params.speed,
): ChunkFetcher {
  const states: ChunkFetchState[] = plan.chunks.map(() => ({ status: 'idle' }));
  // Bumped whenever a request is abandoned, so its late answer is recognised and ignored.
  const generation = plan.chunks.map(() => 0);
  const cancels = plan.chunks.map(() => 0);
  const misses = plan.chunks.map(() => 0);
  const speeds: (number | undefined)[] = plan.chunks.map(() => undefined);
  let closed = false;

  /** Requested chunks go back to idle; their late answers are recognised and ignored. */
  function forget(chunks: readonly number[]): void {
    for (const i of chunks) {
      if (states[i]!.status !== 'requested') continue;
      generation[i]!++;
      states[i] = { status: 'idle' };
    }
  }

  function settle(chunk: number, gen: number, next: ChunkFetchState | null): void {
    if (closed || generation[chunk] !== gen) return;
    if (next) states[chunk] = next;
    onChange();
  }

  return {
    state: (chunk) => states[chunk]!,
    speedOf: (chunk) => speeds[chunk],
    request(chunk, priority) {
      if (closed || states[chunk]!.status !== 'idle') return;
      const c = plan.chunks[chunk]!;
      states[chunk] = { status: 'requested' };
      const gen = generation[chunk]!;
      const speed = (speeds[chunk] = speedFor(chunk));
      deps
        .fetchChunk({ sessionId: plan.sessionId, ...chunkAsked({ ...plan.params, speed }, c), priority })
        .then(
          ({ cacheKey }) => settle(chunk, gen, { status: 'ready', cacheKey }),
          (e: unknown) => {
            // Withdrawn here (a pause, a jump): its cancellation is our own, not one to count.
            if (generation[chunk] !== gen) return;
            const error = toPlayerError(e);
            if (error.kind === 'cancelled' && ++cancels[chunk]! <= MAX_FOREIGN_CANCELS) {
              settle(chunk, gen, { status: 'idle' });
            } else {
              settle(chunk, gen, { status: 'failed', error });
            }
          },
        );
    },
    inFlight: () => states.flatMap((s, i) => (s.status === 'requested' ? [i] : [])),
    cancelAll() {
      deps.cancelFetches(plan.sessionId);
      forget(states.map((_, i) => i));
    },
    release(chunks) {
      const requested = chunks.filter((i) => states[i]?.status === 'requested');
      if (requested.length === 0) return;
      deps.cancelFetches(plan.sessionId, requested);
      forget(requested);
    },
    cacheMiss(chunk) {
      generation[chunk]!++;
      states[chunk] = ++misses[chunk]! > 1 ? { status: 'failed', error: CACHE_MISS_ERROR } : { status: 'idle' };
    },
    fail(chunk, error) {
      states[chunk] = { status: 'failed', error };
    },
    close() {
      closed = true;
    },
  };
}
