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
