import { linkedAbort } from '../api/abort';
import { serializeError, ServiceError } from '../api/errors';
import { languageByCode, type Language } from '../language';
import { costBound, planBatches, splitBatchTranslation, type Batch } from '../translate/batches';
import type { PageBlockInput, PageBlocksAnswer, PageEstimate } from '../translate/page-types';
import { getSettings } from '../settings/items';
import { putCachedTranslation } from '../translate/cache';
import { isPrivateTab } from './private-windows';
import { canAfford } from '../translate/cost';
import { joinTranslations, MAX_TRANSLATE_CHARS } from '../translate/split';
import { formatNumber, t } from '../i18n';
import { fetchAccount, knownBalance, noteCreditsSpent } from './account';
import { mayHaveBeenCharged } from './speech-price';
import { actionSignal, beginAction, endAction, grantWithoutAsking, offerSpend, pauseAction, reserve, type SpendAction } from './spend/gate';
import { paidCall } from './spend/gateway';
import { watchPageRequest } from './page-translation-notes';
import { blockCacheKey, cachedBlockTranslations, pieceCollector, sendUnits, shapeBlocks, type BlockShapes, type SendUnit } from './page-glossary';

/** Below the visible translations of a selection, above reading ahead. */
const PAGE_PRIORITY = 50;
/** The first request of each call: about one paragraph, the one the reader looks at first. */
const FIRST_REQUEST_CHARS = 600;
/** The spend gate's name for a tab's page translation. */
const ACTION: SpendAction = 'page-translate';
/** The first message of a page's start, sent at the estimate (by tab): its blocks, and its answer to come. */
const started = new Map<number, { key: string; answer: Promise<PageBlocksAnswer> }>();
const startKey = (target: string, blocks: readonly PageBlockInput[]) => JSON.stringify([target, blocks.map((b) => [b.text, b.source])]);
/**
 * Blocks whose translation is under way (by service, target and block), whichever start of a tab's
 * page translation sent them: a new start (Show original, then Translate again) while a request is
 * still with the service waits for its answer instead of paying for the same paragraphs again. In
 * memory: a request under way dies with the worker.
 */
const underWay = new Map<string, Promise<string | null>>();
// With the glossary's part: a block under way with other terms (the glossary changed meanwhile) is not this one's answer.
const blockKey = (service: string, target: string, block: PageBlockInput, keyPart: string) => JSON.stringify([service, target, block.text, block.source, keyPart]);

/**
 * The most translating a page's blocks into `target` can cost: all of them, and those on screen
 * (by index), without what is cached. An upper bound, since the page sends them as the user scrolls.
 * It starts the tab's page translation afresh in the spend gate (what an earlier one of the tab had
 * under way is withdrawn): below the user's threshold, and unless they asked to be asked, the whole
 * page's figure (its most without the cache, when that is below the threshold too) is agreed to at
 * once; otherwise the answer carries the two offers the panel shows, the screen's and the whole
 * page's, and nothing may be sent until one is accepted.
 * Agreed to at once, the blocks `first` names (the page's first message: the paragraphs on screen)
 * are sent from here, under that grant, without waiting for the page to ask: its message for the
 * same blocks then gets their answer (see translatePageBlocks).
 */
export async function estimatePageTranslation(target: string, blocks: readonly PageBlockInput[], screen: readonly number[], tabId: number, first: readonly number[] = []): Promise<PageEstimate> {
  // What an earlier start of the tab sent at once is its own: a new start does not hand it out.
  started.delete(tabId);
  const language = targetLanguage(target);
  const [, settings] = await Promise.all([beginAction(tabId, ACTION), getSettings()]);
  // Blocks with glossary terms are sent as their pieces around the terms: every figure counts those.
  const shapes = await shapeBlocks(settings, blocks, language.code, tabId);
  const costOf = (indices: readonly number[]) => costBound(sendUnits(blocks, shapes, indices));
  const firstIndices = [...new Set(first)].filter((i) => i < blocks.length);
  // Within the threshold even with nothing cached (and the question off): the whole page's most is
  // agreed to and the first message leaves before the page's hundreds of blocks are looked up (its
  // own few are), so the lookup runs while the service translates.
  const most = costOf(blocks.map((_, i) => i));
  const atOnce = !settings.confirmPageTranslation && most <= settings.confirmAboveCredits;
  if (atOnce) {
    await grantWithoutAsking(tabId, ACTION, most);
    if (firstIndices.length) {
      const firstBlocks = firstIndices.map((i) => blocks[i]!);
      const firstShapes = firstIndices.map((i) => shapes[i] ?? null);
      startAtOnce(target, firstBlocks, tabId, { shapes: firstShapes, translations: await cachedBlockTranslations(settings.serviceUrl, language.code, firstBlocks, firstShapes) });
    }
  }
  const [cached, knownEntry] = await Promise.all([cachedBlockTranslations(settings.serviceUrl, language.code, blocks, shapes), knownBalance()]);
  const onScreen = new Set(screen);
  const unknown = blocks.flatMap((_, i) => (cached[i] === null ? [i] : []));
  const page = costOf(unknown);
  const ask = page > settings.confirmAboveCredits || (settings.confirmPageTranslation && page > 0);
  // The balance is read (a request, free) only for the panel that shows it: a start without
  // the question does not wait for it.
  const known = knownEntry?.credits ?? null;
  const balance = known ?? (ask ? ((await fetchAccount(60).catch(() => null))?.credits ?? null) : null);
  const screenCost = costOf(unknown.filter((i) => onScreen.has(i)));
  if (!ask && !atOnce) {
    await grantWithoutAsking(tabId, ACTION, page);
    if (firstIndices.length) startAtOnce(target, firstIndices.map((i) => blocks[i]!), tabId, { shapes: firstIndices.map((i) => shapes[i] ?? null), translations: firstIndices.map((i) => cached[i]!) });
  }
  return {
    screen: screenCost,
    page,
    balance,
    threshold: settings.confirmAboveCredits,
    ask,
    offers: ask ? { screen: (await offerSpend(tabId, ACTION, screenCost)).id, page: (await offerSpend(tabId, ACTION, page)).id } : null,
  };
}

/**
 * Translates blocks of the page in tab `tabId`: the cached ones at no cost, the rest batched into
 * requests (in the order given: the page sends the visible ones first) through the gateway. Nothing
 * is sent that the spend gate's grant for the tab's page translation does not cover: the answer
 * then carries an offer of exactly this message's cost, for the page to show. Requests not sent
 * yet are withdrawn when the page pauses or ends; a failed request stops the others not sent yet,
 * leaves the blocks translated so far and says why.
 */
export async function translatePageBlocks(target: string, blocks: readonly PageBlockInput[], tabId: number): Promise<PageBlocksAnswer> {
  // Taken as the message comes: a pause while it waits below withdraws it too.
  const withdrawn = actionSignal(tabId, ACTION);
  const early = started.get(tabId);
  if (early) {
    started.delete(tabId);
    if (early.key === startKey(target, blocks)) return early.answer;
    // Not what the page asks for now (it scrolled meanwhile): what is under way lands in the cache
    // first, so these blocks are not paid for twice.
    await early.answer.catch(() => undefined);
  }
  return sendPageBlocks(target, blocks, tabId, undefined, withdrawn);
}

function startAtOnce(target: string, blocks: readonly PageBlockInput[], tabId: number, looked: LookedUp): void {
  const answer = sendPageBlocks(target, blocks, tabId, looked);
  // Its failure is the page's to show, when it asks for the answer.
  answer.catch(() => undefined);
  started.set(tabId, { key: startKey(target, blocks), answer });
}

/** The blocks' shapes (the glossary's), with what the cache had for them, when just looked up. */
interface LookedUp {
  shapes: BlockShapes;
  translations: (string | null)[];
}

/**
 * Translates the blocks (see translatePageBlocks); `looked`: their shapes and what the cache had,
 * when just looked up; `withdrawn`: the action's signal when the page asked (the current one by default).
 */
async function sendPageBlocks(target: string, blocks: readonly PageBlockInput[], tabId: number, looked?: LookedUp, withdrawn = actionSignal(tabId, ACTION)): Promise<PageBlocksAnswer> {
  const language = targetLanguage(target);
  // What the steps before sending need is read side by side: the first request is on the clock.
  const [settings, known, inPrivate] = await Promise.all([getSettings(), knownBalance(), isPrivateTab(tabId)]);
  const { serviceUrl } = settings;
  const shapes = looked?.shapes ?? (await shapeBlocks(settings, blocks, language.code, tabId));
  const translations = looked?.translations ?? (await cachedBlockTranslations(serviceUrl, language.code, blocks, shapes));
  // What a request under way carries already is its answer's; the rest is this message's to send,
  // and is known as under way from now (no wait between looking and claiming).
  const keys = blocks.map((block, i) => blockKey(serviceUrl, language.code, block, shapes[i]?.keyPart ?? ''));
  const joined = keys.map((key, i) => (translations[i] === null ? (underWay.get(key) ?? null) : null));
  const missing = blocks.flatMap((_, i) => (translations[i] === null && !joined[i] ? [i] : []));
  const claimed = new Map(missing.map((i) => [i, answerToCome()]));
  for (const [i, { promise }] of claimed) underWay.set(keys[i]!, promise);
  // They stay known as under way until their translations are in the cache, where the next lookup finds them.
  let written: Promise<unknown> = Promise.resolve();
  try {
    const sent = await sendMissing(blocks, missing, translations, { tabId, serviceUrl, language, known, inPrivate, withdrawn, shapes }, (i, text) => claimed.get(i)?.resolve(text));
    written = sent.written;
    await Promise.all(joined.map(async (joining, i) => joining && (translations[i] = await joining)));
    return sent.answer;
  } finally {
    void written.finally(() => {
      for (const [i, { promise, resolve }] of claimed) {
        resolve(null);
        if (underWay.get(keys[i]!) === promise) underWay.delete(keys[i]!);
      }
    });
  }
}

/** A block's translation to come, and how it is given (null: none came). */
function answerToCome(): { promise: Promise<string | null>; resolve: (text: string | null) => void } {
  let resolve!: (text: string | null) => void;
  const promise = new Promise<string | null>((settle) => (resolve = settle));
  return { promise, resolve };
}

interface SendContext {
  tabId: number;
  serviceUrl: string;
  language: Language;
  known: Awaited<ReturnType<typeof knownBalance>>;
  inPrivate: boolean;
  withdrawn: AbortSignal;
  shapes: BlockShapes;
}

/**
 * Sends the blocks `missing` (indices) of a message, filling `translations`; `done` is told each
 * block's translation as it lands. Its answer comes as soon as the requests are back (and settled
 * in the gate): `written`, when what they bought is in the cache and the balance noted.
 */
async function sendMissing(
  blocks: readonly PageBlockInput[],
  missing: number[],
  translations: (string | null)[],
  { tabId, serviceUrl, language, known, inPrivate, withdrawn, shapes }: SendContext,
  done: (index: number, text: string) => void,
): Promise<{ answer: PageBlocksAnswer; written: Promise<unknown> }> {
  // What is sent: whole blocks, and the pieces around the glossary's terms of the others.
  const units = sendUnits(blocks, shapes, missing);
  const { batches, split } = planBatches(units, MAX_TRANSLATE_CHARS, FIRST_REQUEST_CHARS);
  const cost = batches.reduce((sum, batch) => sum + batch.cost, 0);
  const answer: PageBlocksAnswer = { translations, spent: 0, confirm: null, error: null };
  const writes: Promise<unknown>[] = [];
  const written = Promise.resolve();
  if (cost === 0 || withdrawn.aborted) return { answer, written };
  if (known?.fresh && !canAfford(cost, known.credits)) {
    // Short on a balance heard a moment ago: read again first (a free call), so a user who just
    // topped up and pressed Resume is not refused on the old figure.
    const now = (await fetchAccount(100).catch(() => null))?.credits ?? known.credits;
    // Stopped while the balance was read: nothing is asked for nor sent.
    if (withdrawn.aborted) return { answer, written };
    if (!canAfford(cost, now)) {
      return { answer: { ...answer, error: serializeError(new ServiceError('insufficientCredits', t('pageTranslateNoCredits', [formatNumber(cost), formatNumber(now)]))) }, written };
    }
  }
  const held = await reserve(tabId, ACTION, cost);
  if (!held) {
    const offer = await offerSpend(tabId, ACTION, cost);
    return { answer: { ...answer, confirm: { offer: offer.id, credits: cost } }, written };
  }

  // A unit sent in parts is put together once all its parts are back.
  const parts = new Map<number, string[]>();
  // A protected block is put together once all its pieces are back.
  const collectPiece = pieceCollector(shapes, language.code);
  // A private window's page (inPrivate): its translations are cached in memory only.
  // The first failure withdraws what is still queued, as a pause does; what was sent finishes into the cache.
  const stop = linkedAbort(withdrawn);
  const { signal } = stop;
  const finishBlock = (index: number, text: string, exact: boolean) => {
    const block = blocks[index]!;
    translations[index] = text;
    done(index, text);
    const key = blockCacheKey(serviceUrl, language.code, block, shapes[index] ?? null, block.source);
    if (exact && text) writes.push(putCachedTranslation(key, { translation: text, sourceLanguage: block.source, sourceName: '' }, { inMemory: inPrivate }).catch(() => undefined));
  };
  const finishUnit = (u: number, text: string, exact: boolean) => {
    const { block, piece } = units[u]!;
    const shape = shapes[block];
    if (piece === null || !shape) return finishBlock(block, text, exact);
    // A piece lost in a merged answer: the block is not shown (nor cached) rather than shown with a term ignored.
    if (translations[block] !== null) return;
    if (!exact) return finishBlock(block, '', false);
    const whole = collectPiece(block, piece, text);
    if (whole !== null) finishBlock(block, whole, true);
  };
  const receive = (batch: Batch, translation: string) => {
    const exact = splitBatchTranslation(batch, translation);
    const pieces = exact ?? mergedPieces(batch, translation, units);
    for (const [n, item] of batch.items.entries()) {
      const pieceOf = split.get(item.block);
      if (!pieceOf) {
        finishUnit(item.block, pieces[n]!, exact !== null);
        continue;
      }
      const got = [...(parts.get(item.block) ?? []), pieces[n]!];
      parts.set(item.block, got);
      if (got.length === pieceOf.parts.length) finishUnit(item.block, joinTranslations(got, pieceOf.separators).trim(), exact !== null);
    }
  };
  let charged = 0;
  try {
    await Promise.all(
      batches.map(async (batch) => {
        try {
          const response = await sendBatch(batch, language, signal, tabId);
          charged += batch.cost;
          answer.spent += batch.cost;
          receive(batch, response);
          writes.push(noteCreditsSpent(batch.cost).catch(() => undefined));
        } catch (error) {
          // Charged, perhaps, without an answer: it counts against what the user agreed to.
          if (mayHaveBeenCharged(error)) charged += batch.cost;
          answer.error ??= serializeError(error);
          stop.controller.abort(error);
        }
      }),
    );
  } finally {
    stop.release();
    await held.settle(charged);
  }
  if (answer.error?.kind === 'cancelled') answer.error = null;
  return { answer, written: Promise.all(writes) };
}

/**
 * The page's translation pauses (Pause: what is not sent yet is withdrawn, what was agreed to
 * stays) or ends (Show original: what was agreed to is forgotten too). Sent requests finish into
 * the cache: they are paid.
 */
export async function stopPageTranslation(tabId: number, end: boolean): Promise<void> {
  if (end) {
    started.delete(tabId);
    await endAction(tabId, ACTION);
  } else pauseAction(tabId, ACTION);
}

/** Sends one batch; the tab's control is told why it waits, while it does (see watchPageRequest). */
async function sendBatch(batch: Batch, target: Language, signal: AbortSignal, tabId: number): Promise<string> {
  const source = batch.source ? languageByCode(batch.source) : undefined;
  const request = { text: batch.text, target_language: target.name, ...(source ? { source_language: source.name } : {}) };
  const watch = watchPageRequest(tabId, batch.text.length);
  try {
    const response = await paidCall((client, abort) => client.translate(request, { signal: abort }), {
      priority: PAGE_PRIORITY,
      signal,
      label: 'page-translate',
      onRetry: watch.onRetry,
      onPaced: watch.onPaced,
    });
    return response.translation;
  } finally {
    watch.stop();
  }
}

/**
 * When the service merged the paragraphs of a batch, they cannot be told apart: the whole
 * translation goes under the batch's first paragraph and the others get none (an empty text is
 * shown as nothing and not cached, so a later visit asks for them again, one by one if need be).
 * A batch holding pieces around glossary terms gives none at all: the merged text would show the
 * words around a term without it.
 */
function mergedPieces(batch: Batch, translation: string, units: readonly SendUnit[]): string[] {
  const protectedPiece = batch.items.some((item) => units[item.block]?.piece !== null);
  return batch.items.map((_, n) => (n === 0 && !protectedPiece ? translation.trim() : ''));
}

function targetLanguage(code: string): Language {
  const language = languageByCode(code);
  if (!language) throw new ServiceError('invalidRequest', t('translateUnsupported', code));
  return language;
}
