import type { TermMatch } from './match';

/**
 * The glossary's part of a translation's cache key. A translation depends on the glossary only
 * through the terms protected in that text: where each is and what is shown for it. So the part
 * is a digest of exactly that: an entry added, changed or removed elsewhere in the glossary (or
 * only its "say as") leaves it unchanged, and the cached translation is used, never paid twice;
 * a text with no term gets the empty part, the same key as without a glossary.
 */

/** Bumped when the way a protected translation is put together changes (old ones are then stale). */
const SCHEME = 1;

const MASK = (1n << 64n) - 1n;

/** 64-bit FNV-1a over the UTF-16 units: stable across contexts and runs, synchronous, no browser API. */
function fnv64(text: string): string {
  let h = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i++) h = ((h ^ BigInt(text.charCodeAt(i))) * 0x100000001b3n) & MASK;
  return h.toString(16).padStart(16, '0');
}

/** The cache-key part for a text translated with `matches` protected ('' when there are none). */
export function glossaryKeyPart(matches: readonly TermMatch[]): string {
  if (matches.length === 0) return '';
  return `g${SCHEME}:${fnv64(JSON.stringify(matches.map((m) => [m.start, m.end, m.rendering])))}`;
}
