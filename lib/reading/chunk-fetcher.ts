import { ServiceError } from '../api/errors';
import { audioCacheKey, hasAudio, putAudio } from '../speech/cache';
import { callService } from '../background/service';
import type { SpeechParams } from './types';

export interface ChunkRequest {
  sessionId: string;
  text: string;
  params: SpeechParams;
  /** Higher is fetched first: the chunk the listener is waiting for. */
  priority: number;
  /** Told when the scheduler will retry (e.g. rate limited), so the user can be told too. */
  onRetry?: (error: unknown, delayMs: number) => void;
  /** Cancels this request alone while it waits (a download's part); default: the session's. */
  signal?: AbortSignal;
  /**
   * Called as each attempt is about to leave for the service; throwing refuses it. Lets a caller
   * tell what was sent (and paid) from what was still waiting when it gave up.
   */
  beforeSend?: () => void;
}

/** In-flight requests by cache key: two askers of the same audio share one paid request. */
const inflight = new Map<string, { job: Promise<string>; signal: AbortSignal }>();
/** One controller per reading, so stopping it cancels everything it still waits for. */
const controllers = new Map<string, AbortController>();
/** Readings that were stopped: nothing more is ever fetched for them (no orphaned paid request). */
const ended = new Set<string>();
const MAX_ENDED = 100;

function refuseIfEnded(sessionId: string): void {
  if (ended.has(sessionId)) throw new ServiceError('cancelled', 'The reading was stopped.');
}

function controllerFor(sessionId: string): AbortController {
  let controller = controllers.get(sessionId);
  if (!controller) {
    controller = new AbortController();
    controllers.set(sessionId, controller);
  }
  return controller;
}

/**
 * Makes sure a chunk's audio is in the cache and returns its key. Cached audio costs no request
 * and no credit; otherwise one paid request goes through the plan-aware scheduler.
 */
export async function fetchChunk(request: ChunkRequest): Promise<string> {
  const { text, params } = request;
  refuseIfEnded(request.sessionId);
  const key = await audioCacheKey({ text, ...params });
  if (await hasAudio(key)) return key;
  // Checked again after the awaits, with nothing async before the request is scheduled: a stop
  // that came meanwhile must not be followed by a paid request.
  refuseIfEnded(request.sessionId);
  const pending = inflight.get(key);
  // A request of a reading that was stopped is being cancelled: never share it.
  if (pending && !pending.signal.aborted) return pending.job;
  const signal = request.signal ?? controllerFor(request.sessionId).signal;
  const job = callService(
    (client, abort) => {
      request.beforeSend?.();
      return client.tts({ text, voice_id: params.voiceId, language: params.language, speed: params.speed, format: params.format }, { signal: abort });
    },
    { paid: true, priority: request.priority, signal, onRetry: request.onRetry },
  )
    .then(async (speech) => {
      await putAudio(key, { audio: speech.audio, format: speech.format, fileName: speech.fileName, durationSec: speech.durationSec });
      return key;
    })
    .finally(() => {
      if (inflight.get(key)?.job === job) inflight.delete(key);
    });
  inflight.set(key, { job, signal });
  return job;
}

/** Cancels the reading's queued and running requests (the player skipped far ahead or back). */
export function cancelFetches(sessionId: string): void {
  controllers.get(sessionId)?.abort();
  controllers.delete(sessionId);
}

/** The reading is over: cancels its requests and refuses any later one. */
export function endFetches(sessionId: string): void {
  ended.add(sessionId);
  if (ended.size > MAX_ENDED) ended.delete(ended.values().next().value!);
  cancelFetches(sessionId);
}
