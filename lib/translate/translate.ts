import { isServiceError, ServiceError } from '../api/errors';
import { getCachedTranslation, putCachedTranslation, type CachedTranslation, type TranslationKeyInput } from './cache';
import { canAfford, translationCostOfParts } from './cost';
import { addHistory } from './history';
import { languageByCode, languageByName, type Language } from '../language';
import { joinTranslations, MAX_TRANSLATE_CHARS, splitForTranslation } from './split';
import { formatNumber, t } from '../i18n';

/** One request to the service's translate endpoint (language NAMES, as the contract wants). */
export interface TranslateRequest {
  text: string;
  target_language: string;
  source_language?: string;
}

/** The service's answer, as the API client returns it. */
export interface TranslateResponse {
  translation: string;
  source_language?: string;
  target_language?: string;
}

/** The last balance the background knows, and whether it can be trusted without asking again. */
export interface KnownBalance {
  credits: number;
  /** False when it was read too long ago, or credits were spent since by an unknown amount. */
  fresh: boolean;
}

/** What the translator needs from the background: the API client and the account's balance. */
export interface TranslatorDeps {
  /**
   * Sends one paid request. `signal` withdraws it only while it has not been sent; once sent it
   * runs to the end, so what is paid for lands in the cache.
   */
  translate(req: TranslateRequest, opts: { signal?: AbortSignal }): Promise<TranslateResponse>;
  /** Last known balance; null when unknown. */
  getBalance(): Promise<KnownBalance | null>;
  /**
   * Reads the balance from the service (a free call); null when that failed in a way a paid
   * request might not (it throws when the service cannot be reached or refuses the key).
   */
  refreshBalance(): Promise<number | null>;
  /** Lowers the last known balance after a paid request succeeded. */
  noteSpent(credits: number): Promise<void>;
  /** Longest text per request; default 5000. */
  maxChars?: number;
}

/** What the user asked to translate. Languages are codes. */
export interface TranslateInput {
  /** The configured service's address: translations are cached per service. */
  service: string;
  text: string;
  target: string;
  /** The source language when known; null or absent lets the service detect it. */
  source?: string | null;
  /** Stops what has not been sent yet (see TranslatorDeps.translate). */
  signal?: AbortSignal;
  /** Asked in a private window: cached in memory only, and not in the history. */
  inPrivate?: boolean;
  /** A translation costing more credits than this waits for the user's approval; absent: never asks. */
  confirmAbove?: number;
  /** Credits the user agreed to spend on this translation after being asked. */
  approvedCost?: number;
  /**
   * Credits a later request of the same action may still cost (the back-translation of what the
   * user wrote): counted in the figure asked about, not in the balance check of this one.
   */
  extraCost?: number;
  /** False: not added to the history (a piece of a text whose whole translation the asker records). */
  history?: boolean;
  /**
   * False: the translation is not cached (its parts past the length limit still are); the asker
   * caches it once it could use it (a glossary batch whose answer may not split into its pieces:
   * cached, that failure would be served again, free, on every retry).
   */
  cache?: boolean;
}

/** A finished translation, as the bubble shows it. */
export interface TranslationResult {
  status: 'translated';
  /** Translation of the text with its outer whitespace trimmed. */
  translation: string;
  sourceLanguage: string | null;
  sourceName: string;
  targetLanguage: string;
  /** Credits spent by this call: 0 when everything came from the cache. */
  cost: number;
  cached: boolean;
  balance: number | null;
}

/** Nothing was sent: the translation costs more than the user's threshold and needs their approval. */
export interface CostToConfirm {
  status: 'confirm';
  cost: number;
}

/** What asking for a translation gives: the translation, or the question to ask first. */
export type TranslationAnswer = TranslationResult | CostToConfirm;

/** The translation feature's core: cache, cost check, splitting, history. */
export interface Translator {
  translateText(input: TranslateInput): Promise<TranslationAnswer>;
  /**
   * Refuses (insufficientCredits, worded for the user) what the balance cannot pay for, read again
   * first when stale or short (a free call): for an asker that sends one text as several requests
   * (the glossary's batches) and must not pay for the first when the rest cannot be paid.
   */
  checkBalance(cost: number): Promise<void>;
}

/**
 * Creates the translator the background uses. Credits are only ever spent here on an explicit
 * request, never twice for the same text and languages (cache, per part too, so a retry after a
 * failure half-way pays only for what is missing), never when the balance is too low (checked
 * against the service when the known one is stale or short), and above the user's threshold only
 * once they approved the cost.
 */
export function createTranslator(deps: TranslatorDeps): Translator {
  // Requests in progress by (text, source, target): an identical second request (a double click,
  // the menu and the shortcut together, a reading's early request and its player) waits for the
  // first and is then served from the cache. If the first failed, that is the second's answer too:
  // sent again by itself, it would pay twice when the service charged and then failed (a retry is
  // the user's to ask for). Only a request withdrawn by its own asker is sent again for the other.
  const inFlight = new Map<string, Promise<unknown>>();
  return {
    async translateText(input) {
      const id = JSON.stringify([input.service, input.text.trim(), input.source ?? null, input.target]);
      for (let pending = inFlight.get(id); pending; pending = inFlight.get(id)) {
        try {
          await pending;
        } catch (error) {
          if (!withdrawn(error)) throw error;
        }
      }
      const run = translateOnce(deps, input);
      inFlight.set(id, run);
      try {
        return await run;
      } finally {
        if (inFlight.get(id) === run) inFlight.delete(id);
      }
    },
    checkBalance: (cost) => checkBalance(deps, cost),
  };
}

/** Given up by its asker (Stop, a closed tab): not an answer from the service. */
function withdrawn(error: unknown): boolean {
  return (isServiceError(error) && error.kind === 'cancelled') || (error instanceof Error && error.name === 'AbortError') || (error instanceof DOMException && error.name === 'AbortError');
}

/** One translation: cache, cost check, split, requests, join, cache and history. */
async function translateOnce(deps: TranslatorDeps, input: TranslateInput): Promise<TranslationAnswer> {
  const text = input.text.trim();
  if (!text) throw new ServiceError('invalidRequest', t('translateNoText'));
  const target = languageByCode(input.target);
  if (!target) throw new ServiceError('invalidRequest', t('translateUnsupported', input.target));
  // An unknown source (say a page's lang attribute we have no name for) is left to the service to detect.
  const source = input.source ? (languageByCode(input.source) ?? null) : null;
  const key = { service: input.service, source: source?.code ?? null, target: target.code };

  const whole = await getCachedTranslation({ text, ...key });
  const inPrivate = input.inPrivate === true;
  const noHistory = inPrivate || input.history === false;
  if (whole) return finish(deps, text, whole, target, 0, true, noHistory);

  const { parts, separators } = splitForTranslation(text, deps.maxChars ?? MAX_TRANSLATE_CHARS, source?.code);
  const known = await Promise.all(parts.map((part) => (parts.length > 1 ? getCachedTranslation({ text: part, ...key }) : null)));
  const cost = translationCostOfParts(parts.filter((_, i) => !known[i]));
  if (cost > 0) await checkBalance(deps, cost);
  const figure = cost + (cost > 0 ? (input.extraCost ?? 0) : 0);
  if (figure > (input.confirmAbove ?? Infinity) && figure > (input.approvedCost ?? 0)) return { status: 'confirm', cost: figure };

  const done: CachedTranslation[] = [];
  for (const [i, part] of parts.entries()) {
    input.signal?.throwIfAborted();
    done.push(known[i] ?? (await translatePart(deps, part, source, target, input.signal)));
    if (!known[i] && parts.length > 1) await remember({ text: part, ...key }, done[i]!, inPrivate);
  }
  const first = done[0]!;
  const result: CachedTranslation = {
    translation: joinTranslations(done.map((d) => d.translation), separators).trim(),
    sourceLanguage: first.sourceLanguage,
    sourceName: first.sourceName,
  };
  if (input.cache !== false) await remember({ text, ...key }, result, inPrivate);
  return finish(deps, text, result, target, cost, cost === 0, noHistory);
}

/**
 * Refuses a translation the balance cannot pay for. A balance that is stale or short is read again
 * first (a free call), so a user who just topped up is not refused on old figures.
 */
async function checkBalance(deps: TranslatorDeps, cost: number): Promise<void> {
  const known = await deps.getBalance();
  let credits = known?.credits ?? null;
  if (!known?.fresh || !canAfford(cost, credits)) credits = (await deps.refreshBalance()) ?? credits;
  if (!canAfford(cost, credits)) throw notEnoughCredits(cost, credits!);
}

async function translatePart(
  deps: TranslatorDeps,
  text: string,
  source: Language | null,
  target: Language,
  signal: AbortSignal | undefined,
): Promise<CachedTranslation> {
  const request: TranslateRequest = { text, target_language: target.name };
  if (source) request.source_language = source.name;
  const response = await deps.translate(request, signal ? { signal } : {});
  // Paid for now: note it at once, so the balance is right even if a later part fails.
  await deps.noteSpent(translationCostOfParts([text]));
  const named = response.source_language ? languageByName(response.source_language) : undefined;
  return {
    translation: response.translation,
    sourceLanguage: named?.code ?? source?.code ?? null,
    sourceName: named?.name ?? response.source_language ?? source?.name ?? '',
  };
}

async function finish(
  deps: TranslatorDeps,
  sourceText: string,
  entry: CachedTranslation,
  target: Language,
  cost: number,
  cached: boolean,
  noHistory: boolean,
): Promise<TranslationResult> {
  try {
    // A private window's translations are not remembered in the history.
    if (!noHistory) await addHistory({ sourceText, translation: entry.translation, sourceLanguage: entry.sourceLanguage, targetLanguage: target.code, cost });
  } catch {
    // History is a convenience; a full storage must not hide a translation already paid for.
  }
  const balance = (await deps.getBalance())?.credits ?? null;
  return { status: 'translated', ...entry, targetLanguage: target.code, cost, cached, balance };
}

async function remember(input: TranslationKeyInput, value: CachedTranslation, inMemory: boolean): Promise<void> {
  try {
    await putCachedTranslation(input, value, { inMemory });
  } catch {
    // Same as history: the translation was paid for and must still be shown.
  }
}

function notEnoughCredits(cost: number, balance: number): ServiceError {
  return new ServiceError('insufficientCredits', t(cost === 1 ? 'translateNoCreditsOne' : 'translateNoCredits', [formatNumber(cost), formatNumber(balance)]));
}
