import { assemble, glossaryKeyPart, planProtection, termsToProtect, type ProtectionPlan, type TermMatch } from '../glossary';
import type { Settings } from '../settings/schema';
import { getCachedTranslations, type TranslationKeyInput } from '../translate/cache';
import type { PageBlockInput } from '../translate/page-types';
import { wholeKey } from './glossary-translation';
import { siteOfTab } from './tab-site';

/**
 * The glossary in a page's translation (issue 40), web pages and the PDF reader alike: a block with
 * terms to protect is sent as its pieces around the terms (lib/glossary's planProtection), each
 * piece one paragraph among the page's batched paragraphs, and put together with the terms written
 * by us (assemble). So the figure before the spend counts those pieces (costBound over the units),
 * and the block is cached under its text with the glossary's part of the key (the terms that
 * matched, where, and what is shown for them): a change elsewhere in the glossary keeps it.
 */

/** A block with terms to protect: what is sent of it, and what the key says of them. */
export interface ProtectedBlock {
  matches: TermMatch[];
  plan: ProtectionPlan;
  keyPart: string;
}

/** How each block is translated: null as it is, else protected. */
export type BlockShapes = (ProtectedBlock | null)[];

/** One paragraph of a request: a whole block (`piece` null), or piece `piece` of a protected block. */
export interface SendUnit {
  block: number;
  piece: number | null;
  text: string;
  source: string | null;
}

/** Each block's shape for a translation into `target` on the page of tab `tabId` (null: no tab, no site). */
export async function shapeBlocks(settings: Pick<Settings, 'glossary'>, blocks: readonly PageBlockInput[], target: string, tabId: number | null): Promise<BlockShapes> {
  // Entries that only say how to say a word leave translation alone: no look at the tab for them.
  if (!settings.glossary.some((e) => e.translate.mode !== 'free')) return blocks.map(() => null);
  const site = await siteOfTab(tabId);
  return blocks.map((block) => {
    const matches = termsToProtect(block.text, settings.glossary, { language: block.source, site, target });
    return matches.length ? { matches, plan: planProtection(block.text, matches), keyPart: glossaryKeyPart(matches) } : null;
  });
}

/** The cache key of a block's translation (`source`: the one looked under, the block's or none). */
export function blockCacheKey(service: string, target: string, block: PageBlockInput, shape: ProtectedBlock | null, source: string | null): TranslationKeyInput {
  return shape ? wholeKey(service, block.text, source, target, shape.matches) : { service, text: block.text, source, target };
}

/** A protected block with nothing left to translate (all terms and punctuation): its translation, free; else null. */
export function translatedWithoutRequest(shape: ProtectedBlock | null, target: string): string | null {
  return shape && shape.plan.pieces.length === 0 ? assemble(shape.plan, [], target) : null;
}

/** What is sent for the blocks `indices`: a whole block, or a protected block's pieces. */
export function sendUnits(blocks: readonly PageBlockInput[], shapes: BlockShapes, indices: readonly number[]): SendUnit[] {
  return indices.flatMap((block): SendUnit[] => {
    const { text, source } = blocks[block]!;
    const shape = shapes[block];
    return shape ? shape.plan.pieces.map((piece, n) => ({ block, piece: n, text: piece, source })) : [{ block, piece: null, text, source }];
  });
}

/**
 * Puts protected blocks together from their pieces' translations as they come, in any order:
 * `(block, piece, text)` notes one and gives the block's translation (its terms written by us)
 * once all its pieces are in, else null. For blocks whose `shapes` entry is not null.
 */
export function pieceCollector(shapes: BlockShapes, target: string): (block: number, piece: number, text: string) => string | null {
  const got = new Map<number, string[]>();
  return (block, piece, text) => {
    const plan = shapes[block]!.plan;
    const texts = got.get(block) ?? [];
    got.set(block, texts);
    texts[piece] = text;
    return plan.pieces.every((_, n) => texts[n] !== undefined) ? assemble(plan, texts, target) : null;
  };
}

/**
 * The blocks' translations into `target` already bought (null: none), as every surface that
 * translates a page's paragraphs looks them up (page translation, a page heard in another
 * language): under the block's own language (what page translation keeps), else under none (the
 * bubble's, a page that declares none), in both with the terms that match in the block where it
 * is (`shapes`: with its language). So what was translated under none without an entry for the
 * block's language (or with another one winning there) is never shown where that entry applies:
 * its key says other terms. A protected block with nothing left to translate is free.
 */
export async function cachedBlockTranslations(service: string, target: string, blocks: readonly PageBlockInput[], shapes: BlockShapes): Promise<(string | null)[]> {
  const keyOf = (i: number, source: string | null) => blockCacheKey(service, target, blocks[i]!, shapes[i] ?? null, source);
  // Cache reads are a saving, never a failure.
  const found = await getCachedTranslations(blocks.map((block, i) => keyOf(i, block.source))).catch(() => blocks.map(() => null));
  const missed = blocks.flatMap((block, i) => (found[i] || block.source === null ? [] : [i]));
  if (missed.length) {
    const plain = await getCachedTranslations(missed.map((i) => keyOf(i, null))).catch(() => missed.map(() => null));
    missed.forEach((i, n) => (found[i] = plain[n] ?? null));
  }
  return found.map((entry, i) => entry?.translation ?? translatedWithoutRequest(shapes[i] ?? null, target));
}
