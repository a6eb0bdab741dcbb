/** How far ahead of the playing position audio is requested, in seconds of speech. */
export const FETCH_HORIZON_SEC = 45;
/** Chunks always requested after the playing one, however long they are. */
export const MIN_CHUNKS_AHEAD = 2;
/** Requests starting further than this ahead are cancelled after a jump. */
export const CANCEL_HORIZON_SEC = 90;
/** Priority of the chunk playback is waiting for; the scheduler runs higher numbers first. */
export const TOP_PRIORITY = 10;

export interface FetchWindowOptions {
  horizonSec?: number;
  minAhead?: number;
}

/**
 * Which chunks should be requested now: the one playing or awaited (`cursor`), at least
 * `minAhead` after it, and every later chunk whose estimated start is within `horizonSec` of the
 * playing position (`positionSec`, on the same timeline as `starts`). Never the whole of a long
 * article: requests cost credits and a free plan allows 10 a minute.
 */
export function fetchWindow(
  starts: readonly number[],
  cursor: number,
  positionSec: number,
  opts: FetchWindowOptions = {},
): number[] {
  const horizon = opts.horizonSec ?? FETCH_HORIZON_SEC;
  const minAhead = opts.minAhead ?? MIN_CHUNKS_AHEAD;
  const wanted: number[] = [];
  for (let i = cursor; i < starts.length; i++) {
    if (i > cursor + minAhead && starts[i]! > positionSec + horizon) break;
    wanted.push(i);
  }
  return wanted;
}

/** Request priority: the awaited chunk first, then less the further ahead (never below 1). */
export function fetchPriority(chunkIndex: number, cursor: number): number {
  return Math.max(1, TOP_PRIORITY - Math.max(0, chunkIndex - cursor));
}

/**
 * In-flight requests no longer worth their credits after a jump: chunks behind the new cursor and
 * chunks far beyond the fetch window. A margin over the fetch horizon keeps a request that will
 * be wanted again in a moment.
 */
export function staleFetches(
  inFlight: Iterable<number>,
  starts: readonly number[],
  cursor: number,
  positionSec: number,
  opts: { cancelHorizonSec?: number; minAhead?: number } = {},
): number[] {
  const keep = fetchWindow(starts, cursor, positionSec, {
    horizonSec: opts.cancelHorizonSec ?? CANCEL_HORIZON_SEC,
    minAhead: opts.minAhead ?? MIN_CHUNKS_AHEAD,
  });
  return [...inFlight].filter((i) => !keep.includes(i));
}
