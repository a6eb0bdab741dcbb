import { browser } from 'wxt/browser';
import { assemble, glossaryKeyPart, planProtection, termsToProtect, type ProtectionPlan, type TermMatch } from '../glossary';
import { documentUrlOf } from '../reader/address';
import type { Settings } from '../settings/schema';
import type { TranslationKeyInput } from '../translate/cache';
import type { PageBlockInput } from '../translate/page-types';
import { wholeKey } from './glossary-translation';

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

/**
 * The site a tab's page is of, for entries kept for one site (every surface's: translations,
 * readings, the glossary's "this site"): its host, or for the PDF reader the host of the document
 * it shows (the reader's own address is the extension's). Null: no tab, or not a web page.
 */
export async function siteOfTab(tabId: number | null): Promise<string | null> {
  if (tabId === null) return null;
  const tab = await browser.tabs.get(tabId).catch(() => null);
  try {
    const href = tab?.url ?? '';
    const url = new URL(href.startsWith(browser.runtime.getURL('/')) ? (documentUrlOf(href) ?? 'about:blank') : href);
    return /^https?:$/u.test(url.protocol) ? url.hostname || null : null;
  } catch {
    return null;
  }
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
