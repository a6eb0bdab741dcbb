import { breakAround } from '../text-map';
import type { SourcePlaces } from './types';

/** Blocks inside which a hovered block is only a container (an article, a list), not a paragraph. */
const INNER_BLOCKS = 'p, h1, h2, h3, h4, h5, h6, li, dt, dd, td, th, blockquote, pre, div, section, article, ul, ol, dl, table, figure, figcaption';

/**
 * The paragraph under the pointer (the nearest block around `target`: a paragraph, heading, list
 * item or cell, not a container of other blocks) when it holds text of the reading, and the
 * first sentence of the reading in it. Null elsewhere.
 */
export function paragraphAt(
  target: Element,
  places: SourcePlaces,
  sentences: readonly (readonly [number, number])[],
): { element: Element; sentence: number } | null {
  let block: Element | null = target;
  while (block && (breakAround(block) === 0 || block.tagName === 'BR')) block = block.parentElement;
  if (!block || block === block.ownerDocument.body || block === block.ownerDocument.documentElement) return null;
  if (block.querySelector(INNER_BLOCKS)) return null;
  const offset = places.offsetIn(block);
  if (offset === null) return null;
  const sentence = sentenceAtOffset(sentences, offset);
  return sentence === null ? null : { element: block, sentence };
}

/** The sentence that holds `offset`, or the next one when it falls between two; null past the last. */
export function sentenceAtOffset(sentences: readonly (readonly [number, number])[], offset: number): number | null {
  let low = 0;
  let high = sentences.length;
  // The first sentence ending after `offset` (sentences are in order and do not overlap).
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sentences[mid]![1] > offset) high = mid;
    else low = mid + 1;
  }
  return low < sentences.length ? low : null;
}
