import { serializeError, ServiceError } from '../api/errors';
import { languageByCode, type Language } from '../language';
import { costBound, planBatches, splitBatchTranslation, type Batch } from '../translate/batches';
import type { PageBlockInput, PageBlocksAnswer, PageEstimate } from '../translate/page-types';
import { getSettings } from '../settings/items';
import { getCachedTranslations, putCachedTranslation } from '../translate/cache';
import { canAfford } from '../translate/cost';
import { joinTranslations, MAX_TRANSLATE_CHARS } from '../translate/split';
import { formatNumber, t } from '../i18n';
import { fetchAccount, knownBalance, noteCreditsSpent } from './account';
import { callService } from './service';
import { mayHaveBeenCharged, noteUncertainCharge, trackPaidRequest } from './speech-price';

/** Below the visible translations of a selection, above reading ahead. */
const PAGE_PRIORITY = 50;
/** The first request of each call: about one paragraph, the one the reader looks at first. */
const FIRST_REQUEST_CHARS = 600;

/**
 * The most translating a page's blocks into `target` can cost: all of them, and those on screen
 * (by index), without what is cached. An upper bound, since the page sends them as the user scrolls.
 */
export async function estimatePageTranslation(target: string, blocks: readonly PageBlockInput[], screen: readonly number[]): Promise<PageEstimate> {
  const language = targetLanguage(target);
  const settings = await getSettings();
  const cached = await lookUp(settings.serviceUrl, language, blocks);
  const onScreen = new Set(screen);
  const unknown = blocks.filter((_, i) => cached[i] === null);
  const page = costBound(unknown);
  const ask = page > settings.confirmAboveCredits || (settings.confirmPageTranslation && page > 0);
  // The balance is read (a request, free) only for the panel that shows it: a start without
  // the question does not wait for it.
  const known = (await knownBalance())?.credits ?? null;
  const balance = known ?? (ask ? ((await fetchAccount(60).catch(() => null))?.credits ?? null) : null);
  return {
    screen: costBound(blocks.filter((_, i) => onScreen.has(i) && cached[i] === null)),
    page,
    balance,
    threshold: settings.confirmAboveCredits,
    ask,
  };
}

/**
 * Translates blocks of a page: the cached ones at no cost, the rest batched into requests (in the
 * order given: the page sends the visible ones first) through the plan-aware scheduler. Nothing is
 * sent when it would cost more than `budget`, what the user agreed to for this page and has not
 * spent yet. A failed request leaves the other blocks translated and says why.
 */
export async function translatePageBlocks(target: string, blocks: readonly PageBlockInput[], budget: number): Promise<PageBlocksAnswer> {
  const language = targetLanguage(target);
  const { serviceUrl } = await getSettings();
  const translations = await lookUp(serviceUrl, language, blocks);
  const missing = blocks.flatMap((block, i) => (translations[i] === null ? [i] : []));
  const { batches, split } = planBatches(missing.map((i) => blocks[i]!), MAX_TRANSLATE_CHARS, FIRST_REQUEST_CHARS);
  const cost = batches.reduce((sum, batch) => sum + batch.cost, 0);
  const answer: PageBlocksAnswer = { translations, spent: 0, confirm: null, error: null };
  if (cost === 0) return answer;
  if (cost > budget) return { ...answer, confirm: cost };
  const known = await knownBalance();
  if (known?.fresh && !canAfford(cost, known.credits)) {
    return { ...answer, error: serializeError(new ServiceError('insufficientCredits', t('pageTranslateNoCredits', [formatNumber(cost), formatNumber(known.credits)]))) };
  }

  // A block sent in parts is put together once all its parts are back.
  const parts = new Map<number, string[]>();
  const stop = new AbortController();
  const finishBlock = async (local: number, text: string, exact: boolean) => {
    const index = missing[local]!;
    translations[index] = text;
    if (exact && text) await putCachedTranslation({ service: serviceUrl, text: blocks[index]!.text, source: blocks[index]!.source, target: language.code }, { translation: text, sourceLanguage: blocks[index]!.source, sourceName: '' }).catch(() => undefined);
  };
  const receive = async (batch: Batch, translation: string) => {
    const exact = splitBatchTranslation(batch, translation);
    const pieces = exact ?? mergedPieces(batch, translation);
    for (const [n, item] of batch.items.entries()) {
      const pieceOf = split.get(item.block);
      if (!pieceOf) {
        await finishBlock(item.block, pieces[n]!, exact !== null);
        continue;
      }
      const got = [...(parts.get(item.block) ?? []), pieces[n]!];
      parts.set(item.block, got);
      if (got.length === pieceOf.parts.length) await finishBlock(item.block, joinTranslations(got, pieceOf.separators).trim(), exact !== null);
    }
  };
  await Promise.all(
    batches.map(async (batch) => {
      try {
        const response = await sendBatch(batch, language, stop.signal);
        answer.spent += batch.cost;
        await noteCreditsSpent(batch.cost);
        await receive(batch, response);
      } catch (error) {
        if (mayHaveBeenCharged(error)) await noteUncertainCharge(serviceUrl);
        // The first failure stops what is still queued; what was sent finishes into the cache.
        answer.error ??= serializeError(error);
        stop.abort(error);
      }
    }),
  );
  if (answer.error?.kind === 'cancelled') answer.error = null;
  return answer;
}

async function sendBatch(batch: Batch, target: Language, signal: AbortSignal): Promise<string> {
  const source = batch.source ? languageByCode(batch.source) : undefined;
  const request = { text: batch.text, target_language: target.name, ...(source ? { source_language: source.name } : {}) };
  const response = await callService((client, abort) => trackPaidRequest(() => client.translate(request, { signal: abort })), {
    paid: true,
    priority: PAGE_PRIORITY,
    signal,
    label: 'page-translate',
  });
  return response.translation;
}

/**
 * When the service merged the paragraphs of a batch, they cannot be told apart: the whole
 * translation goes under the batch's first paragraph and the others get none (an empty text is
 * shown as nothing and not cached, so a later visit asks for them again, one by one if need be).
 */
function mergedPieces(batch: Batch, translation: string): string[] {
  return batch.items.map((_, n) => (n === 0 ? translation.trim() : ''));
}

async function lookUp(service: string, target: Language, blocks: readonly PageBlockInput[]): Promise<(string | null)[]> {
  const inputs = blocks.map((block) => ({ service, text: block.text, source: block.source, target: target.code }));
  const found = await getCachedTranslations(inputs).catch(() => blocks.map(() => null));
  return found.map((entry) => entry?.translation ?? null);
}

function targetLanguage(code: string): Language {
  const language = languageByCode(code);
  if (!language) throw new ServiceError('invalidRequest', t('translateUnsupported', code));
  return language;
}
