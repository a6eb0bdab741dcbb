import type { SerializedServiceError } from '../api/errors';

/**
 * What every message to the background answers: a value or an error a person can act on.
 * Errors travel as data, not as thrown exceptions, so their `kind` survives the trip between
 * contexts and the UI can offer the right next step (e.g. "Open options" for `unauthorized`).
 */
export type Result<T> = { ok: true; value: T } | { ok: false; error: SerializedServiceError };

/** Wraps a value as a successful result. */
export const ok = <T>(value: T): Result<T> => ({ ok: true, value });

/** Returns the value or throws the carried error as an Error with its kind. */
export function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw Object.assign(new Error(result.error.message), { kind: result.error.kind });
}

/** The `kind` an error carries (as `unwrap` attaches it), or undefined when it has none: a bug, the extension out of reach. */
export function errorKind(error: unknown): string | undefined {
  const kind = (error as { kind?: unknown } | null | undefined)?.kind;
  return typeof kind === 'string' ? kind : undefined;
}
