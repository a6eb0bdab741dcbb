/**
 * What a pasted API key becomes before it is saved. People paste keys with spaces, line breaks,
 * invisible characters picked up from web pages and chat apps (zero-width spaces, a byte-order
 * mark), or a "Bearer " prefix copied from docs.
 */
export function normaliseKey(raw: string): string {
  return raw
    .replace(/[\u200B-\u200D\u2060\uFEFF\u00AD]/gu, '')
    .trim()
    .replace(/^bearer\s+/i, '')
    .trim();
}

/**
 * Whether a (normalised) key can travel in an HTTP header. Anything but visible ASCII would make
 * the browser refuse the request outright, which looks like a network failure; saying so when the
 * key is saved tells the user what is actually wrong.
 */
export function checkKeyCharacters(key: string): { ok: true } | { ok: false; position: number; codePoint: string } {
  const chars = [...key];
  const at = chars.findIndex((c) => !/^[\x21-\x7E]$/.test(c));
  if (at < 0) return { ok: true };
  const codePoint = `U+${chars[at]!.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  return { ok: false, position: at + 1, codePoint };
}
