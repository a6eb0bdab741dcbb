import { makeServiceError } from '../api/errors';
import { assemble, batchPieces, glossaryKeyPart, joinBatch, planProtection, protectionFigure, splitBatch, type TermMatch } from '../glossary';
import { t } from '../i18n';
import { languageByCode } from '../language';
import { getCachedTranslation, putCachedTranslation, type CachedTranslation, type TranslationKeyInput } from '../translate/cache';
import { CHARS_PER_CREDIT, translationCostOfParts } from '../translate/cost';
import { addHistory } from '../translate/history';
import { MAX_TRANSLATE_CHARS, splitForTranslation } from '../translate/split';
import type { TranslateInput, TranslationAnswer, TranslationResult, Translator } from '../translate/translate';

/**
 * A translation with the user's glossary terms in it (issue 40): the text around the terms is
 * translated (its pieces batched as lib/glossary says, each batch one request through the
 * translator, so through the one gateway and its cache), and the terms are written back by us.
 *
 * Money: the figure asked about is what will be sent, request by request (`protectionFigure`),
 * less the batches already cached, checked against the balance before the first is sent; nothing
 * is paid twice: each batch is cached by its own text once its answer splits into its pieces (a
 * glossary change that leaves the text around the terms as it was costs nothing), and the whole
 * translation by its text and `glossaryKeyPart` (the terms that matched, where, and what is shown
 * for them: a change elsewhere in the glossary keeps it).
 */

/** What translateGuarded needs of the asker: the translator's input, with the terms found in its trimmed text. */
export interface GuardedInput extends TranslateInput {
  /** The terms to protect in `text.trim()`, as `termsToProtect` gives them; not empty. */
  matches: readonly TermMatch[];
  /** The last known balance, for the answer. */
  balance: () => Promise<number | null>;
}

/** The whole protected translation's cache key: the translator's, with the glossary's part beside the source language (page translation's too). */
export function wholeKey(service: string, text: string, source: string | null, target: string, matches: readonly TermMatch[]): TranslationKeyInput {
  // Never a language code, so it never meets a translation made without these terms.
  return { service, text, source: `${source ?? 'auto'}|${glossaryKeyPart(matches)}`, target };
}

/** Credits one batch costs, as the translator sends it (one request; split like any text past its limit). */
function batchCost(characters: number, text: string, source: string | null): number {
  return characters <= MAX_TRANSLATE_CHARS ? Math.ceil(characters / CHARS_PER_CREDIT) : translationCostOfParts(splitForTranslation(text, MAX_TRANSLATE_CHARS, source ?? undefined).parts);
}

/**
 * The most a protected translation of `text` (trimmed) costs with nothing cached: its batches as
 * translateGuarded sends them. For a figure asked about before another paid action (a selection
 * heard in another language) translates it.
 */
export function guardedCost(text: string, matches: readonly TermMatch[], source: string | null): number {
  const plan = planProtection(text, matches);
  const figure = protectionFigure(text, matches);
  return batchPieces(plan.pieces).reduce((sum, indexes, i) => sum + batchCost(figure.protected.requestCharacters[i]!, joinBatch(indexes.map((n) => plan.pieces[n]!)), source), 0);
}

/** Cache reads are a saving, never a failure. */
const cached = (key: TranslationKeyInput) => getCachedTranslation(key).catch(() => null);

/** The translation of `input.text` with its matched terms exactly as the glossary says, or the question about its cost. */
export async function translateGuarded(translator: Translator, input: GuardedInput): Promise<TranslationAnswer> {
  const text = input.text.trim();
  const target = languageByCode(input.target);
  // Unknown target: the translator says why, as for any text.
  if (!target) return translator.translateText(input);
  const source = input.source ? (languageByCode(input.source) ?? null) : null;
  const inPrivate = input.inPrivate === true;
  const key = wholeKey(input.service, text, source?.code ?? null, target.code, input.matches);

  const whole = await cached(key);
  if (whole) return done(text, whole, target.code, 0, true, inPrivate, await input.balance());

  const plan = planProtection(text, input.matches);
  const batches = batchPieces(plan.pieces).map((indexes) => ({ indexes, text: joinBatch(indexes.map((i) => plan.pieces[i]!)) }));
  const figure = protectionFigure(text, input.matches);
  const pieceKey = (batchText: string) => ({ service: input.service, text: batchText, source: source?.code ?? null, target: target.code });
  const known = await Promise.all(batches.map((b) => cached(pieceKey(b.text))));
  const cost = batches.reduce((sum, b, i) => sum + (known[i] ? 0 : batchCost(figure.protected.requestCharacters[i]!, b.text, source?.code ?? null)), 0);
  // The whole text's batches against the balance before the first is sent (a free read when stale
  // or short), as any translation is checked: never the first batch paid and the rest refused.
  if (cost > 0) await translator.checkBalance(cost);
  const asked = cost + (cost > 0 ? (input.extraCost ?? 0) : 0);
  if (asked > (input.confirmAbove ?? Infinity) && asked > (input.approvedCost ?? 0)) return { status: 'confirm', cost: asked };

  const translations: string[] = [];
  let spent = 0;
  let balance: number | null = null;
  let first: TranslationResult | null = null;
  for (const batch of batches) {
    input.signal?.throwIfAborted();
    // Within the figure just shown: the translator never asks again, and keeps it out of the history (the whole text goes there).
    // Cached by us once it splits into its pieces: a batch answer that does not is a failure, and a
    // failure is never cached (served again from the cache, every retry would fail, even at 0 credits).
    const answer = await translator.translateText({ service: input.service, text: batch.text, target: target.code, source: source?.code ?? null, inPrivate, history: false, cache: false, ...(input.signal ? { signal: input.signal } : {}) });
    if (answer.status !== 'translated') throw makeServiceError('badResponse', { reason: t('reasonIncomplete') });
    first ??= answer;
    spent += answer.cost;
    balance = answer.balance;
    const split = batch.indexes.length === 1 ? [answer.translation.trim()] : splitBatch(answer.translation, batch.indexes.length);
    // Paid for, and not one translation per piece: shown as an answer we could not use, never half a text.
    if (!split) throw makeServiceError('badResponse', { reason: t('reasonIncomplete'), mayBeCharged: true });
    if (!answer.cached) {
      const usable: CachedTranslation = { translation: answer.translation, sourceLanguage: answer.sourceLanguage, sourceName: answer.sourceName };
      await putCachedTranslation(pieceKey(batch.text), usable, { inMemory: inPrivate }).catch(() => undefined);
    }
    batch.indexes.forEach((index, i) => (translations[index] = split[i]!));
  }
  const result: CachedTranslation = {
    translation: assemble(plan, translations, target.code),
    sourceLanguage: first?.sourceLanguage ?? source?.code ?? null,
    sourceName: first?.sourceName ?? source?.name ?? '',
  };
  await putCachedTranslation(key, result, { inMemory: inPrivate }).catch(() => undefined);
  return done(text, result, target.code, spent, spent === 0, inPrivate, balance ?? (await input.balance()));
}

async function done(sourceText: string, entry: CachedTranslation, target: string, cost: number, isCached: boolean, inPrivate: boolean, balance: number | null): Promise<TranslationResult> {
  // A private window's translations are not remembered in the history; a full storage hides nothing paid for.
  if (!inPrivate) await addHistory({ sourceText, translation: entry.translation, sourceLanguage: entry.sourceLanguage, targetLanguage: target, cost }).catch(() => undefined);
  return { status: 'translated', ...entry, targetLanguage: target, cost, cached: isCached, balance };
}
