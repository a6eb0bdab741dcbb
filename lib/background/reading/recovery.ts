import { setBadge } from '../badge';
import type { PlayerHost } from './player-host';
import { sessionItem, type ReadingSession } from './session';

/**
 * Players started again in a row while the reading neither played nor waited on the service: a
 * player that keeps dying (a crash at the same place) is given up after this many, not restarted
 * forever. Chrome closing a silent player during a long wait does not count: each wait the
 * scheduler takes on is bounded, and the reading goes on (or fails with a message) after it.
 */
export const MAX_IDLE_RECOVERIES = 3;

export interface RecoveryDeps {
  host: PlayerHost;
  /** Whether some of the reading's chunk requests are still with the service (a wait being bridged). */
  waitingOnService(sessionId: string): boolean;
  /** Tells the user the reading stopped, and offers to resume it. */
  interrupt(session: ReadingSession): Promise<void>;
}

/** Whether a reading needs a player right now: under way, not paused, not given up. */
export function wantsPlayer(session: ReadingSession | null): session is ReadingSession {
  if (!session || session.interrupted) return false;
  const status = session.position?.status ?? 'loading';
  return status === 'loading' || status === 'playing';
}

/**
 * Called when the reading's player may be gone (its document closed, or the worker just started).
 * If the reading was under way and no player is there, a new one starts at the sentence it was at.
 * Its audio comes from the cache, or joins the requests still in flight (shared by reference
 * count in chunk-fetcher.ts), so nothing is paid twice. When that cannot work, the user is told.
 */
export async function recoverReading(deps: RecoveryDeps): Promise<'none' | 'restarted' | 'interrupted'> {
  const session = await sessionItem.getValue();
  if (!wantsPlayer(session) || (await deps.host.alive())) return 'none';
  const idle = !deps.waitingOnService(session.plan.sessionId);
  const recoveries = (session.recoveries ?? 0) + (idle ? 1 : 0);
  if (recoveries > MAX_IDLE_RECOVERIES) {
    await deps.interrupt(session);
    return 'interrupted';
  }
  try {
    await restartPlayer(deps.host, { ...session, recoveries }, session.position?.sentence ?? session.startSentence ?? 0);
    return 'restarted';
  } catch {
    await deps.interrupt((await sessionItem.getValue()) ?? session);
    return 'interrupted';
  }
}

/**
 * Starts a new player (the reading's next generation) at `sentence`. What earlier players played is kept as the
 * new one's starting time, so the popup's clock goes on instead of starting again from 0:00.
 */
export async function restartPlayer(host: PlayerHost, session: ReadingSession, sentence: number): Promise<void> {
  const { interrupted, ...rest } = session;
  // A new generation: whatever the players before it still say (a replaced one's "stopped") is theirs.
  const generation = (session.plan.generation ?? 0) + 1;
  const plan = { ...session.plan, generation };
  await sessionItem.setValue({ ...rest, plan, elapsedBase: session.position?.elapsedSec ?? session.elapsedBase ?? 0 });
  // The button said the reading stopped; it is going on again (the player's events take over).
  if (interrupted) await setBadge('loading');
  await host.start(plan, sentence);
}
