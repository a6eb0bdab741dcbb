/**
 * How the pieces of a protected text travel: several to a request, separated by a blank line, as
 * page translation batches paragraphs (lib/translate/batches.ts): the service takes one text per
 * request, keeps paragraph breaks, and rounds each request up to whole credits. The figure shown
 * before the spend and the requests sent both come from `batchPieces`, so they agree.
 */

/** Between two pieces of one request: a paragraph break, which translators keep. */
export const PIECE_SEPARATOR = '\n\n';

/** The longest request, in characters (the service's own limit for one translation). */
export const MAX_REQUEST_CHARS = 5000;

// A paragraph break in an answer, whatever spaces the service put around it.
const BREAK = /[^\S\n]*\n[^\S\n]*\n\s*/u;

/** Characters as the service counts them: code points. */
export function characters(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/**
 * The pieces grouped into requests, in order (indexes into `pieces`), each at most `maxChars`
 * once joined; a piece longer than that goes alone.
 */
export function batchPieces(pieces: readonly string[], maxChars = MAX_REQUEST_CHARS): number[][] {
  const batches: number[][] = [];
  let current: number[] = [];
  let length = 0;
  pieces.forEach((piece, i) => {
    const size = characters(piece);
    const joined = current.length ? length + PIECE_SEPARATOR.length + size : size;
    if (current.length && joined > maxChars) {
      batches.push(current);
      current = [];
      length = 0;
    }
    length = current.length ? length + PIECE_SEPARATOR.length + size : size;
    current.push(i);
  });
  if (current.length) batches.push(current);
  return batches;
}

/** One request's text: its pieces joined by the separator. */
export function joinBatch(pieces: readonly string[]): string {
  return pieces.join(PIECE_SEPARATOR);
}

/** The translation of each piece of a request, or null when the answer did not keep one paragraph per piece. */
export function splitBatch(translation: string, count: number): string[] | null {
  const parts = translation.trim().split(BREAK);
  return parts.length === count ? parts.map((p) => p.trim()) : null;
}
