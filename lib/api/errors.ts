import { t } from '../i18n';

export type ServiceErrorKind =
  | 'unauthorized'
  | 'insufficientCredits'
  | 'rateLimited'
  | 'invalidRequest'
  | 'server'
  | 'network'
  | 'timeout'
  | 'badResponse'
  | 'cancelled';

export interface ServiceErrorDetails {
  status?: number;
  retryAfterMs?: number;
  serverMessage?: string;
  /**
   * A paid request failed after the service accepted it (2xx headers arrived, or the service itself
   * answered 500): the work may have been done and charged. Never retried automatically; the user is offered a retry instead.
   */
  mayBeCharged?: boolean;
  /** For badResponse: what was wrong with the answer, in words (e.g. "the audio is empty"). */
  reason?: string;
  cause?: unknown;
}

/** The one error type the client and scheduler throw; `message` is meant to be shown as is. */
export class ServiceError extends Error {
  readonly kind: ServiceErrorKind;
  readonly status?: number;
  readonly retryAfterMs?: number;
  readonly serverMessage?: string;
  readonly mayBeCharged?: boolean;
  readonly reason?: string;

  constructor(kind: ServiceErrorKind, message: string, details: ServiceErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'ServiceError';
    this.kind = kind;
    if (details.status !== undefined) this.status = details.status;
    if (details.retryAfterMs !== undefined) this.retryAfterMs = details.retryAfterMs;
    if (details.serverMessage !== undefined) this.serverMessage = details.serverMessage;
    if (details.mayBeCharged) this.mayBeCharged = true;
    if (details.reason !== undefined) this.reason = details.reason;
  }
}

/** Plain-data form that survives structured cloning between extension contexts. */
export interface SerializedServiceError {
  kind: ServiceErrorKind;
  message: string;
  status?: number;
  retryAfterMs?: number;
  /** See {@link ServiceErrorDetails.mayBeCharged}. */
  mayBeCharged?: boolean;
}

/** Type guard for {@link ServiceError}. */
export function isServiceError(e: unknown): e is ServiceError {
  return e instanceof ServiceError;
}

/**
 * Turns any thrown value into a {@link SerializedServiceError}.
 *
 * Only a ServiceError's own message is passed on: its text was written (and redacted) by us.
 * Aborts map to 'cancelled' / 'timeout'. Anything else is a bug or an unforeseen failure whose
 * text we don't control (it could quote a request), so it gets a generic message and kind
 * 'badResponse': the conservative kind, which is never retried automatically for paid work
 * because we can't tell whether the service did (and charged for) it.
 */
export function serializeError(e: unknown): SerializedServiceError {
  if (isServiceError(e)) {
    const out: SerializedServiceError = { kind: e.kind, message: e.message };
    if (e.status !== undefined) out.status = e.status;
    if (e.retryAfterMs !== undefined) out.retryAfterMs = e.retryAfterMs;
    if (e.mayBeCharged) out.mayBeCharged = true;
    return out;
  }
  if (isDomException(e, 'AbortError')) return { kind: 'cancelled', message: t('errorCancelled') };
  if (isDomException(e, 'TimeoutError')) return { kind: 'timeout', message: t('errorNoAnswerInTime') };
  return { kind: 'badResponse', message: t('errorUnexpected') };
}

function isDomException(e: unknown, name: string): boolean {
  return typeof e === 'object' && e !== null && (e as { name?: unknown }).name === name;
}
