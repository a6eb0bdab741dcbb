import type { GlossaryEntry } from './entry';

/**
 * The glossary in the browser's sync storage (issue 40): it follows the user's browser account
 * where the browser offers one, within its quota (Chrome and Firefox alike: 100 KB in all, 8 KB an
 * item, 512 items). The list goes as its JSON text cut into pieces, each an item under 8 KB; a
 * glossary whose pieces come to more than the budget stays in this browser only (the options say
 * so, and the CSV export keeps a copy). Pure: the storage itself is the worker's (lib/settings).
 */

/** Bytes of one item at most: the quota's 8,192, less room for its key and the JSON quotes. */
export const SYNC_ITEM_BYTES = 8000;
/** Bytes of the whole glossary at most: the quota's 102,400, less room for the count and other items. */
export const SYNC_TOTAL_BYTES = 96_000;

const encoder = new TextEncoder();
/** An item's size as the quota counts it: its value as JSON, in UTF-8. */
const bytesOf = (piece: string) => encoder.encode(JSON.stringify(piece)).length;

/** The glossary's JSON text cut into items that each fit, or null when together they are over the budget. */
export function glossaryToSyncPieces(glossary: readonly GlossaryEntry[]): string[] | null {
  const pieces: string[] = [];
  let piece = '';
  // Bytes of `piece` as JSON: its quotes, and each character as JSON escapes it.
  let size = 2;
  let total = 0;
  for (const char of JSON.stringify(glossary)) {
    const more = bytesOf(char) - 2;
    if (size + more > SYNC_ITEM_BYTES) {
      pieces.push(piece);
      total += size;
      piece = '';
      size = 2;
    }
    piece += char;
    size += more;
  }
  pieces.push(piece);
  total += size;
  return total <= SYNC_TOTAL_BYTES ? pieces : null;
}

/** The entries read back from the pieces (unchecked: the settings' schema checks them), or null when they do not make a list. */
export function glossaryFromSyncPieces(pieces: readonly unknown[]): unknown[] | null {
  if (!pieces.every((p) => typeof p === 'string')) return null;
  try {
    const list: unknown = JSON.parse(pieces.join(''));
    return Array.isArray(list) ? list : null;
  } catch {
    return null;
  }
}
