import { browser } from 'wxt/browser';
import { makeServiceError, isServiceError, serializeError, ServiceError, type ServiceErrorKind } from '../api/errors';
import { createTranslator, type CostToConfirm, type TranslationResult } from '../translate/translate';
import { CHARS_PER_CREDIT, countCharacters } from '../translate/cost';
import { translationGrowthBound } from '../translate/growth';
import { t } from '../i18n';
import { defaultTargetLanguage } from '../language';
import { getSettings, updateSettings } from '../settings/items';
import { fetchAccount, knownBalance, noteCreditsSpent } from './account';
import { type BackTranslation, type TranslateAnswer } from '../messaging/protocol';
import { sendMessage } from '../messaging/send';
import { holdForConfirmation, takeConfirmed } from './spend/questions';
import { paidCall } from './spend/gateway';
import { retryNote, setWaitNote, slowNote, watchWait, type WaitWatch } from './wait-notes';
import { isPrivateTab } from './private-windows';
import { termsToProtect, type TermMatch } from '../glossary';
import type { Settings } from '../settings/schema';
import { guardedCost, translateGuarded, wholeKey } from './glossary-translation';
import { getCachedTranslation } from '../translate/cache';
import { translationCost } from '../translate/cost';
import { siteOfTab } from './tab-site';

/** Failures of the free account read that mean a translation cannot be sent either. */
const SERVICE_UNUSABLE = new Set<ServiceErrorKind>(['unauthorized', 'network', 'timeout']);

/** Translations the user asked for: priority over reading ahead, since someone is waiting. */
const translator = createTranslator({
  translate(request, { signal }) {
    // Through the one gateway for paid calls: cancelled only until sent, uncertain charges recorded.
    return paidCall((client, abort) => client.translate(request, { signal: abort }), {
      priority: 100,
      signal,
      onRetry: (signal ? waitWatches.get(signal) : undefined)?.onRetry,
    });
  },
  getBalance: () => knownBalance(),
  refreshBalance: () =>
    fetchAccount(100).then(
      (account) => account.credits,
      (error: unknown) => {
        // The translation would fail the same way: say so now rather than after trying it too.
        if (isServiceError(error) && SERVICE_UNUSABLE.has(error.kind)) throw error;
        return null;
      },
    ),
  noteSpent: noteCreditsSpent,
});

/** Who to tell why a translation takes long, by the signal its request carries. */
const waitWatches = new WeakMap<AbortSignal, WaitWatch>();

/** Requests a page may still withdraw, by the sender's tab and the page's own request id. */
const withdrawable = new Map<string, Set<AbortController>>();
const requestKey = (tabId: number | undefined, requestId: string) => `${tabId ?? 'extension'}:${requestId}`;

/** The target language to offer: the last one chosen, else the browser's language, else English. */
export async function currentTargetLanguage(): Promise<string> {
  return defaultTargetLanguage(browser.i18n.getUILanguage(), (await getSettings()).targetLanguage);
}

/** What a page or the popup asks to translate. */
export interface TranslateAsk {
  text: string;
  target: string;
  source?: string | null;
  /** Lets the asker withdraw it with cancelTranslation while nothing was sent. */
  requestId?: string;
  /** The question's token, once the user agreed to its cost (the answer was `confirm`). */
  agreed?: string;
  /** What the user wrote, translated into the language they write to: the target they read in stays. */
  written?: boolean;
  /** A sample tried out (the welcome page's): its target is not remembered as the user's choice. */
  sample?: true;
}

/** What the pending-action store calls a translation waiting for the user's agreement to its cost. */
const TRANSLATE_KIND = 'translate';

/** What a translation's question was about: agreeing covers this text, these languages, this asker. */
interface TranslateQuestion {
  tabId: number | null;
  text: string;
  target: string;
  source: string | null;
}

/**
 * The credits the user agreed to for this very translation, from the question's token (once; the
 * asker's tab and the text and languages must be the question's). Anything else says it expired.
 */
async function agreedCredits(token: string, question: TranslateQuestion): Promise<number> {
  const pending = await takeConfirmed(token, question.tabId);
  const asked = pending?.kind === TRANSLATE_KIND ? (pending.request as TranslateQuestion) : null;
  const same = asked && asked.text === question.text && asked.target === question.target && asked.source === question.source;
  if (!pending || !same) throw new ServiceError('invalidRequest', t('confirmExpired'));
  return pending.credits;
}

/**
 * Translates text the user chose, and remembers the target as their choice for next time (not for
 * what they wrote: that goes into the language they write to, kept per site). Above
 * the user's threshold nothing is sent: the answer asks for approval of the cost.
 */
export async function translate(ask: TranslateAsk, tabId?: number, frameId = 0): Promise<TranslateAnswer> {
  // Asked for ahead under this id (translateAhead): that request's answer is this one's, with what
  // it cost (this action's figure), not a free copy from the cache.
  const key = ask.requestId === undefined ? null : requestKey(tabId, ask.requestId);
  const early = key ? aheadAnswers.get(key) : undefined;
  if (key && early && early.text === ask.text && early.target === ask.target && ask.agreed === undefined) {
    aheadAnswers.delete(key);
    // Its failure is this request's too (a service that charged and failed is not paid twice), and
    // so is its withdrawal: only this request's asker withdraws under its id. Above the threshold
    // nothing was sent, and the question is asked below.
    const got = await early.answer;
    if (got.status === 'translated') return got;
  }
  return (await answer(ask, tabId, frameId, true)) as TranslateAnswer;
}

/** Answers of requests asked for ahead, by their key, for the bubble's request that takes them over (kept a minute at most). */
const aheadAnswers = new Map<string, { text: string; target: string; answer: Promise<TranslateAnswer | CostToConfirm> }>();
const AHEAD_KEPT_MS = 60_000;

/**
 * The translation a page's bubble is about to ask for under `requestId` (what the user wrote, read
 * by the written-text probe at the shortcut), asked for by the worker first so it leaves while the
 * page script starts: the bubble's own request then joins it (the translator's requests in flight)
 * or finds it in the cache, and the bubble's withdrawal withdraws both. Never asks: a translation
 * above the user's threshold is not sent, and the bubble asks about it as always. Never fails.
 */
export async function translateAhead(ask: TranslateAsk & { requestId: string }, tabId: number, frameId: number): Promise<void> {
  const key = requestKey(tabId, ask.requestId);
  const answered = answer(ask, tabId, frameId, false);
  aheadAnswers.set(key, { text: ask.text, target: ask.target, answer: answered });
  setTimeout(() => aheadAnswers.get(key)?.answer === answered && aheadAnswers.delete(key), AHEAD_KEPT_MS);
  await answered.catch(() => undefined);
}

/** A translation, or the question about its cost: held for the user's agreement (`hold`), or only said (nothing sent either way). */
async function answer(ask: TranslateAsk, tabId: number | undefined, frameId: number, hold: boolean): Promise<TranslateAnswer | CostToConfirm> {
  const { requestId, agreed, written, sample, ...input } = ask;
  const question: TranslateQuestion = { tabId: tabId ?? null, text: input.text, target: input.target, source: input.source ?? null };
  const key = requestId === undefined ? null : requestKey(tabId, requestId);
  // Registered before the first await: a cancel sent right after this request finds it.
  const controller = new AbortController();
  if (key) withdrawable.set(key, (withdrawable.get(key) ?? new Set()).add(controller));
  // Whoever asked hears why it waits (a retry coming, a service slower than usual): a page in its
  // bubble, the popup through the wait notes it watches.
  const tell =
    requestId === undefined
      ? undefined
      : tabId !== undefined
        ? (message: string) => void sendMessage('pageTranslateWait', { requestId, message }, { tabId, frameId }).catch(() => undefined)
        : (message: string) => void setWaitNote(`translate:${requestId}`, message).catch(() => undefined);
  const watch = tell && watchWait({ retry: (error, delayMs) => tell(retryNote(error, delayMs)), slow: () => tell(slowNote()) });
  if (watch) waitWatches.set(controller.signal, watch);
  try {
    const settings = await getSettings();
    const approvedCost = agreed === undefined ? undefined : await agreedCredits(agreed, question);
    const inPrivate = await isPrivateTab(tabId);
    // What the user wrote comes back into their own language too, to check it (when they want it).
    const reading = written && settings.writeBack ? await currentTargetLanguage() : null;
    const back = reading !== null && reading !== input.target ? reading : null;
    const asked = {
      ...input,
      service: settings.serviceUrl,
      signal: controller.signal,
      // Asked in a private window (the popup: the window it was opened in): nothing of it on disk.
      inPrivate,
      confirmAbove: settings.confirmAboveCredits,
      ...(approvedCost === undefined ? {} : { approvedCost }),
      // The figure asked about covers the way back, at the longest the translation may come.
      ...(back ? { extraCost: backCostBound(input.text, back, input.target) } : {}),
    };
    // The user's glossary terms in it are kept exact (its figure counts what that sends); none: as any text.
    const matches = await glossaryMatches(settings, input.text, input.source ?? null, input.target, tabId);
    const answer = matches.length
      ? await translateGuarded(translator, { ...asked, matches, balance: async () => (await knownBalance())?.credits ?? null })
      : await translator.translateText(asked);
    // Above the threshold: nothing was sent; the worker keeps what the figure covers until the user agrees.
    if (answer.status === 'confirm') {
      if (!hold) return answer;
      return { ...answer, token: await holdForConfirmation(TRANSLATE_KIND, question, answer.cost), ...(back ? { backTo: back } : {}) };
    }
    if (!written && !sample && settings.targetLanguage !== input.target) await updateSettings({ targetLanguage: input.target });
    const checked = back ? await withBack(answer, back, (approvedCost ?? settings.confirmAboveCredits) - answer.cost, tabId, inPrivate, controller.signal) : answer;
    // The balance is shown with every translation. It is known once the service was set up or
    // checked before paying; only when neither happened does this ask, after the charge.
    if (checked.balance === null) {
      const account = await fetchAccount(50).catch(() => null);
      if (account) return { ...checked, balance: account.credits };
    }
    return checked;
  } finally {
    watch?.stop();
    if (requestId !== undefined && tabId === undefined) void setWaitNote(`translate:${requestId}`, null).catch(() => undefined);
    const waiting = key ? withdrawable.get(key) : undefined;
    waiting?.delete(controller);
    if (key && waiting?.size === 0) withdrawable.delete(key);
  }
}

/**
 * The glossary terms a translation of `text` into `target` must keep exact: the entries for the
 * text's language (when known) and for the asker's site (its tab's page), found in the trimmed text.
 */
async function glossaryMatches(settings: Settings, text: string, source: string | null, target: string, tabId: number | undefined): Promise<TermMatch[]> {
  // Entries that only say how to say a word leave translation alone: no look at the tab for them.
  if (!settings.glossary.some((e) => e.translate.mode !== 'free')) return [];
  // The PDF reader's site is its document's (as page translation takes it).
  return termsToProtect(text.trim(), settings.glossary, { language: source, site: tabId === undefined ? null : await siteOfTab(tabId), target });
}

/**
 * The most the back-translation of `text`'s translation into `into` can cost: its translation may
 * come back longer than it (translationGrowthBound, from the language the user reads into the one
 * they write to).
 */
function backCostBound(text: string, reading: string, into: string): number {
  return Math.ceil((countCharacters(text.trim()) * translationGrowthBound(reading, into)) / CHARS_PER_CREDIT);
}

/**
 * The translation of what the user wrote, translated back into the language they read
 * (`reading`), within the `budget` of credits left of what they agreed to for both (their
 * threshold, or the figure they agreed to). Costing more (a service that answered longer than any
 * translation runs) it is not sent: the answer holds the question for it. Its failure is the
 * answer's, not the translation's, which is paid for and shown.
 */
async function withBack(
  forward: TranslationResult,
  reading: string,
  budget: number,
  tabId: number | undefined,
  inPrivate: boolean,
  signal: AbortSignal,
): Promise<TranslationResult & { back: BackTranslation }> {
  const text = forward.translation;
  const source = forward.targetLanguage;
  try {
    const settings = await getSettings();
    const answer = await translator.translateText({ service: settings.serviceUrl, text, target: reading, source, signal, inPrivate, confirmAbove: Math.max(0, budget) });
    if (answer.status === 'confirm') {
      const token = await holdForConfirmation(TRANSLATE_KIND, { tabId: tabId ?? null, text, target: reading, source } satisfies TranslateQuestion, answer.cost);
      return { ...forward, back: { status: 'confirm', cost: answer.cost, token, target: reading, source } };
    }
    const back = { status: 'translated', translation: answer.translation, target: reading, cost: answer.cost, cached: answer.cached } as const;
    return { ...forward, balance: answer.balance ?? forward.balance, back };
  } catch (error) {
    if (signal.aborted) throw error;
    return { ...forward, back: { status: 'failed', error: serializeError(error) } };
  }
}

/**
 * Withdraws a translation the asker no longer wants (the user chose another language, or closed
 * the bubble): what is not sent yet is dropped; a request already sent finishes into the cache.
 */
export function cancelTranslation(requestId: string, tabId?: number): void {
  for (const controller of withdrawable.get(requestKey(tabId, requestId)) ?? []) controller.abort(makeServiceError('cancelled'));
}

/**
 * What translateWithConsent will pay for `text` now, for the figure of the action that asks for it:
 * 0 when it is cached (`cached`: that translation), else its price, the glossary's terms protected
 * (those for the page of tab `tabId`) as it sends them.
 */
export async function translationQuote(text: string, target: string, tabId: number | null): Promise<{ cost: number; cached: string | null }> {
  const settings = await getSettings();
  const matches = await glossaryMatches(settings, text, null, target, tabId ?? undefined);
  const trimmed = text.trim();
  const key = matches.length ? wholeKey(settings.serviceUrl, trimmed, null, target, matches) : { service: settings.serviceUrl, text, source: null, target };
  const cached = (await getCachedTranslation(key).catch(() => null))?.translation ?? null;
  return { cached, cost: cached !== null ? 0 : matches.length ? guardedCost(trimmed, matches, null) : translationCost(text) };
}

/** How translateWithConsent asks: every field may be left out. */
export interface ConsentOptions {
  /** Withdraws the translation when it is not needed any more (not sent yet: never sent). */
  signal?: AbortSignal;
  /** The asking action is a private window's (cached in memory only, not in the history). Default false. */
  inPrivate?: boolean;
  /** The tab whose page's glossary entries apply (null, the default: those for no site only). */
  tabId?: number | null;
  /**
   * The language the text is written in when the asker knows it (entries for that language apply,
   * and it is kept under it, as the page translation keeps its paragraphs); null, the default: the service detects it.
   */
  source?: string | null;
}

/**
 * A translation another paid action asked for, through the same cache and gateway: `approved`
 * credits the user agreed to in that action's question, or null when its figure was within their
 * threshold (a translation above it is then refused, never sent). The glossary's terms are kept
 * exact (those for the page of the options' tab, when given), as translationQuote prices it.
 */
export async function translateWithConsent(
  text: string,
  target: string,
  approved: number | null,
  { signal, inPrivate = false, tabId = null, source = null }: ConsentOptions = {},
): Promise<TranslationResult> {
  const settings = await getSettings();
  const input = {
    service: settings.serviceUrl,
    text,
    target,
    source,
    inPrivate,
    ...(signal ? { signal } : {}),
    confirmAbove: settings.confirmAboveCredits,
    ...(approved === null ? {} : { approvedCost: approved }),
  };
  const found = await glossaryMatches(settings, text, source, target, tabId ?? undefined);
  // Never past what was agreed to: a figure made without the glossary (priced as the whole text) that
  // its pieces would pass (terms amid unspaced script) gets the text translated as it is.
  const matches = approved !== null && found.length && guardedCost(text.trim(), found, source) > approved ? [] : found;
  const answer = matches.length ? await translateGuarded(translator, { ...input, matches, balance: async () => (await knownBalance())?.credits ?? null }) : await translator.translateText(input);
  if (answer.status === 'confirm') throw new ServiceError('invalidRequest', t('confirmExpired'));
  return answer;
}
