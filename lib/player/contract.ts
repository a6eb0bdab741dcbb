import * as z from 'zod/mini';
import { int, languageCode, num, text } from '../schema-fields';

/** How a chunk is spoken: everything in the service request except the text. */
export const speechParamsSchema = z.object({
  voiceId: text(1, 200),
  language: languageCode,
  speed: num(0.5, 2),
  format: z.enum(['mp3', 'wav']),
});
export type SpeechParams = z.infer<typeof speechParamsSchema>;

/** One service request of a reading, with what the player needs to follow the sentences. */
export const plannedChunkSchema = z.object({
  index: int(0),
  text: text(1, 5000),
  firstSentence: int(0),
  lastSentence: int(0),
  /** Where each sentence starts inside `text` (estimates its start time in the audio). */
  sentenceOffsets: z.array(int(0)),
  /**
   * The speed this chunk's audio was asked for at, when the reading's speed (`params.speed`) changed
   * after: the audio is in the cache at that speed and is played time-stretched instead of bought again.
   */
  speed: z.optional(num(0.5, 2)),
  /**
   * A reading heard in another language whose chunk is heard as written, in this voice (its
   * original, before or after its translation); absent: the reading's own way and voice.
   */
  original: z.optional(z.strictObject({ voiceId: text(1, 200), language: languageCode })),
  /** Played this much slower than the reading's speed, from the same audio (a learner's repeat). */
  slower: z.optional(num(0.5, 1)),
  /** Seconds of silence after the chunk (a learner's pause to repeat it). */
  pauseAfterSec: z.optional(num(0, 10)),
});
export type PlannedChunk = z.infer<typeof plannedChunkSchema>;

/** How a chunk of a reading is spoken: the reading's way, in its original's voice when it has one. */
export function chunkParams(params: SpeechParams, chunk: Pick<PlannedChunk, 'original'>): SpeechParams {
  return chunk.original ? { ...params, ...chunk.original } : params;
}

/**
 * What asking for a chunk's audio says of it (every asker: the player, the early first request,
 * the price probe): its text, how it is spoken, and whether it is heard as written.
 */
export function chunkAsked(params: SpeechParams, chunk: Pick<PlannedChunk, 'text' | 'index' | 'original'>): { chunkIndex: number; text: string; params: SpeechParams; asWritten?: true } {
  return { chunkIndex: chunk.index, text: chunk.text, params: chunkParams(params, chunk), ...(chunk.original ? { asWritten: true as const } : {}) };
}

/** A whole reading: handed to the player, which then drives it even if the worker sleeps. */
export const readingPlanSchema = z.object({
  sessionId: text(1, 100),
  params: speechParamsSchema,
  chunks: z.array(plannedChunkSchema).check(z.minLength(1)),
  sentenceCount: int(1),
  /** Shown in the popup and used to name downloads. */
  title: text(0, 500),
  /**
   * Which player of the reading this is (0 for the first; each jump, restart or recovery starts a
   * new one): its events carry it, so a replaced player's late "stopped" is told from the end of
   * the reading however many replacements came in a row.
   */
  generation: z.optional(int(0)),
  /**
   * How far ahead of what is heard audio is fetched, when not as fetch-plan.ts's defaults (two
   * chunks, 45 s). A reading heard in another language buys each chunk's translation with its
   * speech: it fetches the next chunk and what starts within a few seconds, so what it has paid
   * for stays about one request ahead of what is heard.
   */
  fetchAhead: z.optional(z.object({ minAhead: int(1, 2), horizonSec: num(0, 45) })),
});
export type ReadingPlan = z.infer<typeof readingPlanSchema>;

/** The messages (public/_locales) of the player's own failures. */
export const PLAYER_MESSAGE_KEYS = ['playerUnexpected', 'playerCacheMiss', 'playerDecodeFailed', 'playerCacheReadFailed'] as const;
export type PlayerMessageKey = (typeof PLAYER_MESSAGE_KEYS)[number];

export const playerStatusSchema = z.enum(['loading', 'playing', 'paused', 'ended', 'stopped', 'error']);
export type PlayerStatus = z.infer<typeof playerStatusSchema>;

/** Longest word the player tells the page about (longer ones are not followed word by word). */
export const MAX_SPOKEN_WORD = 200;

/**
 * A word of the sentence playing: where it is in the sentence as spoken (offsets from the
 * sentence's start in its chunk's text), its text, and when it starts sounding (wall clock, ms).
 */
export const spokenWordSchema = z.strictObject({ from: int(0), to: int(0), text: text(1, MAX_SPOKEN_WORD), at: num(0) });
export type SpokenWord = z.infer<typeof spokenWordSchema>;

/** What the player reports: which sentence is playing, and how far along the reading is. */
export const playerEventSchema = z.object({
  sessionId: text(1, 100),
  status: playerStatusSchema,
  sentence: int(0),
  chunk: int(0),
  /** Seconds of audio played since the reading started (pauses excluded). */
  elapsedSec: num(0),
  /** The plan's generation: which of the reading's players says this. */
  generation: z.optional(int(0)),
  /**
   * While playing, with the words' timings known: the sentence's words from its start, each with
   * when it sounds, so the page can follow word by word without a message per word.
   */
  words: z.optional(z.array(spokenWordSchema).check(z.maxLength(2000))),
  /**
   * Set with status 'error': what went wrong, in words for the user; or, for the player's own
   * failures, the message that words it (the offscreen document has no i18n: the worker words it).
   */
  error: z.optional(z.object({ kind: z.string(), message: z.string(), messageKey: z.optional(z.enum(PLAYER_MESSAGE_KEYS)) })),
});
export type PlayerEvent = z.infer<typeof playerEventSchema>;

/** A chunk whose audio was asked for at a speed other than the reading's. */
export const chunkSpeedSchema = z.strictObject({ chunk: int(0), speed: num(0.5, 2) });
export type ChunkSpeed = z.infer<typeof chunkSpeedSchema>;

export const playerActionSchema = z.enum(['pause', 'resume', 'toggle', 'stop', 'next', 'previous']);
export type PlayerAction = z.infer<typeof playerActionSchema>;
