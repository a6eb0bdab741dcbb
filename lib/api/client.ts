import type { z } from 'zod';
import { formatNumber, t } from '../i18n';
import { makeServiceError } from './error-messages';
import { isServiceError, type ServiceError } from './errors';
import { validateTranslateRequest, validateTtsRequest } from './request-validation';
import { readJson, readSpeech, type SpeechResult } from './response-readers';
import { errorFromResponse } from './response-errors';
import { createWatchdog, watchedResponse } from './watchdog';
import {
  translateResponseSchema,
  userResponseSchema,
  voicesResponseSchema,
  type TranslateRequest,
  type TranslateResponse,
  type TtsRequest,
  type User,
  type Voice,
} from './schemas';

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

export type { SpeechResult };

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
      return error.mayBeCharged ? error : makeServiceError('badResponse', { status, mayBeCharged: true, reason: error.reason, cause: e });
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
