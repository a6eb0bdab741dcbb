import { storage } from '#imports';
import type { PlayerEvent, ReadingPlan } from './types';

/** The current reading, kept in session storage so it outlives a stopped service worker. */
export interface ReadingSession {
  plan: ReadingPlan;
  sentences: [number, number][];
  /** Where the text came from; null when typed in the popup. */
  tabId: number | null;
  frameId: number | null;
  /** Last position the player reported. */
  position: PlayerEvent | null;
}

export const sessionItem = storage.defineItem<ReadingSession | null>('session:reading', { fallback: null });
