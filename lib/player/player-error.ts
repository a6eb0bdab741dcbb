/** An error as the player reports it: a kind the UI can act on and words for the user. */
export interface PlayerError {
  kind: string;
  message: string;
}

const UNEXPECTED: PlayerError = {
  kind: 'badResponse',
  message: 'Something unexpected went wrong while playing. Try again; if it keeps happening, reload the extension.',
};

/** Reads `kind`/`message` off a rejection from the background; anything else is "unexpected". */
export function toPlayerError(e: unknown): PlayerError {
  if (e instanceof Error && typeof (e as { kind?: unknown }).kind === 'string') {
    return { kind: (e as Error & { kind: string }).kind, message: e.message };
  }
  return UNEXPECTED;
}

/** The cached audio vanished twice in a row (cleared or evicted while reading). */
export const CACHE_MISS_ERROR: PlayerError = {
  kind: 'badResponse',
  message: 'The audio disappeared from the cache while reading. Start the reading again.',
};

/** The browser could not decode the audio it was given. */
export const DECODE_ERROR: PlayerError = {
  kind: 'badResponse',
  message: 'The audio could not be played: the browser could not decode it. Try another voice or format.',
};
