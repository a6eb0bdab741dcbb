import { browser } from 'wxt/browser';
import { ServiceError } from '../../api/errors';
import type { ReadStart } from '../../messaging/protocol';
import { getSettings } from '../../settings/items';
import { chunkOfSentence } from '../../player/sentence-position';
import { chunkAsked, type PlannedChunk, type SpeechParams } from '../../player/contract';
import type { Settings } from '../../settings/schema';
import { estimateReading, listenCostWords, markParagraphs, planForListening } from './modes';
import { opensInReadingVoice, sentenceVoices, splitByVoice } from './paragraph-voices';
import { ownLanguageText } from './own-language';
import { leftOutChars, speechMarks, type CleanupRules } from '../../speech/clean';
import type { TextMark } from '../../text-marks';
import { leftOutItem } from '../../settings/cache-items';
import { noteLanguageMet } from '../../settings/languages-met';
import { learnedPrice } from '../speech-price';
import { firstRequestOf, prepareFirstHead, type SpeechFit } from '../../speech/chunk';
import { firstLeavesAnyway } from './early-first';
import { formatNumber, t } from '../../i18n';
import { setBadge } from '../badge';
import { tellPage } from '../page-link';
import { confirmThreshold, describeEstimate, holdForConfirmation } from '../spend/questions';
import { endFetches, isFetching } from './audio-fetch';
import { doneStarting, noteReadingBegun, refuseIfWithdrawn, withdrawStarting } from './begun';
import { capReadingText } from './cap';
import { stopCurrent } from './control';
import { fetchChunkForPlayer, playerHost } from './host';
import { estimateAfterFirstRequest } from './first-price';
import { planStartingAt } from './plan';
import { heardAsSaid, speechFitOf, textAsSaid } from './said';
import type { HereFirst } from './here-first';
import { tellResumed } from './resume';
import { chooseSpeechParams } from './speech-params';
import { tellPagePlayer } from './page-player';
import { lastErrorItem, rememberAsked, sessionItem, withReading, type ReadingSession, type ReadRequest } from './session';

export type { ReadRequest } from './session';

/** What was done for a reading before it was planned (a reading "from here" sends its first request at the click: here-first.ts). */
export interface SentAtClick {
  /** The reading's id, under which that request was sent. */
  sessionId?: string;
  /** That request. */
  first?: HereFirst | null;
}

const sameVoice = (a: SpeechParams, b: SpeechParams) => a.voiceId === b.voiceId && a.language === b.language && a.speed === b.speed && a.format === b.format;

/**
 * How far ahead of what is heard a reading heard in another language fetches: the next chunk, and
 * what starts within 10 s (a title or a short sentence would not give the next one time to come).
 */
const HEARD_TRANSLATED_AHEAD = { minAhead: 1, horizonSec: 10 };

/** Characters from which a reading started on a page says up front what it will cost. */
const ANNOUNCE_COST_FROM_CHARS = 1000;

/**
 * Starts reading a text aloud, replacing any reading under way (one at a time); or, when its cost
 * is above the user's threshold and they have not agreed yet, asks them (on the page, or through
 * the answer to the popup) and sends nothing.
 */
export async function startReading(request: ReadRequest, sent: SentAtClick = {}): Promise<ReadStart> {
  if (!request.text.trim()) {
    throw new ServiceError('invalidRequest', t('readingNoText'));
  }
  const sessionId = sent.sessionId ?? crypto.randomUUID();
  // It replaces any reading under way, those still starting too (what they asked for is dropped).
  withdrawStarting({ keep: sessionId });
  try {
    return await startWithdrawable(sessionId, request, sent);
  } finally {
    doneStarting(sessionId);
  }
}

/**
 * startReading's work, from its settings to its player; Stop, the tab closing or a new reading
 * withdraw it at any step (begun.ts): it then ends, sends nothing more and starts nothing.
 */
async function startWithdrawable(sessionId: string, request: ReadRequest, sent: SentAtClick): Promise<ReadStart> {
  const settings = await getSettings();
  // How it is heard and what it leaves out, as the figure the user agrees to was worked out with
  // (kept in the request a question or a Retry carries; else the settings now).
  const listen = request.listen ?? settings.listen;
  const cleanup = request.cleanup ?? settings.cleanup;
  // A text read as written in the language found for it may have paragraphs in other languages,
  // read in voices of theirs (a language or voice chosen for the text is kept throughout).
  const voicesByParagraph = request.translateTo === undefined && !request.language && !request.voiceId;
  // Its own language is found in what the page does not declare in another (own-language.ts).
  const params = await chooseSpeechParams(voicesByParagraph ? ownLanguageText(request.text, request.marks) : request.text, request, settings);
  const inPrivate = await noteReadingBegun(sessionId, request.tabId, request.translateTo, request.sourceLanguage || null);
  const capped = capReadingText(request.text);
  // Already agreed to: the first sentence leaves now, before a long text is planned (it is found
  // from the text's start alone); the player's ask for it joins this request.
  // (Not for a reading heard sentence by sentence in another language: its first request is its first sentence's.)
  const bySentence = request.translateTo !== undefined && listen.mode !== 'translation';
  // (Nor when such a text opens with a paragraph in another language: its voice is known once planned.)
  // Each request fits the service's limit as it is sent: translated (then said as the glossary says), or with the user's pronunciations.
  const heardIn = request.translateTo ? await heardAsSaid(sessionId, { source: request.sourceLanguage || null, target: request.translateTo }, params.language, settings) : undefined;
  const fit = await speechFitOf(sessionId, params.language, settings, heardIn);
  // (Nor for one held to what is left of a figure: its whole figure is known first. Not agreed to
  // yet: only when the reading stays within the user's threshold whatever its plan, so that its
  // first request would leave without a question anyway; heard as written only.)
  const head =
    request.agreedUpTo === undefined && !bySentence && !request.startOffset && !request.startSentence && (request.confirmed || request.translateTo === undefined)
      ? prepareFirstHead(capped.text, params.language, { cleanup, marks: request.marks, ...fit })
      : null;
  const first = head && firstRequestOf(head);
  // (Both asked at once: each waits on the browser, storage or its language detector.)
  const early =
    first &&
    (
      await Promise.all([
        request.confirmed || earlyWithinThreshold(first, capped.text, voicesByParagraph, request.marks, fit, params, settings.serviceUrl),
        !voicesByParagraph || opensInReadingVoice(capped.text, params.language, request.marks),
      ])
    ).every(Boolean)
      ? first
      : null;
  // The player gets ready once it has left (getting it ready sooner slows the request on 2 cores);
  // the rest is planned once it has left too: planning a long text (and finding each paragraph's
  // language) would hold its way out on the worker's thread.
  if (early) await leftOrLate(askEarly(sessionId, { text: early, index: 0 }, params, preparePlayer));
  refuseIfWithdrawn(sessionId);
  // A short text (within FIRST_REQUEST_WINDOW) was prepared whole for its first request: it is not prepared again.
  const planned = { sessionId, text: capped.text, title: request.title, params, cleanup, marks: request.marks, fit, ...(head?.whole ? { prepared: head } : {}) };
  // Started later in the text: the usual chunks when their audio is bought already (never twice).
  const start = request.startOffset === undefined ? { sentence: request.startSentence } : { offset: request.startOffset };
  const { plan: written, sentences, startSentence } = await planStartingAt(planned, start, settings.serviceUrl, isFetching, sent.first?.text);
  // Heard in another language: as the user chose (the translation only, with the original, or a
  // learner's way), each paragraph translated on its own as the page translation does. Heard as
  // written: a paragraph clearly in another language with the user's voice for that one.
  // (It fetches about one request ahead of what is heard: each chunk's translation is paid with its speech.)
  const plan = request.translateTo
    ? { ...(await planForListening(markParagraphs(written, capped.text, sentences), listen, () => originalVoice(request, settings))), fetchAhead: HEARD_TRANSLATED_AHEAD }
    : voicesByParagraph
      ? splitByVoice(written, await sentenceVoices(capped.text, sentences, params.language, (language) => voiceOfLanguage(language, settings), request.marks))
      : written;
  // Only what is read from the start on is paid for (and asked about); the chunks before it wait for a jump back.
  const ahead = plan.chunks.slice(chunkOfSentence(plan.chunks, startSentence));
  if (sent.first && (sent.first.text !== ahead[0]!.text || !sameVoice(sent.first.params, chunkAsked(params, ahead[0]!).params))) {
    // Paid and not heard: the page's paragraph and its article disagreed (here-first.ts says when this is sent).
    console.warn('Voxlate: the request sent at the click is not the reading\'s first.');
  }
  refuseIfWithdrawn(sessionId);
  const threshold = await confirmThreshold();
  // Heard in another language, the translation of what is heard translated is paid too.
  let estimate = await estimateReading(ahead, params, threshold, heardIn, (text, language) => textAsSaid(sessionId, text, language));
  // Above the threshold only at the cautious price: the first sentence (below it) tells the real one
  // (not when a translation is paid with it: the balance would not tell the price of speech).
  const slowNote = () => {
    if (request.tabId !== null) void tellPage(request.tabId, 0, { type: 'pageNotice', tone: 'info', message: t('waitSlow') }).catch(() => undefined);
  };
  const learned =
    !request.confirmed && !request.translateTo && estimate.credits > threshold && !estimate.learned ? await estimateAfterFirstRequest(sessionId, ahead, params, threshold, slowNote) : null;
  if (learned) estimate = learned;
  refuseIfWithdrawn(sessionId);
  // Held to what is left of a figure agreed to: asked again above it.
  const limit = request.agreedUpTo ?? (request.confirmed ? Infinity : threshold);
  const ask = estimate.credits > limit;
  // Ask for the first sentence now, while the page gets ready and the player starts: it joins
  // this request when it asks. Nothing above the threshold leaves before the user agrees.
  if (!ask && early !== ahead[0]!.text) void askEarly(sessionId, ahead[0]!, params, early ? undefined : preparePlayer);
  const onPage = await pageReady(request.pageReady, sessionId);
  // Stopped meanwhile: no question is asked, nothing is started.
  refuseIfWithdrawn(sessionId);
  if (ask) {
    // Once agreed, it is agreed: its answer starts it whatever was left of the earlier figure.
    const { pageReady: _ready, agreedUpTo: _upTo, ...asked } = request;
    const token = await holdForConfirmation('read', { ...asked, listen, cleanup }, estimate.credits);
    if (request.tabId !== null) {
      const cost = describeEstimate(estimate);
      // Heard in another language: the first screen's figure and the whole page's.
      const words = heardIn ? await listenCostWords(heardIn, ahead, params, estimate) : null;
      await tellPage(request.tabId, 0, {
        type: 'pageNotice',
        tone: 'info',
        message: words
          ? t('listenPageConfirmNotice', [words.language, words.first, words.whole, formatNumber(threshold)])
          : request.agreedUpTo !== undefined
            ? t('readingConfirmAgreedNotice', [cost, formatNumber(limit)])
            : t(learned ? 'readingConfirmRestNotice' : 'readingConfirmNotice', [cost, formatNumber(threshold)]),
        confirm: { token, label: words ? t('listenPageConfirmLabel', [words.language, words.whole]) : t('readingConfirmLabel', cost) },
      });
    }
    return { confirm: { ...estimate, limit, token } };
  }
  const readChars = request.text.length - (sentences[startSentence]?.[0] ?? 0);
  if (request.tabId !== null && (capped.cut || (!request.confirmed && readChars >= ANNOUNCE_COST_FROM_CHARS))) {
    const cost = describeEstimate(estimate);
    const words = heardIn && !capped.cut ? await listenCostWords(heardIn, ahead, params, estimate) : null;
    const message = words
      ? t('listenPageCostNotice', [words.language, words.first, words.whole])
      : capped.cut
        ? t('readingCostNoticeCut', [cost, capped.cut])
        : t('readingCostNotice', cost);
    void tellPage(request.tabId, 0, { type: 'pageNotice', tone: 'info', message, timeoutMs: capped.cut ? 12_000 : 6000 });
  }
  // Kept for a Retry should the service fail it (written before any of its answers can come).
  void rememberAsked(sessionId, { ...request, listen, cleanup }).catch(() => undefined);
  // The language it is read in: the options offer a voice for the languages the user reads (not a private window's).
  if (!inPrivate) void noteLanguageMet(params.language).catch(() => undefined);
  // What it leaves out (citation markers) is never sent: counted for the options (not a private window's).
  if (!request.retried && !inPrivate) void noteLeftOut(capped.text, sentences[startSentence]?.[0] ?? 0, request.marks, cleanup, settings, params.format).catch(() => undefined);
  const started = await withReading(async () => {
    // Stopped, replaced or its tab closed while it was starting: nothing is started or bought for it.
    refuseIfWithdrawn(sessionId);
    if (request.tabId !== null && !(await browser.tabs.get(request.tabId).catch(() => null))) {
      endFetches(sessionId);
      throw new ServiceError('cancelled', t('readingStopped'));
    }
    await stopCurrent();
    await lastErrorItem.setValue(null);
    const session: ReadingSession = {
      plan,
      sentences: request.highlight === false || !onPage ? [] : sentences,
      tabId: request.tabId,
      frameId: request.frameId,
      position: null,
      ...(request.page ? { page: request.page } : {}),
      ...(request.translateTo ? { translateTo: request.translateTo } : {}),
      ...(request.translateTo && request.sourceLanguage ? { translateFrom: request.sourceLanguage } : {}),
      ...(startSentence > 0 ? { startSentence } : {}),
    };
    await sessionItem.setValue(session);
    await setBadge('loading');
    // The page gets its player (and the reading's map) now, while the audio is on its way: the
    // first sentence is lit, and the player there, as soon as it is heard. Done before the
    // player's first report is followed (this section holds them), so it is set up once.
    const pagePlayerShown = onPage ? tellPagePlayer(session, { sessionId, status: 'loading', sentence: startSentence, chunk: 0, elapsedSec: 0 }) : null;
    try {
      await playerHost().start(plan, startSentence);
      await pagePlayerShown;
    } catch (error) {
      // Nothing half-started: no session, badge or request is left behind.
      await stopCurrent();
      throw error;
    }
    return { sessionId };
  });
  // A page read again goes on from where the user stopped last time, and says so (asked about first or not).
  if (request.page && startSentence > 0 && request.tabId !== null && !request.retried) await tellResumed(request.tabId, sessionId, startSentence, plan.sentenceCount);
  return started;
}

/** Adds what a reading leaves out before paying to the options' count, in characters and (at the price learned) credits. */
async function noteLeftOut(
  text: string,
  from: number,
  marks: readonly TextMark[] | undefined,
  cleanup: CleanupRules,
  settings: Settings,
  format: SpeechParams['format'],
): Promise<void> {
  const chars = leftOutChars(text, cleanup, speechMarks(text.length, marks), from);
  if (!chars) return;
  const price = await learnedPrice(settings.serviceUrl, format);
  const credits = price && price.chars > 0 ? (chars * price.credits) / price.chars : 0;
  const before = await leftOutItem.getValue();
  await leftOutItem.setValue({ chars: before.chars + chars, credits: before.credits + credits });
}

/** Waits for the page a reading comes from; if it cannot be reached, the reading's requests not sent yet are dropped. */
async function pageReady(page: Promise<boolean> | undefined, sessionId: string): Promise<boolean> {
  try {
    return await (page ?? true);
  } catch (error) {
    endFetches(sessionId);
    throw error;
  }
}

/**
 * Gets the player ready while a reading's first audio is on its way (Chrome: its document, the
 * audio output, the decoder), so that audio is heard as soon as it comes; the page script is not
 * waited for. Opening the audio output the first time after the browser starts takes long.
 */
function preparePlayer(): void {
  void playerHost().prepare?.().catch(() => undefined);
}

/**
 * Asks for a reading's first request ahead of its player, which joins it when it asks; `then` runs
 * once that request has left for the service (or its audio was there already, or it failed).
 * Resolves then too.
 */
function askEarly(sessionId: string, chunk: Pick<PlannedChunk, 'text' | 'index' | 'original'>, params: SpeechParams, then?: () => void): Promise<void> {
  let done = false;
  let left = () => undefined as void;
  const leaving = new Promise<void>((resolve) => (left = resolve));
  const once = () => {
    if (!done) then?.();
    done = true;
    left();
  };
  void fetchChunkForPlayer({ sessionId, ...chunkAsked(params, chunk), priority: 10, onSent: once })
    .catch(() => undefined)
    .finally(once);
  return leaving;
}

/**
 * How long planning waits for the first request to leave: it leaves within milliseconds unless it
 * waits its turn at the service (a rate limit, a retry), and the plan is not held back for that.
 */
const LEAVING_WAIT_MS = 250;

/** Waits until `leaving` resolves, at most LEAVING_WAIT_MS. */
async function leftOrLate(leaving: Promise<void>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([leaving, new Promise<void>((resolve) => (timer = setTimeout(resolve, LEAVING_WAIT_MS)))]);
  clearTimeout(timer);
}

/**
 * Whether a reading not agreed to yet may send its first request before its figure is known:
 * bounded under the user's threshold whatever its plan. A reading in each paragraph's voice may
 * make every paragraph and marked passage a request of its own; and as those are said with their
 * own language's pronunciations, which `fit` does not measure, it has none at all.
 */
async function earlyWithinThreshold(first: string, text: string, voicesByParagraph: boolean, marks: ReadRequest['marks'], fit: SpeechFit, params: SpeechParams, serviceUrl: string): Promise<boolean> {
  if (voicesByParagraph && fit.measure) return false;
  const pieces = voicesByParagraph ? text.split('\n').length + (marks?.length ?? 0) : 0;
  return firstLeavesAnyway(first, fit.measure ? fit.measure(text) : text.length, params, serviceUrl, await confirmThreshold(), pieces);
}

/** The user's voice for a language, or null when the service has none of it. */
async function voiceOfLanguage(language: string, settings: Settings): Promise<Pick<SpeechParams, 'voiceId' | 'language'> | null> {
  const { voiceId, language: spoken } = await chooseSpeechParams('', { language }, settings);
  return spoken === language ? { voiceId, language } : null;
}

/** The user's voice for the language a reading heard in another language is written in. */
async function originalVoice(request: ReadRequest, settings: Settings): Promise<Pick<SpeechParams, 'voiceId' | 'language'>> {
  const { voiceId, language } = await chooseSpeechParams(request.text, { languageHint: request.sourceLanguage ?? null }, settings);
  return { voiceId, language };
}

