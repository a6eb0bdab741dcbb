import type { PlayableSpan } from '../audio/gapless';
import type { PlayerEvent, PlayerStatus, ReadingPlan } from './contract';
import type { ChunkFetcher } from './chunk-requests';
import type { PlayerError } from './player-error';
import { chunkPositionSec, playedSec, type Segment } from './segments';
import { sentenceAtFraction, sentenceAtSec, type ChunkWords } from './sentence-position';
import { chunkDurations, chunkStarts } from './timeline';
import type { StretchStream } from './stretch-buffer';
import type { PlayerStats } from './types';

/** A chunk's decoded audio and the part of it that is speech (the rest is encoder silence). */
export interface Decoded {
  buffer: AudioBuffer;
  span: PlayableSpan;
}

/** Stretched audio of a scheduled chunk still to come: its slices are asked for as playback nears them. */
export interface Stretching {
  stream: StretchStream;
  /** Context time the slices scheduled so far end at. */
  until: number;
  /** A slice is on its way. */
  asking: boolean;
}

/** A chunk's stretched audio being made before the chunk is scheduled: its first slice. */
export interface Preparing {
  chunk: number;
  offset: number;
  rate: number;
  stream: StretchStream;
  /** The first slice once made (null at the end of an empty stretch). */
  first?: AudioBuffer | null;
}

/** A scheduled chunk and the nodes playing it (one, or a slice each when stretched). */
export interface Scheduled {
  seg: Segment;
  sources: AudioBufferSourceNode[];
  decoded: Decoded;
  /** Set by the last node's end event. */
  ended: boolean;
  stretching?: Stretching;
  /** Silence before it, counted in stats when the previous chunk ends (absent after a jump). */
  gapMs?: number;
  /** Cut short where a new speed takes over; the rest of its chunk follows as another node. */
  cut?: boolean;
}

/** What to schedule after the scheduled chunks. */
export interface NextUp {
  chunk: number;
  /** Where to start inside the chunk, as a fraction of its audio (0 unless jumping into it). */
  fraction: number;
  /** Whether it follows the previous chunk in the audio (a wait before it counts as a gap). */
  continues: boolean;
  /** The sentence it starts at (a start or a jump): placed by its words' timing once they are known. */
  sentence?: number;
}

/** How much earlier than its first word's start a sentence is started and followed (not to clip its first sound). */
export const SENTENCE_LEAD_SEC = 0.03;

/** Everything the player knows about one reading. */
export interface Session {
  plan: ReadingPlan;
  /** The listening speed now (the plan's until the user changes it). */
  speed: number;
  /** Chunks whose audio is known to be cached at another speed (the background looked). */
  cachedSpeeds: Map<number, number>;
  fetcher: ChunkFetcher;
  /** Real chunk durations (of their speech), known once decoded; estimates fill the rest. */
  durations: (number | undefined)[];
  /** Scheduled chunks not finished yet, in play order (at most two, to bound decoded memory). */
  playing: Scheduled[];
  /** Null once the last chunk is scheduled. */
  next: NextUp | null;
  /** Decoded audio waiting to be scheduled. */
  decoded: Map<number, Decoded>;
  /** The next chunk's stretched audio being made (it is scheduled with its first slice). */
  preparing: Preparing | null;
  /** A speed change waiting for its first slice before it cuts the chunk sounding (nothing is scheduled after it meanwhile). */
  switching: { stream: StretchStream } | null;
  decoding: Set<number>;
  /** Each decoded chunk's words and when they start in its speech (kept for the reading: small). */
  words: Map<number, ChunkWords>;
  /** Context time the last scheduled chunk ends; null after a jump (nothing to continue from). */
  lastEnd: number | null;
  /** Audio seconds of chunks that are no longer scheduled. */
  playedBefore: number;
  paused: boolean;
  done: boolean;
  status: PlayerStatus;
  chunk: number;
  sentence: number;
  error?: PlayerError;
  lastEmitted: { status: PlayerStatus; sentence: number } | null;
  stats: PlayerStats;
}

/** The speed a chunk's audio is (or will be) asked for at. */
export function fetchSpeedOf(s: Session, chunk: number): number {
  return s.fetcher.speedOf(chunk) ?? s.cachedSpeeds.get(chunk) ?? s.plan.chunks[chunk]!.speed ?? s.speed;
}

/** Seconds of a chunk's audio played per second of listening, at the speed now (less for a slower repeat). */
export function rateOf(s: Session, chunk: number): number {
  const rate = (s.speed * (s.plan.chunks[chunk]!.slower ?? 1)) / fetchSpeedOf(s, chunk);
  return Math.abs(rate - 1) < 1e-6 ? 1 : rate;
}

/**
 * Where playback is at context time `t`: the chunk playing or awaited, and how far into it
 * (`inChunkSec` in seconds of listening, on the timeline of timelineOf).
 */
export function positionOf(s: Session, t: number): { chunk: number; inChunkSec: number; fraction: number } {
  const head = s.playing[0];
  if (head) {
    const fraction = head.seg.duration > 0 ? chunkPositionSec(head.seg, t) / head.seg.duration : 0;
    return { chunk: head.seg.chunk, inChunkSec: fraction * timelineOf(s).durations[head.seg.chunk]!, fraction };
  }
  const chunk = s.next?.chunk ?? s.plan.chunks.length - 1;
  const fraction = s.next?.fraction ?? 1;
  return { chunk, inChunkSec: fraction * timelineOf(s).durations[chunk]!, fraction };
}

/** The sentence at context time `t`. */
export function sentenceOf(s: Session, t: number): number {
  // Waiting to start at a sentence: that one (however its place was estimated).
  if (!s.playing[0] && s.next?.sentence !== undefined) return s.next.sentence;
  const { chunk, fraction } = positionOf(s, t);
  const words = s.words.get(chunk);
  const duration = s.durations[chunk];
  if (words && duration !== undefined) return sentenceAtSec(s.plan.chunks[chunk]!, words, fraction * duration + SENTENCE_LEAD_SEC);
  return sentenceAtFraction(s.plan.chunks[chunk]!, fraction);
}

/** Chunk durations (real or estimated) and start times on the reading's timeline, at the speed now. */
export function timelineOf(s: Session): { durations: number[]; starts: number[] } {
  const known = s.durations.map((d, i) => (d === undefined ? undefined : d / rateOf(s, i)));
  const durations = chunkDurations(s.plan.chunks, s.speed, known);
  return { durations, starts: chunkStarts(durations) };
}

/** Audio seconds played so far (pauses, waits and skipped audio excluded). */
export function elapsedOf(s: Session, t: number): number {
  const sec = s.playing.reduce((sum, p) => sum + playedSec(p.seg, t), s.playedBefore);
  return Math.round(sec * 1000) / 1000;
}

/** The event describing the session now. */
export function eventOf(s: Session, t: number): PlayerEvent {
  return {
    sessionId: s.plan.sessionId,
    ...(s.plan.generation ? { generation: s.plan.generation } : {}),
    status: s.status,
    sentence: s.sentence,
    chunk: s.chunk,
    elapsedSec: elapsedOf(s, t),
    ...(s.error ? { error: s.error } : {}),
  };
}
