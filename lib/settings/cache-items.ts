import { storage } from '#imports';
import type { Voice } from '../api/schemas';

/** The account as the UI shows it; never includes the key. */
export interface AccountView {
  email: string;
  plan: string;
  credits: number;
  /** When the figures were read from the service (ms since epoch). */
  fetchedAt: number;
}

/** The last account figures read from the service (never the key). */
export interface CachedAccount extends AccountView {
  /** The service the figures came from; a cache for another address is ignored. */
  serviceUrl: string;
  /**
   * Credits were spent since by an amount not known here (speech is priced by the service): the
   * figures are read again the next time something shows or checks them.
   */
  stale?: boolean;
}

/** The last voices list read from the service. */
export interface CachedVoices {
  voices: Voice[];
  fetchedAt: number;
  serviceUrl: string;
}

/**
 * What the background last learned from the service. Only the background writes these; the
 * popup and options page read them to show something the instant they open, then ask the
 * background for fresh figures.
 */
export const accountItem = storage.defineItem<CachedAccount | null>('local:account', { fallback: null });
export const voicesItem = storage.defineItem<CachedVoices | null>('local:voices', { fallback: null });

/** What readings left out before paying (citation markers), so never sent: shown in the options. */
export interface LeftOut {
  chars: number;
  /** At the price of speech learned from the service; 0 while it is not known. */
  credits: number;
}

export const leftOutItem = storage.defineItem<LeftOut>('local:leftOut', { fallback: { chars: 0, credits: 0 } });
