import { keepAliveDuring } from '../keep-alive';
import { pacedNote, readingSlowNote, watchWait } from '../wait-notes';
import type { SpeechParams } from '../../player/contract';
import { cancelFetches, fetchChunk, waitingOnService } from './audio-fetch';
import { handlePlayerEvent } from './follow';
import { interruptReading } from './interrupt';
import { createLocalHost } from './local-host';
import { createOffscreenHost } from './offscreen-host';
import type { PlayerHost } from './player-host';
import { listenerWaits, noteReadingRetry, noteReadingWait } from './problems';
import { recoverReading } from './recovery';
import { withReading } from './session';

let host: PlayerHost | null = null;

export function playerHost(): PlayerHost {
  host ??= import.meta.env.FIREFOX
    ? createLocalHost({
        fetchChunk: fetchChunkForPlayer,
        cancelFetches,
        onEvent: (event) => void handlePlayerEvent(event),
      })
    : createOffscreenHost();
  return host;
}

/**
 * What the player asks for: a chunk's audio in the cache. Waits are told to the user (a retry
 * coming; a slow service once the listener is waiting on it), and the worker is kept alive
 * meanwhile: a wait on the service (a Retry-After) can outlast its 30 s.
 */
export async function fetchChunkForPlayer(request: { sessionId: string; chunkIndex?: number; text: string; params: SpeechParams; priority: number; asWritten?: true; onSent?: () => void }) {
  const { sessionId } = request;
  const watch = watchWait(
    {
      retry: (error, delayMs) => void noteReadingRetry(sessionId, error, delayMs),
      // Said once the listener waits on it (a part read ahead waits its turn unseen).
      paced: (delayMs, perWindow) => void noteReadingWait(sessionId, pacedNote(delayMs, perWindow, 'reading')),
      slow: () => void noteReadingWait(sessionId, readingSlowNote()),
    },
    () => listenerWaits(sessionId),
  );
  try {
    const cacheKey = await keepAliveDuring(() => fetchChunk({ ...request, onRetry: watch.onRetry, onPaced: watch.onPaced }));
    return { cacheKey };
  } finally {
    watch.stop();
  }
}


/**
 * The player's document may be gone (Chrome closed it, it crashed) or the worker just started: a
 * reading under way gets a new player at the same sentence, or the user is told it stopped.
 */
export const recoverPlayer = () =>
  withReading(() => recoverReading({ host: playerHost(), waitingOnService, interrupt: interruptReading })).catch(() => 'none' as const);


/** Figures of the current reading (time to first audio, gaps), for benchmarks and tests. */
export const getPlayerStats = () => playerHost().stats();
