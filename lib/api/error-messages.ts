import { formatNumber, t } from '../i18n';
import { ServiceError, type ServiceErrorDetails, type ServiceErrorKind } from './errors';

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
      if (c.mayBeCharged) return t('errorCutShort', c.reason ?? t('reasonIncomplete'));
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
    cause: context.cause,
  });
}
