import { isServiceError } from './errors';

/*
 * Retry policy. It spends the user's money, so it errs towards not repeating paid work:
 *
 * | failure                            | unpaid (user, voices) | paid (tts, translate) |
 * |------------------------------------|-----------------------|-----------------------|
 * | rateLimited (429)                  | up to 5 retries       | up to 5 retries       |
 * | network (no response arrived)      | up to 2 retries       | up to 2 retries       |
 * | 502, 503, 504                      | up to 2 retries       | up to 2 retries       |
 * | other 5xx (500: it may have billed)| up to 2 retries       | never                 |
 * | timeout                            | up to 2 retries       | never                 |
 * | badResponse without HTTP status    | up to 2 retries       | never                 |
 * | anything after 2xx headers (paid)  | (n/a)                 | never                 |
 * | badResponse with a status (404...) | never                 | never                 |
 * | unauthorized, insufficientCredits, |                       |                       |
 * | invalidRequest, cancelled, other   | never                 | never                 |
 *
 * 429 is always safe: the service refused the work, so nothing was done or charged. A network
 * error before any response, or a gateway/unavailable status (502/503/504: the request never
 * reached a worker), delivered nothing, so one more paid try is fair. A 500, a timeout, or
 * anything that breaks once 2xx headers arrived (the client turns those into badResponse with
 * `mayBeCharged`, and marks a paid 5xx other than 502/503/504 so too) may mean the service did the work and charged for it; repeating it would bill
 * twice, so paid requests surface those to the user, who may retry. Retrying the rest can't help.
 *
 * Delays: a 429's Retry-After is honoured (plus up to 250 ms of jitter so queued requests don't
 * all return in the same millisecond) up to MAX_RETRY_AFTER_MS; a longer one is not waited for
 * by itself: the user is told when to try again. A 429 without Retry-After waits at least a fifth
 * of the plan's rate window each time, so the retries together outlast the window that refused
 * it (a quick exponential backoff would give up before the window frees). Transient failures get
 * exponential backoff from 500 ms with ±50 % jitter, capped at 30 s.
 */

export const RATE_LIMIT_RETRIES = 5;
export const TRANSIENT_RETRIES = 2;
const MAX_DELAY_MS = 30_000;
/** The longest Retry-After waited out automatically; the service's minute plus some slack. */
export const MAX_RETRY_AFTER_MS = 90_000;
const DEFAULT_WINDOW_MS = 60_000;

export interface RetryBudget {
  rateLimited: number;
  transient: number;
}

export type RetryDecision = { retry: false } | { retry: true; delayMs: number };

function backoff(baseMs: number, attempt: number, random: () => number): number {
  return Math.round(Math.min(MAX_DELAY_MS, baseMs * 2 ** (attempt - 1)) * (0.5 + random()));
}

/** Gateway statuses: the request never reached a worker, so nothing was done or charged. */
export const NOTHING_DONE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

function isTransient(error: unknown, paid: boolean): boolean {
  if (!isServiceError(error)) return false;
  if (error.mayBeCharged) return false;
  if (error.kind === 'network') return true;
  if (error.kind === 'server') return !paid || NOTHING_DONE_STATUSES.has(error.status ?? 500);
  if (paid) return false;
  return error.kind === 'timeout' || (error.kind === 'badResponse' && error.status === undefined);
}

/**
 * Decides whether a failed attempt is retried and after how long; `used` counts the retries
 * already spent per category and is updated when a retry is granted.
 */
export function decideRetry(
  error: unknown,
  paid: boolean,
  used: RetryBudget,
  random: () => number,
  windowMs = DEFAULT_WINDOW_MS,
): RetryDecision {
  if (isServiceError(error) && error.kind === 'rateLimited') {
    if (used.rateLimited >= RATE_LIMIT_RETRIES) return { retry: false };
    if (error.retryAfterMs !== undefined && error.retryAfterMs > MAX_RETRY_AFTER_MS) return { retry: false };
    used.rateLimited += 1;
    const delayMs =
      error.retryAfterMs !== undefined
        ? error.retryAfterMs + Math.round(random() * 250)
        : Math.max(backoff(1000, used.rateLimited, random), Math.ceil(windowMs / RATE_LIMIT_RETRIES));
    return { retry: true, delayMs };
  }
  if (isTransient(error, paid) && used.transient < TRANSIENT_RETRIES) {
    used.transient += 1;
    return { retry: true, delayMs: backoff(500, used.transient, random) };
  }
  return { retry: false };
}

/**
 * Parses a `Retry-After` header (delta-seconds or HTTP-date) into milliseconds from `now`.
 * Returns undefined for a missing, negative or unparseable value so callers fall back to their
 * own backoff instead of waiting on garbage. A date already in the past means "now" (0).
 */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  // A leading sign or other number-like junk is not a date either; Date.parse would accept some.
  if (/^[-+]?\d/.test(value)) return undefined;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}
