import * as z from 'zod/mini';

// Small builders for message fields. The protocol uses zod/mini: the same validation as zod,
// at a quarter of the size in the content script and the popup, which must load fast.

/** A string of min..max characters. */
export const text = (min: number, max: number) => z.string().check(z.minLength(min), z.maxLength(max));
/** A string matching a pattern (language codes and the like). */
export const matching = (pattern: RegExp) => z.string().check(z.regex(pattern));
/** A whole number in min..max. */
export const int = (min: number, max = Number.MAX_SAFE_INTEGER) => z.int().check(z.gte(min), z.lte(max));
/** A number in min..max. */
export const num = (min: number, max = Number.MAX_VALUE) => z.number().check(z.gte(min), z.lte(max));

export const languageCode = matching(/^[a-z]{2}$/);
