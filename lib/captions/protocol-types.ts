import type { SerializedServiceError } from '../api/errors';

/*
 * What the worker answers a page's caption translation (the messages are in messaging/protocol.ts).
 */

/** The figure shown before anything is sent, and the offer that agreeing to it accepts. */
export interface CaptionsEstimate {
  /** The language the captions are translated into. */
  target: string;
  /** About this many credits per minute of video watched. */
  perMinute: number;
  /** At most this many for the whole video: what the offer is for. */
  whole: number;
  offer: string;
}

/** Each text's translation, in order (null: none came); the error that stopped the rest, if any. */
export interface CaptionsAnswer {
  translations: (string | null)[];
  /**
   * The texts (by index) paid for in a request whose answer could not be split back into its
   * captions: not to be asked for again (that would pay twice); they stay untranslated.
   */
  unmatched: number[];
  error: SerializedServiceError | null;
}

/** A caption's speech for the page to play in time with its video (Chrome's messages carry JSON only). */
export interface CaptionsSpeech {
  /** The audio file's bytes as base64 (mp3 or wav: the page decodes either). */
  audio: string;
  durationSec: number;
}
