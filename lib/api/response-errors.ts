import { makeServiceError } from './error-messages';
import type { ServiceError } from './errors';
import { redactSecret } from './redact';
import { parseRetryAfter } from './retry-after';
import { NOTHING_DONE_STATUSES } from './retry-policy';
import { extractServerMessage } from './server-message';

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
