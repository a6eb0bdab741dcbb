import { ServiceError, type ServiceErrorDetails, type ServiceErrorKind } from './errors';

const MAX_SERVER_MESSAGE = 200;

/** Shortens the server's text so one chatty error body can't flood the UI. */
export function truncateServerMessage(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= MAX_SERVER_MESSAGE ? flat : `${flat.slice(0, MAX_SERVER_MESSAGE - 1)}…`;
}

function seconds(ms: number): string {
  return `${Math.max(1, Math.ceil(ms / 1000))} s`;
}

interface MessageContext {
  status?: number;
  retryAfterMs?: number;
  origin?: string;
  timeoutMs?: number;
  reason?: string;
  /** A paid request broke after the service accepted it (a 2xx cut short, a 500). */
  mayBeCharged?: boolean;
}

function baseMessage(kind: ServiceErrorKind, c: MessageContext): string {
  switch (kind) {
    case 'unauthorized':
      return 'The service rejected your API key. Open the options and check the key.';
    case 'insufficientCredits':
      return "You don't have enough credits for this. Top up your account or use shorter text.";
    case 'rateLimited':
      return c.retryAfterMs === undefined
        ? 'The service is busy (rate limit). Wait a moment and try again.'
        : `The service is busy (rate limit). Try again in ${seconds(c.retryAfterMs)}.`;
    case 'invalidRequest':
      return `The service refused the request as invalid (HTTP ${c.status ?? 400}). Check the text, voice and settings.`;
    case 'server':
      return c.mayBeCharged
        ? `The service had a problem (HTTP ${c.status ?? 500}) after it took the request. It may already be paid for, so it was not requested again by itself: retry if you want it.`
        : `The service had a problem (HTTP ${c.status ?? 500}). Try again in a moment.`;
    case 'network':
      return `Can't reach the service at ${c.origin ?? 'the configured address'}. Check the address and your connection.`;
    case 'timeout':
      return `The service didn't answer within ${seconds(c.timeoutMs ?? 30_000)}. Try again, or use shorter text.`;
    case 'badResponse':
      if (c.mayBeCharged) {
        return `The service's answer was cut short (${c.reason ?? 'incomplete'}). This part may already be paid for, so it was not requested again by itself: retry if you want it.`;
      }
      return `The service sent an unexpected response (${c.reason ?? 'unknown format'}). Try again; if it keeps happening, check the service address in the options.`;
    case 'cancelled':
      return 'The request was cancelled.';
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
  const message = serverMessage
    ? `${baseMessage(kind, context)} Service said: "${serverMessage}"`
    : baseMessage(kind, context);
  return new ServiceError(kind, message, {
    status: context.status,
    retryAfterMs: context.retryAfterMs,
    serverMessage,
    mayBeCharged: context.mayBeCharged,
    reason: context.reason,
    cause: context.cause,
  });
}
