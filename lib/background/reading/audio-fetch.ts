import { isServiceError, ServiceError } from '../../api/errors';
import { audioCacheKey, hasAudio, putAudio } from '../../speech/cache';
import { callService } from '../service';
import { mayHaveBeenCharged, noteSpeechPaid, noteUncertainCharge, trackPaidRequest } from '../speech-price';
import { getSettings } from '../../settings/items';
import type { SpeechParams } from '../../player/contract';
import { t } from '../../i18n';

export interface ChunkRequest {
  sessionId: string;
  /** Which chunk of the reading this is; with `sessionId` it names who holds the request. */
  chunkIndex?: number;
  text: string;
  params: SpeechParams;
  /** Higher is fetched first: the chunk the listener is waiting for. */
  priority: number;
  /** Told when the scheduler will retry (e.g. rate limited), so the user can be told too. */
  onRetry?: (error: unknown, delayMs: number) => void;
}

/**
 * One paid request for one piece of audio, shared by everyone who wants it. It is cancelled only
 * while nobody holds it and it is not on the wire: once sent, the service does (and bills) the
 * work whatever we do, so it is allowed to finish into the cache, where the next asker finds it.
 */
interface InFlight {
  job: Promise<string>;
  controller: AbortController;
  holders: Set<string>;
  /** An attempt is on the wire right now (not queued, not waiting out a 429). */
  sending: boolean;
}

/** In-flight requests by audio cache key. */
const inflight = new Map<string, InFlight>();
/** Readings that were stopped: nothing more is ever fetched for them (no orphaned paid request). */
const ended = new Set<string>();
const MAX_ENDED = 100;
/**
 * Requests that failed, by reading and audio: the reading's next ask for the same audio gets the
 * same answer instead of a second paid request (the early first-sentence request may fail before
 * the player asks for that chunk; a request cut short after billing must not be re-sent by itself).
 */
const failed = new Map<string, unknown>();
const failureOf = (sessionId: string, key: string) => `${sessionId} ${key}`;

const holderOf = (sessionId: string, chunkIndex: number | undefined) => `${sessionId}#${chunkIndex ?? 'any'}`;
const sessionOfHolder = (holder: string) => holder.slice(0, holder.lastIndexOf('#'));

function refuseIfEnded(sessionId: string): void {
  if (ended.has(sessionId)) throw new ServiceError('cancelled', t('readingStopped'));
}

/** Drops a request nobody wants any more, unless it is on the wire (then it finishes into the cache). */
function dropIfUnwanted(entry: InFlight): void {
  if (entry.holders.size === 0 && !entry.sending) entry.controller.abort(new ServiceError('cancelled', t('requestDropped')));
}

/**
 * Makes sure a chunk's audio is in the cache and returns its key. Cached audio costs no request
 * and no credit; audio already being fetched (for this reading or another, e.g. the same text
 * restarted) joins that request; otherwise one paid request goes through the plan-aware scheduler.
 */
export async function fetchChunk(request: ChunkRequest): Promise<string> {
  const { text, params } = request;
  refuseIfEnded(request.sessionId);
  const { serviceUrl } = await getSettings();
  const key = await audioCacheKey({ service: serviceUrl, text, ...params });
  if (await hasAudio(key)) return key;
  // Checked again after the awaits, with nothing async before the request is scheduled: a stop
  // that came meanwhile must not be followed by a paid request.
  refuseIfEnded(request.sessionId);
  const earlier = failed.get(failureOf(request.sessionId, key));
  if (earlier !== undefined) throw earlier;
  const holder = holderOf(request.sessionId, request.chunkIndex);
  const pending = inflight.get(key);
  if (pending && !pending.controller.signal.aborted) {
    pending.holders.add(holder);
    return pending.job;
  }
  const entry: InFlight = { job: Promise.resolve(key), controller: new AbortController(), holders: new Set([holder]), sending: false };
  entry.job = callService(
    async (client, abort) => {
      entry.sending = true;
      try {
        const speech = await trackPaidRequest(() =>
          client.tts({ text, voice_id: params.voiceId, language: params.language, speed: params.speed, format: params.format }, { signal: abort }),
        );
        await noteSpeechPaid(serviceUrl, params.format, text);
        return speech;
      } catch (error) {
        entry.sending = false;
        // A request given up while on the wire may have been billed too.
        if (mayHaveBeenCharged(error) || (isServiceError(error) && error.kind === 'cancelled')) await noteUncertainCharge(serviceUrl);
        // Released while on the wire and this attempt failed: the retry it would wait for is unwanted.
        dropIfUnwanted(entry);
        throw error;
      }
    },
    { paid: true, priority: request.priority, signal: entry.controller.signal, onRetry: request.onRetry },
  )
    .then(
      async (speech) => {
        await putAudio(key, { audio: speech.audio, format: speech.format, fileName: speech.fileName, durationSec: speech.durationSec });
        return key;
      },
      (error: unknown) => {
        // Remembered for every reading that held it, unless it was only given up.
        if (!(isServiceError(error) && error.kind === 'cancelled')) {
          for (const h of entry.holders) failed.set(failureOf(sessionOfHolder(h), key), error);
        }
        throw error;
      },
    )
    .finally(() => {
      if (inflight.get(key) === entry) inflight.delete(key);
    });
  inflight.set(key, entry);
  return entry.job;
}

/**
 * The reading no longer wants these chunks (all of them when `chunks` is omitted): the player
 * skipped far ahead or back, or the reading ended. Requests nobody else holds are cancelled if they
 * were not sent yet; sent ones finish into the cache.
 */
export function cancelFetches(sessionId: string, chunks?: readonly number[]): void {
  const released = chunks ? new Set(chunks.map((c) => holderOf(sessionId, c))) : null;
  for (const entry of inflight.values()) {
    for (const holder of entry.holders) {
      if (released ? released.has(holder) : sessionOfHolder(holder) === sessionId) entry.holders.delete(holder);
    }
    dropIfUnwanted(entry);
  }
}

/** The reading is over: releases its requests and refuses any later one. */
export function endFetches(sessionId: string): void {
  for (const id of failed.keys()) if (id.startsWith(`${sessionId} `)) failed.delete(id);
  ended.add(sessionId);
  if (ended.size > MAX_ENDED) ended.delete(ended.values().next().value!);
  cancelFetches(sessionId);
}

/** Whether some of the reading's requests are still with the service (queued, waiting, on the wire). */
export function waitingOnService(sessionId: string): boolean {
  for (const entry of inflight.values()) {
    for (const holder of entry.holders) if (sessionOfHolder(holder) === sessionId) return true;
  }
  return false;
}

/** Whether the audio under this cache key is being asked for now (a request on its way, not given up). */
export function isFetching(cacheKey: string): boolean {
  const entry = inflight.get(cacheKey);
  return entry !== undefined && !entry.controller.signal.aborted;
}

/** Requests in flight and who holds them, for tests. */
export function inFlightHolders(): Map<string, ReadonlySet<string>> {
  return new Map([...inflight].map(([key, entry]) => [key, entry.holders]));
}
