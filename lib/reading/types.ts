import { z } from 'zod';

/** How a chunk is spoken: everything in the service request except the text. */
export const speechParamsSchema = z.object({
  voiceId: z.string().min(1).max(200),
  language: z.string().regex(/^[a-z]{2}$/),
  speed: z.number().min(0.5).max(2),
  format: z.enum(['mp3', 'wav']),
});
export type SpeechParams = z.infer<typeof speechParamsSchema>;

/** One service request of a reading, with what the player needs to follow the sentences. */
export const plannedChunkSchema = z.object({
  index: z.number().int().min(0),
  text: z.string().min(1).max(5000),
  firstSentence: z.number().int().min(0),
  lastSentence: z.number().int().min(0),
  /** Where each sentence starts inside `text` (estimates its start time in the audio). */
  sentenceOffsets: z.array(z.number().int().min(0)),
});
export type PlannedChunk = z.infer<typeof plannedChunkSchema>;

/** A whole reading: handed to the player, which then drives it even if the worker sleeps. */
export const readingPlanSchema = z.object({
  sessionId: z.string().min(1).max(100),
  params: speechParamsSchema,
  chunks: z.array(plannedChunkSchema).min(1),
  sentenceCount: z.number().int().min(1),
  /** Shown in the popup and used to name downloads. */
  title: z.string().max(500),
});
export type ReadingPlan = z.infer<typeof readingPlanSchema>;

export const playerStatusSchema = z.enum(['loading', 'playing', 'paused', 'ended', 'stopped', 'error']);
export type PlayerStatus = z.infer<typeof playerStatusSchema>;

/** What the player reports: which sentence is playing, and how far along the reading is. */
export const playerEventSchema = z.object({
  sessionId: z.string().min(1).max(100),
  status: playerStatusSchema,
  sentence: z.number().int().min(0),
  chunk: z.number().int().min(0),
  /** Seconds of audio played since the reading started (pauses excluded). */
  elapsedSec: z.number().min(0),
  /** Set with status 'error': what went wrong, already in words for the user. */
  error: z.object({ kind: z.string(), message: z.string() }).optional(),
});
export type PlayerEvent = z.infer<typeof playerEventSchema>;

export const playerActionSchema = z.enum(['pause', 'resume', 'toggle', 'stop', 'next', 'previous']);
export type PlayerAction = z.infer<typeof playerActionSchema>;
