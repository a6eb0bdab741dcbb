import { browser } from 'wxt/browser';
import { serializeError, ServiceError } from '../api/errors';
import { formatNumber, t } from '../i18n';
import { detectLanguage, languageNameIn } from '../language';
import { getSettings, updateSettings } from '../settings/items';
import type { ListenMode } from '../settings/listen-mode';
import type { Settings } from '../settings/schema';
import { askedItem, readingOf } from './reading/session';
import { injectPageScript, readPageText, tellPage } from './page-link';
import { reportProblem } from './reading/problems';
import { chooseSpeechParams } from './reading/speech-params';
import { startReading } from './reading/start';
import { playerHost } from './reading/host';
import { confirmThreshold, describeEstimate, estimateSpeech, estimateSpeechOfLengths, holdForConfirmation } from './spend/questions';
import { doneStarting, noteReadingBegun, refuseIfWithdrawn, withdrawStarting } from './reading/begun';
import { translationSignal } from './reading/translated';
import { heardGrowth } from './reading/modes';
import { sayGrowthBound, sayTerms } from '../glossary';
import { siteOfTab } from './tab-site';
import type { TabRef } from './tab-actions';
import type { SpendQuestion } from '../messaging/protocol';
import { currentTargetLanguage, translateWithConsent, translationQuote } from './translation';
import { isPrivateTab } from './private-windows';

/**
 * The user chose, in the in-page player (or the popup), to hear readings in another language
 * another way: kept for next time, and the reading under way of `fromTab` (heard in another
 * language) goes on that way from the sentence being heard. What it costs from there is figured
 * anew: above the user's threshold they are asked on the page first; audio and translations
 * already bought are reused.
 */
export async function changeListenMode(mode: ListenMode, fromTab: number | undefined): Promise<void> {
  // A page changes it only from its own reading's player.
  const session = fromTab === undefined ? await readingOf(undefined).catch(() => null) : await readingOf(fromTab);
  const { listen } = await getSettings();
  if (listen.mode !== mode) await updateSettings({ listen: { ...listen, mode } });
  const asked = await askedItem.getValue();
  if (!session?.translateTo || asked?.sessionId !== session.plan.sessionId) return;
  const { startOffset: _offset, ...request } = asked.request;
  const sentence = session.position?.sentence ?? session.startSentence ?? 0;
  // Figured anew in the new way; above the threshold the question is put on the page, and the
  // reading goes on as it was until the user answers.
  await startReading({ ...request, listen: { ...(request.listen ?? listen), mode }, startSentence: sentence, retried: true, confirmed: false, speed: session.plan.params.speed });
}

/** What the gate keeps while the user is asked about hearing a selection in their language. */
export const LISTEN_KIND = 'read-translated';

export interface ListenRequest {
  /** The page it was asked on (the question and the translation are shown there); null: the popup. */
  tabId: number | null;
  frameId: number | null;
  text: string;
  title: string;
  languageHint: string | null;
  /** The language to hear it in; absent: the user's target language. */
  target?: string;
  /** How it is heard, as its figure was worked out (kept while the user is asked); absent: the settings. */
  listen?: Settings['listen'];
}

/** Heard, or the question to ask first (the popup asks it itself; a page was shown it). */
export type ListenStart = { confirm: SpendQuestion } | null;

/** A language's name in the browser's language ("Spanisch" in German). */
export function languageName(code: string): string {
  return languageNameIn(code, browser.i18n.getUILanguage());
}

/**
 * "Read aloud in <language>": the selection, or with nothing selected the page's article, heard
 * in the user's target language with their voice for it. Problems are shown on the page.
 */
export async function listenFromTab(tab: TabRef, frameId?: number, selectionText?: string): Promise<void> {
  let injected = false;
  try {
    const frames = await injectPageScript(tab.id, frameId);
    injected = true;
    const found = await readPageText(tab.id, frames, 'auto', frameId, selectionText);
    if (!found) throw new ServiceError('invalidRequest', t('readNoReadableText'));
    const request = { tabId: tab.id, frameId: found.frameId, text: found.text, title: found.title || tab.title || '', languageHint: found.languageHint };
    if (found.kind === 'article') await listenToPage(request);
    else await listenTranslated(request, null);
  } catch (error) {
    await reportProblem(injected ? tab.id : null, serializeError(error));
  }
}

/**
 * The page translation's "Listen in <language>": the page's article heard in the language it is
 * being translated into, as "Read aloud in <language>" hears it. Problems are shown on the page.
 */
export async function listenToArticle(tabId: number, target: string): Promise<void> {
  try {
    const found = await readPageText(tabId, [0], 'article');
    if (!found) throw new ServiceError('invalidRequest', t('readNoReadableText'));
    await listenToPage({ tabId, frameId: found.frameId, text: found.text, title: found.title, languageHint: found.languageHint, target });
  } catch (error) {
    await reportProblem(tabId, serializeError(error));
  }
}

/**
 * A page heard in the target language: read as a page is (its sentences lit as they are heard,
 * the player, jumps, pause), each chunk translated just before its speech. The reading's figure
 * covers the translation too, and goes through the gate like any reading. A page already in that
 * language is simply read.
 */
async function listenToPage(request: ListenRequest): Promise<void> {
  const target = request.target ?? (await currentTargetLanguage());
  const source = await detectLanguage(request.text, request.languageHint, '');
  const reading = { text: request.text, title: request.title, tabId: request.tabId, frameId: request.frameId };
  if (source === target) await startReading({ ...reading, languageHint: target });
  else await startReading({ ...reading, language: target, languageHint: target, translateTo: target, sourceLanguage: source });
}

/**
 * Translates the text (the cache first) and reads the translation aloud. One figure covers both:
 * the translation's exact price plus the speech of about as much text; above the user's threshold
 * the page asks, and nothing is sent before they agree (`agreed`: the credits they agreed to).
 * Text already in the target language is read as it is, with no translation paid.
 */
export async function listenTranslated(request: ListenRequest, agreed: number | null): Promise<ListenStart> {
  const text = request.text.trim();
  const [target, settings, threshold] = await Promise.all([request.target ?? currentTargetLanguage(), getSettings(), confirmThreshold()]);
  const source = await detectLanguage(text, request.languageHint, '');
  const name = languageName(target);
  const reading = { title: request.title, tabId: request.tabId, frameId: request.frameId };
  if (source === target) {
    const started = await startReading({ ...reading, text, languageHint: target, confirmed: agreed !== null });
    return 'confirm' in started ? started : null;
  }
  const listen = request.listen ?? settings.listen;
  if (listen.mode !== 'translation') {
    // Heard sentence by sentence with its original (or a learner's way): read as a page is, each
    // sentence lit on the page as it is heard. Its figure covers both, and is asked about as a reading's.
    const started = await startReading({ ...reading, text, language: target, languageHint: target, translateTo: target, sourceLanguage: source, listen, confirmed: agreed !== null });
    return 'confirm' in started ? started : null;
  }
  // Priced as it is sent: the glossary's terms protected (the figure counts the text around them).
  const { cached, cost: translating } = await translationQuote(text, target, request.tabId);
  if (agreed === null) {
    const params = await chooseSpeechParams(cached ?? text, { language: target }, settings);
    // Its speech is asked for as the glossary says it (reading/said.ts): with the "say as" of the
    // language heard and the page's site, which may say a term at any length.
    const place = { language: params.language, site: await siteOfTab(request.tabId) };
    // The speech of a translation not made yet is priced at the longest it may come back (Japanese
    // heard in English runs three or four times longer), then said: an upper bound, as a figure must be.
    const longest = Math.ceil([...text].length * heardGrowth({ source, target, said: sayGrowthBound(settings.glossary, place) }));
    const speech = cached !== null ? await estimateSpeech([sayTerms(cached, settings.glossary, place)], params, threshold) : await estimateSpeechOfLengths([longest], params);
    const credits = translating + speech.credits;
    if (credits > threshold) {
      const token = await holdForConfirmation(LISTEN_KIND, { ...request, listen }, credits);
      const cost = describeEstimate({ ...speech, credits });
      if (request.tabId === null) return { confirm: { credits, learned: speech.learned, limit: threshold, token } };
      await tellPage(request.tabId, 0, {
        type: 'pageNotice',
        tone: 'info',
        message: t('listenConfirmNotice', [name, cost, formatNumber(threshold)]),
        confirm: { token, label: t('listenConfirmLabel', [name, cost]) },
      });
      return null;
    }
  }
  // From here it is a reading that is starting: Stop, the tab closing or a new reading withdraw it,
  // the translation too while it has not left (behind a rate limit, say).
  const sessionId = crypto.randomUUID();
  withdrawStarting({ keep: sessionId });
  try {
    await noteReadingBegun(sessionId, request.tabId);
    // While the translation is on its way, the player gets ready, so its speech sounds as soon as it comes.
    void playerHost().prepare?.().catch(() => undefined);
    const translated = await translateWithConsent(text, target, agreed === null ? null : translating, {
      signal: translationSignal(sessionId),
      inPrivate: await isPrivateTab(request.tabId),
      tabId: request.tabId,
    });
    refuseIfWithdrawn(sessionId);
    // Read along: the translation on the page while it is heard.
    const shown = t('listenShowing', [name, translated.translation]).slice(0, 2000);
    const timeoutMs = Math.min(60_000, 8000 + 80 * translated.translation.length);
    if (request.tabId !== null) void tellPage(request.tabId, 0, { type: 'pageNotice', tone: 'info', message: shown, timeoutMs }).catch(() => undefined);
    // Its speech is held to what is left of the figure (the user's, or their threshold): a
    // translation that came back longer than that is asked about again before it is heard.
    const agreedUpTo = Math.max(0, (agreed ?? threshold) - translating);
    const started = await startReading(
      { ...reading, text: translated.translation, language: target, languageHint: target, highlight: false, confirmed: true, agreedUpTo },
      { sessionId },
    );
    return 'confirm' in started ? started : null;
  } finally {
    doneStarting(sessionId);
  }
}
