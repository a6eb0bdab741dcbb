import type { PlayerStats } from '../../messaging/protocol';
import type { ChunkSpeed, PlayerAction, PlayerEvent, ReadingPlan } from '../../player/contract';

/** Where the audio plays: Chrome's offscreen document, or Firefox's background page itself. */
export interface PlayerHost {
  start(plan: ReadingPlan, startSentence?: number): Promise<void>;
  /**
   * Gets the player ready ahead of a reading known to come, while its first audio (or its
   * translation) is on its way: its document, audio output, decoder and audio cache opened.
   */
  prepare?(): Promise<void>;
  /** False when no player is alive any more (Chrome closed the offscreen document). */
  control(action: PlayerAction): Promise<boolean>;
  state(): Promise<PlayerEvent | null>;
  /** The reading's new speed (see Player.setSpeed); null when no player is alive. */
  setSpeed(speed: number, cached: ChunkSpeed[]): Promise<ChunkSpeed[] | null>;
  stats(): Promise<PlayerStats | null>;
  /** Whether the player's document is there (Chrome closes a silent offscreen one by itself). */
  alive(): Promise<boolean>;
}
