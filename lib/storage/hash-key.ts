/**
 * The canonical text of a cache key's parts: a JSON array, so the fields keep a fixed order and a
 * separator inside one field can never be read as the boundary between two.
 */
export function canonicalJson(parts: readonly unknown[]): string {
  return JSON.stringify(parts);
}

/**
 * Cache key of `parts`: SHA-256 (hex) of {@link canonicalJson}. Hashed so keys have one length
 * and the stored key never holds the text it stands for.
 */
export async function hashKey(parts: readonly unknown[]): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonicalJson(parts)));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
