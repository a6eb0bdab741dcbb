import { storage } from '#imports';
import type { SerializedServiceError } from '../api/errors';
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

/** The last problem that could not be shown on a page (e.g. a restricted one), for the popup. */
export const lastErrorItem = storage.defineItem<SerializedServiceError | null>('session:lastError', { fallback: null });
