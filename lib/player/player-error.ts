import type { PlayerMessageKey } from './contract';

/**
 * An error as the player reports it: a kind the UI can act on and words for the user. The
 * player's own failures carry the message that words them instead (`messageKey`): Chrome's
 * offscreen document, where the player runs, has no i18n, so the background words them.
 */
export interface PlayerError {
  kind: string;
  message: string;
  messageKey?: PlayerMessageKey;
}

/** One of the player's own failures, worded by the background. */
const own = (messageKey: PlayerMessageKey): PlayerError => ({ kind: 'badResponse', message: '', messageKey });

const UNEXPECTED = own('playerUnexpected');

/** Reads `kind`/`message` off a rejection from the background; anything else is "unexpected". */
export function toPlayerError(e: unknown): PlayerError {
  if (e instanceof Error && typeof (e as { kind?: unknown }).kind === 'string') {
    return { kind: (e as Error & { kind: string }).kind, message: e.message };
  }
  return UNEXPECTED;
}

/** The cached audio vanished twice in a row (cleared or evicted while reading). */
export const CACHE_MISS_ERROR = own('playerCacheMiss');

/** The browser could not decode the audio it was given. */
export const DECODE_ERROR = own('playerDecodeFailed');

/** The cached audio could not be read from the browser's storage (IndexedDB). */
export const CACHE_READ_ERROR = own('playerCacheReadFailed');

/** A player's event (or state) as the user is told it: its own failure put in words by `word`. */
export function inWords<E extends { error?: PlayerError }>(event: E, word: (key: PlayerMessageKey) => string): E {
  const key = event.error?.messageKey;
  return key ? { ...event, error: { kind: event.error!.kind, message: word(key) } } : event;
}
