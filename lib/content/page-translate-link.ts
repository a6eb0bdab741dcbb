import { sendMessage } from '../messaging/send';
import type { PlayerCorner } from '../settings/player-corner';
import { unwrap } from '../messaging/result';
import { showPageNotice } from '../page/notice';
import { notePageTranslation, translatePage, type PageTranslateDeps, type TranslationSurface } from '../page-translate/session';
import { answerMessage } from '../messaging/guard';
import { pageTranslationNoteRule } from '../messaging/page-translation-note';
import type * as z from 'zod/mini';
import { takePageTranslateRequest } from '../page-translate/request';
import { extensionAlive, type PageLifetime } from './lifetime';

let hearingNotes = false;

/**
 * Hears the background's notes on why the next paragraphs take long, for whichever page
 * translation runs in the frame; once per script (each injection of it answers, the same way).
 */
function hearNotes(): void {
  if (hearingNotes) return;
  hearingNotes = true;
  answerMessage('pageTranslationNote', pageTranslationNoteRule, (data) => notePageTranslation((data as z.output<typeof pageTranslationNoteRule.input>).note));
}

/** The page translation's link to the background: estimates, translations and Listen go there. */
function backgroundDeps(signal: AbortSignal, corner: PlayerCorner | undefined): PageTranslateDeps {
  hearNotes();
  return {
    corner,
    moved: (to) => void sendMessage('savePageTranslateCorner', { corner: to }).catch(() => undefined),
    estimate: async (target, blocks, screen, first) => unwrap(await sendMessage('estimatePageTranslation', { target, blocks, screen, first })),
    translate: async (target, blocks) => unwrap(await sendMessage('translatePageBlocks', { target, blocks })),
    accept: async (offer) => unwrap(await sendMessage('acceptSpendOffer', { offer })),
    stop: (end) => void sendMessage('pageTranslateStop', { end }).catch(() => undefined),
    listen: (text, language) => void sendMessage('speakText', { text, language }).catch(() => undefined),
    notice: (message) => void showPageNotice({ message, tone: 'info', signal, timeoutMs: 10_000 }),
  };
}

/**
 * Starts translating the page when the background asks (menu, shortcut, popup). Answers at once:
 * the user decides on the page, in the panel, whether anything is sent.
 */
export function translatePageFromAgent(win: Window, target: string, signal: AbortSignal, corner?: PlayerCorner): void {
  // A web page's article can be heard in the language it is translated into (the reader has its own Read aloud).
  const listenPage = (language: string) => void sendMessage('listenPage', { target: language }).catch(() => undefined);
  // Its video's captions, as the popup starts them (a PDF in the reader has no video).
  const translateCaptions = () => void sendMessage('translatePageCaptions').catch(() => undefined);
  void translatePage(win, target, signal, { ...backgroundDeps(signal, corner), listenPage, translateCaptions });
}

/**
 * Starts translating the page on what the worker left for this injection of the script, if
 * anything (startPageTranslationIn). It lives as long as the extension that started it: the next
 * injection's context invalidates this one's, but only an update or removal of the extension ends
 * it (a new start replaces it, see translatePage).
 */
export function translatePageOnRequest(win: Window, ctx: PageLifetime, alive: () => boolean = extensionAlive): void {
  const request = takePageTranslateRequest();
  if (!request) return;
  const life = new AbortController();
  ctx.onInvalidated(() => {
    if (!alive()) life.abort();
  });
  translatePageFromAgent(win, request.target, life.signal, request.corner);
}

/** The same on a surface of the caller's (the PDF reader's layer over its pages). */
export function translateSurface(win: Window, target: string, signal: AbortSignal, corner: PlayerCorner | undefined, surface: TranslationSurface): void {
  void translatePage(win, target, signal, { ...backgroundDeps(signal, corner), surface });
}
