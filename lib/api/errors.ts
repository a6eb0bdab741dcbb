import { t, formatNumber } from '../i18n';

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
  /** For badResponse: the whole answer came, but not what was asked for (another content type). */
  unusable?: boolean;
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
  readonly unusable?: boolean;

  constructor(kind: ServiceErrorKind, message: string, details: ServiceErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'ServiceError';
    this.kind = kind;
    if (details.status !== undefined) this.status = details.status;
    if (details.retryAfterMs !== undefined) this.retryAfterMs = details.retryAfterMs;
    if (details.serverMessage !== undefined) this.serverMessage = details.serverMessage;
    if (details.mayBeCharged) this.mayBeCharged = true;
    if (details.reason !== undefined) this.reason = details.reason;
    if (details.unusable) this.unusable = true;
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

/** The button a problem's message offers as its next step. */
export type NextStep = 'openOptions' | 'topUp' | 'retry';

const NEXT_STEPS: Partial<Record<string, NextStep>> = {
  unauthorized: 'openOptions',
  insufficientCredits: 'topUp',
  // The service or the way to it failed (busy, down, slow, an answer that made no sense): trying
  // again may get past it, unlike a bad request, a rejected key or a short balance.
  server: 'retry',
  network: 'retry',
  timeout: 'retry',
  rateLimited: 'retry',
  badResponse: 'retry',
} satisfies Partial<Record<ServiceErrorKind, NextStep>>;

/** What the user can do next about a failure of this kind (notices and the bubble offer it as a button); null: nothing but read it. */
export const nextStepFor = (kind: string): NextStep | null => NEXT_STEPS[kind] ?? null;

/** Failures the user may get past by trying again (a *Retry* button). */
export const worthRetrying = (kind: string): boolean => nextStepFor(kind) === 'retry';

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

const MAX_SERVER_MESSAGE = 200;

/** Shortens the server's text so one chatty error body can't flood the UI. */
export function truncateServerMessage(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= MAX_SERVER_MESSAGE ? flat : `${flat.slice(0, MAX_SERVER_MESSAGE - 1)}…`;
}

/** Whole seconds, at least 1, as the UI's language writes them. */
function seconds(ms: number): string {
  return formatNumber(Math.max(1, Math.ceil(ms / 1000)));
}

interface MessageContext {
  status?: number;
  retryAfterMs?: number;
  origin?: string;
  timeoutMs?: number;
  /** Why an answer was unusable, in words of the UI's language (a reason… or audio… message). */
  reason?: string;
  /** A paid request broke after the service accepted it (a 2xx cut short, a 500). */
  mayBeCharged?: boolean;
  /** The whole answer came, but not what was asked for (another content type): not "cut short". */
  unusable?: boolean;
}

function baseMessage(kind: ServiceErrorKind, c: MessageContext): string {
  switch (kind) {
    case 'unauthorized':
      return t('errorUnauthorized');
    case 'insufficientCredits':
      return t('errorNoCredits');
    case 'rateLimited':
      return c.retryAfterMs === undefined ? t('errorRateLimited') : t('errorRateLimitedFor', seconds(c.retryAfterMs));
    case 'invalidRequest':
      return t('errorInvalidRequest', String(c.status ?? 400));
    case 'server':
      return t(c.mayBeCharged ? 'errorServerMaybePaid' : 'errorServer', String(c.status ?? 500));
    case 'network':
      return t('errorNetwork', c.origin ?? t('errorConfiguredAddress'));
    case 'timeout':
      return t('errorTimeout', seconds(c.timeoutMs ?? 30_000));
    case 'badResponse':
      if (c.mayBeCharged) return t(c.unusable ? 'errorUnusableMaybePaid' : 'errorCutShort', c.reason ?? t('reasonIncomplete'));
      return t('errorBadResponse', c.reason ?? t('reasonUnknownFormat'));
    case 'cancelled':
      return t('errorCancelled');
  }
}

/**
 * Builds a ServiceError whose message says what happened and what to do, with the server's own
 * (already redacted) message appended when there is one.
 */
export function makeServiceError(
  kind: ServiceErrorKind,
  context: MessageContext & Pick<ServiceErrorDetails, 'serverMessage' | 'cause'> = {},
): ServiceError {
  const serverMessage = context.serverMessage ? truncateServerMessage(context.serverMessage) : undefined;
  const message = serverMessage ? t('errorServiceSaid', [baseMessage(kind, context), serverMessage]) : baseMessage(kind, context);
  return new ServiceError(kind, message, {
    status: context.status,
    retryAfterMs: context.retryAfterMs,
    serverMessage,
    mayBeCharged: context.mayBeCharged,
    reason: context.reason,
    unusable: context.unusable,
    cause: context.cause,
  });
}

const MAX_LENGTH = 200;

/**
 * Finds a human-readable message in an error body of any shape: JSON (`message`, `error`,
 * `error.message`, `detail`, `errors[0].message`, ...), HTML (`<title>` or the tag-stripped
 * text) or plain text (first non-empty line). Returns undefined when there is nothing useful.
 * The result is capped at ~200 characters; it is not redacted (the caller knows the secret).
 */
export function extractServerMessage(body: string, contentType?: string | null): string | undefined {
  const text = body.trim();
  if (!text) return undefined;
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('json') || /^[[{]/.test(text)) {
    const fromJson = messageFromJsonText(text);
    if (fromJson !== undefined || type.includes('json')) return cap(fromJson);
  }
  if (type.includes('html') || /^<(!doctype|html|head|body|title|h1|p|div)\b/i.test(text)) {
    return cap(messageFromHtml(text));
  }
  return cap(text.split(/\r?\n/).find((line) => line.trim())?.trim());
}

function messageFromJsonText(text: string): string | undefined {
  try {
    return messageFromJson(JSON.parse(text) as unknown, 0);
  } catch {
    return undefined;
  }
}

const MESSAGE_KEYS = ['message', 'error', 'detail', 'error_description', 'title', 'msg', 'errors', 'description'];

function messageFromJson(value: unknown, depth: number): string | undefined {
  // Depth cap: error bodies are shallow; a deep object is not worth walking.
  if (depth > 3 || value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value.trim() || undefined;
  if (Array.isArray(value)) return messageFromJson(value[0], depth + 1);
  if (typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  for (const key of MESSAGE_KEYS) {
    const found = messageFromJson(record[key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

function messageFromHtml(html: string): string | undefined {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  const raw = title?.trim()
    ? title
    : html
        .replace(/<(script|style|head)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
        .replace(/<[^>]*>/g, ' ');
  const text = raw.replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '');
  return text.replace(/\s+/g, ' ').trim() || undefined;
}

function cap(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= MAX_LENGTH ? flat : `${flat.slice(0, MAX_LENGTH - 1)}…`;
}

const REDACTED = '[redacted]';

/**
 * Removes a secret (and anything shaped like a bearer token) from text that came from outside,
 * because a server that echoes the request back would otherwise put the API key into an error
 * message the UI shows and the logs keep.
 */
export function redactSecret(text: string, secret?: string): string {
  let out = text;
  if (secret && secret.length > 0) {
    for (const form of new Set([secret, encodeURIComponent(secret)])) {
      out = out.split(form).join(REDACTED);
    }
  }
  return out.replace(/\b(Bearer\s+)[^\s"',;]+/gi, `$1${REDACTED}`);
}
