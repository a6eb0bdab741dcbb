import { isServiceError, ServiceError } from '../../api/errors';
import { audioCacheKey, hasAudio, putAudio } from '../../speech/cache';
import { noteSpeechPaid } from '../speech-price';
import { isHeld, isUnderWay, letGo, sharedPaidCall } from '../spend/gateway';
import { getSettings } from '../../settings/items';
import type { SpeechParams } from '../../player/contract';
import { t } from '../../i18n';
import { stopTranslations, textToSpeak } from './translated';
import { textAsSaid } from './said';
import { isPrivateSession } from '../private-windows';

export interface ChunkRequest {
  sessionId: string;
  /** Which chunk of the reading this is; with `sessionId` it names who holds the request. */
  chunkIndex?: number;
  text: string;
  params: SpeechParams;
  /** Higher is fetched first: the chunk the listener is waiting for. */
  priority: number;
  /** Heard as written even in a reading heard in another language (its original's turn). */
  asWritten?: true;
  /** Told when the scheduler will retry (e.g. rate limited), so the user can be told too. */
  onRetry?: (error: unknown, delayMs: number) => void;
  /** Told when the plan's requests a minute hold the request, and about how long. */
  onPaced?: (delayMs: number, perWindow: number) => void;
  /** Told once the request has left for the service (not for audio found in the cache). */
  onSent?: () => void;
}

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
/** A reading's chunk translations under way, by the same id as their failures. */
const translations = new Map<string, Promise<string>>();

/** A reading's chunk holds its audio's request at the gateway under this name. */
const holderOf = (sessionId: string, chunkIndex: number | undefined) => `${sessionId}#${chunkIndex ?? 'any'}`;
const sessionOfHolder = (holder: string) => holder.slice(0, holder.lastIndexOf('#'));
const heldBySession = (sessionId: string) => (holder: string) => sessionOfHolder(holder) === sessionId;

/** Throws "stopped" when the reading `sessionId` was stopped (or withdrawn while starting): nothing more is fetched for it. */
export function refuseIfEnded(sessionId: string): void {
  if (ended.has(sessionId)) throw new ServiceError('cancelled', t('readingStopped'));
}

/**
 * Makes sure a chunk's audio is in the cache (in memory for a private window's reading) and
 * returns its key. Cached audio costs no request
 * and no credit; audio already being fetched (for this reading or another, e.g. the same text
 * restarted) joins that request; otherwise one paid request goes through the plan-aware scheduler.
 */
export async function fetchChunk(request: ChunkRequest): Promise<string> {
  const { params } = request;
  refuseIfEnded(request.sessionId);
  // A reading heard in another language: the chunk's translation, just before its speech.
  const written = request.asWritten ? request.text : await translationOf(request);
  // How the user wants its words said (their pronunciations): what is sent, paid and cached.
  const text = await textAsSaid(request.sessionId, written, params.language);
  refuseIfEnded(request.sessionId);
  const { serviceUrl } = await getSettings();
  const key = await audioCacheKey({ service: serviceUrl, text, ...params });
  if (await hasAudio(key)) return key;
  // Checked again after the awaits, with nothing async before the request is scheduled: a stop
  // that came meanwhile must not be followed by a paid request.
  refuseIfEnded(request.sessionId);
  const earlier = failed.get(failureOf(request.sessionId, key));
  if (earlier !== undefined) throw earlier;
  // One paid request for one piece of audio, shared at the gateway by everyone who wants it
  // (this reading's chunk, a restart of the same text, a download).
  return sharedPaidCall(
    key,
    holderOf(request.sessionId, request.chunkIndex),
    async (client, abort) => {
      const speech = await client.tts({ text, voice_id: params.voiceId, language: params.language, speed: params.speed, format: params.format }, { signal: abort });
      await noteSpeechPaid(serviceUrl, params.format, text);
      return speech;
    },
    {
      priority: request.priority,
      // A reading (or a download) pays for its own: joined by another, a failure is tried once more.
      party: request.sessionId,
      onRetry: request.onRetry,
      onPaced: request.onPaced,
      onSent: request.onSent,
      keep: async (speech) => {
        // A private window's reading or download: its audio stays in memory, never on disk.
        const inMemory = await isPrivateSession(request.sessionId);
        await putAudio(key, { audio: speech.audio, format: speech.format, fileName: speech.fileName, durationSec: speech.durationSec }, { inMemory });
        return key;
      },
      // Remembered for every reading that held it.
      onFailed: (error, holders) => {
        for (const h of holders) failed.set(failureOf(sessionOfHolder(h), key), error);
      },
    },
  );
}

/**
 * The text whose speech a chunk of a reading asks for (its translation when the reading is heard in
 * another language). A translation that failed (perhaps charged) fails the same way for the rest of
 * the reading: the player's ask after an early one is not a second paid request; Retry is.
 */
async function translationOf(request: ChunkRequest): Promise<string> {
  const id = failureOf(request.sessionId, `translation ${request.text}`);
  const earlier = failed.get(id);
  if (earlier !== undefined) throw earlier;
  // A second ask while the first is under way (the reading's early request and its player) waits
  // for it. Joined only at the translator, an ask still reading the cache and the glossary when the
  // first failed would come after that failure and be sent again: paid twice (seen on a busy machine).
  let translating = translations.get(id);
  if (!translating) {
    translating = textToSpeak(request.sessionId, request.text)
      .catch((error: unknown) => {
        if (!isServiceError(error) || error.kind !== 'cancelled') failed.set(id, error);
        throw error;
      })
      .finally(() => translations.delete(id));
    translations.set(id, translating);
  }
  return translating;
}

/**
 * The reading no longer wants these chunks (all of them when `chunks` is omitted): the player
 * skipped far ahead or back, or the reading ended. Requests nobody else holds are cancelled if they
 * were not sent yet; sent ones finish into the cache.
 */
export function cancelFetches(sessionId: string, chunks?: readonly number[]): void {
  const released = chunks ? new Set(chunks.map((c) => holderOf(sessionId, c))) : null;
  letGo(released ? (holder) => released.has(holder) : heldBySession(sessionId));
}

/** The reading is over: releases its requests and refuses any later one. */
export function endFetches(sessionId: string): void {
  stopTranslations(sessionId);
  for (const id of failed.keys()) if (id.startsWith(`${sessionId} `)) failed.delete(id);
  ended.add(sessionId);
  if (ended.size > MAX_ENDED) ended.delete(ended.values().next().value!);
  cancelFetches(sessionId);
}

/** Whether some of the reading's requests are still with the service (queued, waiting, on the wire). */
export const waitingOnService = (sessionId: string): boolean => isHeld(heldBySession(sessionId));

/** Whether the audio under this cache key is being asked for now (a request on its way, not given up). */
export const isFetching = (cacheKey: string): boolean => isUnderWay(cacheKey);
