import type { z } from 'zod';
import { formatNumber, t } from '../i18n';
import { extractServerMessage, isServiceError, makeServiceError, redactSecret, type ServiceError } from './errors';
import { NOTHING_DONE_STATUSES, parseRetryAfter } from './retry-policy';
import { validateTranslateRequest, validateTtsRequest, translateResponseSchema, userResponseSchema, voicesResponseSchema, type TranslateRequest, type TranslateResponse, type TtsRequest, type User, type Voice, type AudioFormat } from './schemas';
import { createWatchdog, watchedResponse } from './abort';
import { validateAudio } from '../audio/validate';

export interface ServiceClientOptions {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  /**
   * Budget for the service to start answering, and then for each silence while the answer
   * arrives; default 30 s. The whole transfer may take longer as long as it keeps coming.
   */
  timeoutMs?: number;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface ServiceClient {
  getUser(o?: CallOptions): Promise<User>;
  getVoices(o?: CallOptions): Promise<Voice[]>;
  translate(req: TranslateRequest, o?: CallOptions): Promise<TranslateResponse>;
  tts(req: TtsRequest, o?: CallOptions): Promise<SpeechResult>;
}

function originOf(baseUrl: string): string {
  try {
    // Origin only: a path or user-info part of the address has no place in a message.
    return new URL(baseUrl).origin;
  } catch {
    return t('errorConfiguredAddress');
  }
}

/**
 * Creates the typed client for the service's REST API. Every failure is a ServiceError with a
 * `kind` and a message a person can act on; the API key travels only in the Authorization
 * header and never appears in any error.
 */
export function createServiceClient(opts: ServiceClientOptions): ServiceClient {
  const base = opts.baseUrl.trim().replace(/\/+$/, '');
  const origin = originOf(base);
  const timeoutMs = opts.timeoutMs ?? 30_000;
  // Called as a plain function: a browser's fetch throws "Illegal invocation" if `this` is opts.
  const doFetch: typeof fetch = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));

  function classify(e: unknown, caller: AbortSignal | undefined, timeout: AbortSignal): ServiceError {
    if (isServiceError(e)) return e;
    if (caller?.aborted) return makeServiceError('cancelled', { cause: e });
    if (timeout.aborted) return makeServiceError('timeout', { timeoutMs, cause: e });
    if (e instanceof TypeError) return makeServiceError('network', { origin, cause: e });
    if (e instanceof DOMException && e.name === 'AbortError') return makeServiceError('cancelled', { cause: e });
    return makeServiceError('badResponse', { reason: t('reasonUnreadable'), cause: e });
  }

  /**
   * A failure while reading a 2xx body. For paid work the service has accepted (and likely
   * charged) the request, so it becomes a badResponse that is never retried automatically,
   * whatever broke: the connection, the time budget or the content.
   */
  function afterHeaders(e: unknown, paid: boolean, status: number, caller: AbortSignal | undefined, timeout: AbortSignal): ServiceError {
    const error = classify(e, caller, timeout);
    if (!paid || error.kind === 'cancelled') return error;
    if (error.kind === 'badResponse') {
      return error.mayBeCharged ? error : makeServiceError('badResponse', { status, mayBeCharged: true, reason: error.reason, unusable: error.unusable, cause: e });
    }
    const reason = error.kind === 'timeout' ? t('reasonStalled', formatNumber(Math.round(timeoutMs / 1000))) : t('reasonConnectionBroke');
    return makeServiceError('badResponse', { status, mayBeCharged: true, reason, cause: e });
  }

  async function call<T>(
    path: string,
    init: { method: 'GET' } | { method: 'POST'; body: unknown },
    read: (res: Response) => Promise<T>,
    caller: AbortSignal | undefined,
    paid = false,
  ): Promise<T> {
    if (caller?.aborted) throw makeServiceError('cancelled');
    const watchdog = createWatchdog(timeoutMs);
    const timeout = watchdog.signal;
    const signal = caller ? AbortSignal.any([caller, timeout]) : timeout;
    const headers: Record<string, string> = { Authorization: `Bearer ${opts.apiKey}`, Accept: '*/*' };
    if (init.method === 'POST') headers['Content-Type'] = 'application/json';
    let res: Response;
    try {
      res = await doFetch(`${base}/api/v1/${path}`, {
        method: init.method,
        headers,
        body: init.method === 'POST' ? JSON.stringify(init.body) : undefined,
        signal,
      });
      if (!res.ok) throw await errorFromResponse(res, opts.apiKey, paid);
    } catch (e) {
      watchdog.stop();
      throw classify(e, caller, timeout);
    }
    try {
      watchdog.rearm();
      return await read(watchedResponse(res, watchdog));
    } catch (e) {
      throw afterHeaders(e, paid, res.status, caller, timeout);
    } finally {
      watchdog.stop();
    }
  }

  const json =
    <S extends z.ZodType>(schema: S) =>
    (res: Response) =>
      readJson(res, schema);

  return {
    async getUser(o) {
      return (await call('user', { method: 'GET' }, json(userResponseSchema), o?.signal)).user;
    },
    async getVoices(o) {
      return (await call('voices', { method: 'GET' }, json(voicesResponseSchema), o?.signal)).voices;
    },
    async translate(req, o) {
      const body = validateTranslateRequest(req);
      const result = await call('translate', { method: 'POST', body }, json(translateResponseSchema), o?.signal, true);
      // A 200 that says it failed has no usable translation, whatever the text field holds.
      if (result.success === false) throw makeServiceError('badResponse', { status: 200, mayBeCharged: true, reason: t('reasonServiceFailed') });
      return result;
    },
    async tts(req, o) {
      const body = validateTtsRequest(req);
      const format = body.format ?? 'mp3';
      return call('tts', { method: 'POST', body }, (res) => readSpeech(res, format), o?.signal, true);
    },
  };
}

const bad = (reason: string) => makeServiceError('badResponse', { reason });
/** The whole answer came, but in another content type than asked for: unusable, not cut short. */
const wrongType = (reason: string) => makeServiceError('badResponse', { reason, unusable: true });

/**
 * Reads a JSON body and parses it with `schema`. A wrong content type, invalid JSON or a
 * schema mismatch is a badResponse whose reason names the problem, never the raw body
 * (which could be large or echo the request).
 */
export async function readJson<S extends z.ZodType>(res: Response, schema: S): Promise<z.infer<S>> {
  const type = mediaType(res.headers.get('content-type'));
  if (!/^application\/([\w.+-]+\+)?json$/.test(type)) {
    throw wrongType(t('reasonExpectedJson', type || t('reasonNoContentType')));
  }
  let data: unknown;
  try {
    data = JSON.parse(await res.text());
  } catch (e) {
    if (e instanceof SyntaxError) throw bad(t('reasonInvalidJson'));
    throw e;
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.length ? issue.path.join('.') : 'body';
    throw bad(t('reasonBadField', field));
  }
  return parsed.data;
}

export interface SpeechResult {
  audio: Uint8Array;
  contentType: string;
  fileName: string;
  format: AudioFormat;
  durationSec: number;
}

/**
 * Reads a speech response: the content type must announce the requested format and the bytes
 * must decode as such, so the user never gets a broken player for audio they paid for.
 */
export async function readSpeech(res: Response, format: AudioFormat): Promise<SpeechResult> {
  const contentType = res.headers.get('content-type');
  if (res.status !== 200 || !isAudioTypeFor(contentType, format)) {
    throw wrongType(t('reasonExpectedAudio', [format, mediaType(contentType) || t('reasonNoContentType'), String(res.status)]));
  }
  const audio = new Uint8Array(await res.arrayBuffer());
  if (audio.byteLength === 0) throw bad(t('audioEmpty'));
  const check = validateAudio(audio, format);
  if (!check.ok) throw bad(t(check.reason));
  return {
    audio,
    contentType: mediaType(contentType),
    fileName: fileNameFromDisposition(res.headers.get('content-disposition'), `tts_output.${format}`),
    format,
    durationSec: check.durationSec,
  };
}

const AUDIO_TYPES: Record<AudioFormat, readonly string[]> = {
  mp3: ['audio/mpeg', 'audio/mp3'],
  wav: ['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave'],
};

/** Lower-cased media type without parameters (`audio/mpeg; foo=bar` → `audio/mpeg`). */
export function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** Whether a Content-Type header announces audio in the requested format. */
export function isAudioTypeFor(contentType: string | null, format: AudioFormat): boolean {
  return AUDIO_TYPES[format].includes(mediaType(contentType));
}

/**
 * Picks the file name out of a `Content-Disposition` header, preferring the RFC 6266
 * `filename*=UTF-8''…` form. The name is reduced to its last path segment and stripped of
 * control characters because it ends up as a download name chosen by a remote server.
 * Falls back to `fallback` when the header has no usable name.
 */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
  const candidates = [
    extended ? decodeExtended(extended[1] ?? '', extended[2] ?? '') : undefined,
    plain ? (plain[1]?.replace(/\\(.)/g, '$1') ?? plain[2]) : undefined,
  ];
  for (const candidate of candidates) {
    const safe = candidate === undefined ? '' : sanitizeFileName(candidate);
    if (safe) return safe;
  }
  return fallback;
}

function decodeExtended(charset: string, value: string): string | undefined {
  const encoded = value.trim().replace(/^"|"$/g, '');
  try {
    if (charset.trim().toLowerCase() === 'utf-8') return decodeURIComponent(encoded);
    // RFC 8187 also allows ISO-8859-1, where each %XX byte is one character.
    return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } catch {
    return undefined;
  }
}

/** Keeps only the last path segment, without control characters or leading dots. */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, '').replace(/^[.\s]+/, '').trim();
}

async function readServerMessage(res: Response, apiKey: string): Promise<string | undefined> {
  let body: string;
  try {
    body = await res.text();
  } catch {
    // The status alone is enough to explain the failure; an unreadable body adds nothing.
    return undefined;
  }
  // Redacted before anything is cut or decoded: a key straddling the length cap would otherwise
  // survive in part, and one written as HTML entities would come back whole.
  const found = extractServerMessage(redactSecret(body, apiKey), res.headers.get('content-type'));
  return found === undefined ? undefined : redactSecret(found, apiKey);
}

/**
 * Maps a non-2xx response to a ServiceError: 400 invalidRequest, 401/403 unauthorized,
 * 402 insufficientCredits, 429 rateLimited (with Retry-After), 5xx server, anything else
 * badResponse. The server's message is attached with the API key redacted. On `paid` work, a 5xx
 * from the service itself (not a gateway that never reached it) may come after the work was done and
 * billed: it says so (`mayBeCharged`), as the user decides whether to pay for a retry.
 */
export async function errorFromResponse(res: Response, apiKey: string, paid = false): Promise<ServiceError> {
  const status = res.status;
  const serverMessage = await readServerMessage(res, apiKey);
  if (status === 400) return makeServiceError('invalidRequest', { status, serverMessage });
  if (status === 401 || status === 403) return makeServiceError('unauthorized', { status, serverMessage });
  if (status === 402) return makeServiceError('insufficientCredits', { status, serverMessage });
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'));
    return makeServiceError('rateLimited', { status, serverMessage, retryAfterMs });
  }
  if (status >= 500) return makeServiceError('server', { status, serverMessage, mayBeCharged: paid && !NOTHING_DONE_STATUSES.has(status) });
  return makeServiceError('badResponse', { status, serverMessage, reason: `HTTP ${status}` });
}
