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

/** A caption as the page sends it for the spoken track: with its translation when the page has one. */
export interface TrackCue {
  id: string;
  start: number;
  end: number;
  text: string;
  translation: string | null;
}

/** One translated caption's speech in the spoken track: what is said, where it starts and where its slot ends (the next caption's start; seconds into the video). */
export interface TrackPart {
  text: string;
  atSec: number;
  endSec: number;
}

/** The figure for the spoken track, and the offer that agreeing to it accepts. */
export interface CaptionsTrackEstimate {
  /** The language the captions are spoken in. */
  target: string;
  /** At most this many credits: the speech of the captions not heard yet, and the translation of those not translated yet. */
  whole: number;
  /** How many different captions are to be bought speech for (0: all heard already, the track is free). */
  toHear: number;
  offer: string;
}
