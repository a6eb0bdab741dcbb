import type { ChunkSpeed, PlayerAction, PlayerEvent, ReadingPlan, SpeechParams } from './contract';
import type { StretchBuffer } from './stretch-buffer';

/** A chunk request as the player sends it to the background. */
export interface FetchChunkRequest {
  sessionId: string;
  chunkIndex: number;
  text: string;
  params: SpeechParams;
  /** Higher runs first (the background's scheduler order). */
  priority: number;
  /** Heard as written in a reading heard in another language (the chunk's `original`). */
  asWritten?: true;
}

/** The part of AudioContext the player uses; tests hand in a fake with a hand-driven clock. */
export type PlayerAudioContext = Pick<
  AudioContext,
  'currentTime' | 'destination' | 'decodeAudioData' | 'createBufferSource' | 'suspend' | 'resume'
> &
  Partial<Pick<AudioContext, 'baseLatency'>>;

/** What the player needs from its host (Chrome's offscreen document, Firefox's background page). */
export interface PlayerDeps {
  /**
   * Asks the background (the only context allowed to call the service) to make sure a chunk's audio
   * is in the cache. Resolves with the cache key; rejects with an Error carrying `kind` and a
   * user-facing `message` (e.g. unauthorized, insufficientCredits, rateLimited, network, cancelled).
   */
  fetchChunk(req: FetchChunkRequest): Promise<{ cacheKey: string }>;
  /**
   * Tells the background this reading no longer wants these chunks (all of them when omitted: stop,
   * new reading). Requests not yet sent are cancelled; sent ones finish into the cache.
   */
  cancelFetches(sessionId: string, chunks?: readonly number[]): void;
  /** Progress: sent when the status or the playing sentence changes (not on every tick). */
  onEvent(event: PlayerEvent): void;
  /** Reads cached audio (default: getAudio from lib/speech/cache). */
  loadAudio?(cacheKey: string): Promise<{ audio: Uint8Array } | undefined>;
  /** Wall clock for stats, ms (default Date.now). */
  now?: () => number;
  /** Creates the AudioContext on first use (default `new AudioContext()`). */
  audioContext?: () => PlayerAudioContext;
  /** Plays audio at another speed than it was fetched at, same pitch (default: WSOLA, lib/audio/stretch). */
  stretch?: StretchBuffer;
}

/** Figures for benchmarks. */
export interface PlayerStats {
  sessionId: string;
  /** Wall-clock ms when the first audio started sounding; null before. */
  firstAudioAt: number | null;
  /** The output's latency then (ms from the context's clock to the speakers), where the engine says. */
  outputLatencyMs?: number;
  startedAt: number;
  /** Silence inserted between consecutive chunks that was not in the audio; one entry per transition, 0 when gapless. */
  gapsMs: number[];
  /** Chunks that played to their end. */
  chunksPlayed: number;
  /** Each stretch started (a chunk played at another speed than fetched): seconds of it made so far, of all. */
  stretches: { chunk: number; rate: number; madeSec: number; totalSec: number }[];
  /** Each chunk as the player scheduled it, in order: context seconds it starts and ends sounding. */
  schedule: { chunk: number; start: number; end: number }[];
  /** Test build: what went to the speakers, recorded independently of the player's schedule. */
  output?: OutputRecording;
}

/** Plays one reading at a time, gaplessly, fetching its chunks through the background. */
export interface Player {
  /**
   * Gets ready to play while a reading's first audio is on its way: opens the audio output (on a
   * browser's first use this starts its audio service, which takes a while) and runs the decoder
   * once. Suspended again if no reading starts within a while.
   */
  prepare(): void;
  /** Replaces any current reading (the old one is stopped and its fetches cancelled). */
  start(plan: ReadingPlan, startSentence?: number): void;
  /** pause | resume | toggle | stop | next | previous (sentence). */
  control(action: PlayerAction): void;
  /**
   * Plays the reading at `speed` from the next sentence on. Audio already asked for (and chunks
   * in `cached`, found in the cache at another speed) is time-stretched, never asked for again;
   * the rest is asked for at `speed`. Answers every chunk whose audio is at a speed other than
   * `speed` (empty without a reading), so a later player of the reading can do the same.
   */
  setSpeed(speed: number, cached?: readonly ChunkSpeed[]): ChunkSpeed[];
  /** Current position and status, for the popup; null before any reading. */
  state(): PlayerEvent | null;
  /** Benchmark figures of the current (or last) reading. */
  stats(): PlayerStats | null;
}

/** What the speakers got, as silence runs on the AudioContext's clock. */
export interface OutputRecording {
  sampleRate: number;
  /** Context seconds of the first and the last sample louder than silence; null before any. */
  firstSound: number | null;
  lastSound: number | null;
  /** Runs of silence of at least MIN_SILENCE_SEC, [start, end) in context seconds. */
  silences: [number, number][];
  /** Context seconds where the recording skipped (frames did not follow on): silences there are not to be trusted. */
  glitches: number[];
}
