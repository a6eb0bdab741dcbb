import { translationCost } from './cost';
import { MAX_TRANSLATE_CHARS, splitForTranslation } from './split';

/**
 * Paragraphs travel together in one request, separated by a blank line: the contract takes one
 * text per request and keeps paragraph breaks, and each request is rounded up to whole credits, so
 * batching costs less than a request per paragraph and uses fewer of the plan's requests.
 */
export const BLOCK_SEPARATOR = '\n\n';

// A paragraph break in a translation: the separator, whatever spaces the service put around it.
const BREAK = /[^\S\n]*\n[^\S\n]*\n\s*/u;

/** One piece of a block to send: a whole paragraph, or a part of one longer than a request. */
export interface BatchItem {
  /** Index of the block it belongs to. */
  block: number;
  text: string;
}

/** One request: items of one source language joined by BLOCK_SEPARATOR. */
export interface Batch {
  source: string | null;
  items: BatchItem[];
  text: string;
  cost: number;
}

/** What a block is split into when it is longer than one request, and how to put it back. */
export interface BlockParts {
  parts: string[];
  separators: string[];
}

/**
 * Groups blocks (in the order given: the visible ones first) into requests of at most `maxChars`
 * characters, each for one source language. A block longer than a request goes in parts. The
 * first request holds at most `firstMaxChars` (at least its first block): the service's time grows
 * with the text, so the first paragraph the reader looks at comes back sooner, as the others are
 * translated beside it.
 */
export function planBatches(
  blocks: readonly { text: string; source: string | null }[],
  maxChars = MAX_TRANSLATE_CHARS,
  firstMaxChars = maxChars,
): { batches: Batch[]; split: Map<number, BlockParts> } {
  const open = new Map<string, BatchItem[]>();
  let first: BatchItem | null = null;
  const batches: Batch[] = [];
  const split = new Map<number, BlockParts>();
  const close = (source: string | null) => {
    const items = open.get(source ?? '');
    if (!items?.length) return;
    const text = items.map((item) => item.text).join(BLOCK_SEPARATOR);
    batches.push({ source, items, text, cost: translationCost(text) });
    open.delete(source ?? '');
  };
  blocks.forEach((block, index) => {
    const pieces = block.text.length > maxChars ? splitForTranslation(block.text, maxChars, block.source ?? undefined) : null;
    if (pieces) split.set(index, pieces);
    for (const text of pieces?.parts ?? [block.text]) {
      const items = open.get(block.source ?? '') ?? [];
      const length = items.reduce((sum, item) => sum + item.text.length + BLOCK_SEPARATOR.length, 0) + text.length;
      if (items.length && length > (items[0] === first ? firstMaxChars : maxChars)) close(block.source);
      const item = { block: index, text };
      first ??= item;
      open.set(block.source ?? '', [...(open.get(block.source ?? '') ?? []), item]);
    }
  });
  for (const source of [...open.keys()]) close(source || null);
  return { batches, split };
}

/** Credits the given blocks cost, batched as they would be sent together. */
export function batchedCost(blocks: readonly { text: string; source: string | null }[], maxChars = MAX_TRANSLATE_CHARS): number {
  return planBatches(blocks, maxChars).batches.reduce((sum, batch) => sum + batch.cost, 0);
}

/**
 * The most the given blocks can cost however they end up grouped (the page sends them as the
 * user scrolls, not all at once): each piece with the separator it may carry, rounded up on its
 * own. Every batching costs at most this, since ceil(a + b) ≤ ceil(a) + ceil(b). Shown as "up to".
 */
export function costBound(blocks: readonly { text: string; source: string | null }[], maxChars = MAX_TRANSLATE_CHARS): number {
  let sum = 0;
  for (const block of blocks) {
    const pieces = block.text.length > maxChars ? splitForTranslation(block.text, maxChars, block.source ?? undefined).parts : [block.text];
    for (const piece of pieces) sum += translationCost(piece + BLOCK_SEPARATOR);
  }
  return sum;
}

/**
 * The translation of each item of a batch, or null when the service did not keep one paragraph
 * per paragraph (then the batch's translation cannot be told apart by block).
 */
export function splitBatchTranslation(batch: Batch, translation: string): string[] | null {
  const pieces = translation.trim().split(BREAK);
  return pieces.length === batch.items.length ? pieces.map((piece) => piece.trim()) : null;
}
