import { t } from '../i18n';
import { ServiceError } from '../api/errors';
import { registerHandlers } from '../messaging/router';
import { sendMessage } from '../messaging/send';
import { showPageNotice } from '../page/notice';
import type { PageSource } from '../page/highlight';
import { readCheckedSelection, readSelection } from '../page/selection';
import { readFromHere, watchContextMenu } from '../page/from-here';
import { takeProbedSelection } from '../page/selection-probe';
import { articleReader } from './article-reader';
import { startOncePerPage, type PageLifetime } from './lifetime';
import { noteTranslationWait, openTranslationBubble } from '../bubble/controller';
import { openGlossaryAdd } from '../bubble/glossary-add';
import { pagePlayerFactory } from './page-player-slot';
import type { PagePlayer } from '../page/player/page-player';
import { pageTranslator } from './page-translate-slot';
import { createWordFollower } from '../page/word-follow';

const AGENT = Symbol.for('voxlate.pageAgent');

/**
 * The page side of Voxlate: reads the selection or the article when the background asks, paints
 * the highlight of the sentence being read, and shows notices. It only answers our background
 * (the router checks the sender); page scripts cannot reach it. Started once per frame and tied to
 * the content script's context: an updated or removed extension's agent leaves the page as it was.
 */
export function startPageAgent(ctx: PageLifetime): void {
  startOncePerPage(AGENT, ctx, runAgent);
}

function runAgent(signal: AbortSignal): () => void {
  let source: PageSource | null = null;
  // The word being spoken, lit on this page's clock from the times the player sent.
  const words = createWordFollower((word) => source?.highlightWord?.(word?.start ?? -1, word?.end ?? -1));
  const describe = (s: PageSource | null) => s && { kind: s.kind, text: s.text, title: s.title, languageHint: s.languageHint, ...(s.marks?.length ? { marks: s.marks } : {}) };
  // The in-page player, once its script is there (the background injects it when a reading of
  // this page starts). Its buttons answer only this tab's reading (the background checks).
  let player: PagePlayer | null = null;
  const pagePlayer = () =>
    (player ??=
      pagePlayerFactory()?.({
        doc: document,
        places: () => source,
        actions: {
          control: (action) => void sendMessage('readingControl', { action }).catch(() => undefined),
          setSpeed: (speed) => void sendMessage('readingSetSpeed', { speed }).catch(() => undefined),
          setListenMode: (mode) => void sendMessage('readingListenMode', { mode }).catch(() => undefined),
          jump: (sentence) => void sendMessage('readingJump', { sentence }).catch(() => undefined),
          saveCorner: (corner) => void sendMessage('savePlayerCorner', { corner }).catch(() => undefined),
        },
        signal,
      }) ?? null);
  const hereCaret = watchContextMenu(window, signal);
  const stopAnswering = registerHandlers({
    pageGetText: async ({ mode, selectionText }) => {
      words.clear();
      source?.clearHighlight();
      if (mode === 'from-here') {
        const caret = hereCaret();
        const reader = articleReader();
        const article = reader ? await reader(document) : null;
        const here = readFromHere(document, reader && (() => article), caret);
        source = here?.source ?? null;
        return here && { ...describe(here.source)!, startOffset: here.startOffset };
      }
      // The selection probe may have read this very selection a moment ago: taken over, not read again.
      source = mode === 'page' ? ((await articleReader()?.(document)) ?? null) : readCheckedSelection(window, selectionText, takeProbedSelection(window) ?? undefined);
      return describe(source);
    },
    // The reading under way keeps its source: a peek must not take its highlight away.
    pagePeekSelection: () => describe(readSelection(window)),
    pagePing: () => true as const,
    // The page is not scrolled back to the sentence while the user looks around it (to jump).
    pageHighlight: ({ start, end, words: spoken }) => {
      source?.highlight(start, end, !player?.browsing());
      if (source) words.follow(source.text, start, end, spoken);
    },
    pageClearHighlight: () => {
      words.clear();
      source?.clearHighlight();
    },
    // False: the page does not know this reading (or has no player script yet) and needs its setup.
    pagePlayerState: (state) => pagePlayer()?.update(state) ?? false,
    pageTranslate: (ask) => openTranslationBubble(window, ask, signal),
    pageTranslateWait: ({ requestId, message }) => noteTranslationWait(requestId, message),
    pageGlossaryForm: (ask) => openGlossaryAdd(window, ask, signal),
    // Its script is injected by the background just before it asks.
    pageTranslatePage: ({ target, corner }) => {
      const start = pageTranslator();
      // Its script could not be added here: said, not silently nothing.
      if (!start) throw new ServiceError('invalidRequest', t('pageRestricted'));
      start(window, target, signal, corner);
    },
    pageNotice: ({ message, tone, action, confirm, timeoutMs }) => {
      const actions = [];
      if (action === 'openOptions') actions.push({ label: t('openOptions'), onClick: () => void sendMessage('openOptions') });
      if (action === 'topUp') actions.push({ label: t('topUp'), onClick: () => void sendMessage('openDashboard') });
      if (confirm) {
        actions.push(
          { label: confirm.label, onClick: () => void sendMessage('confirmSpend', { token: confirm.token }) },
          { label: t('optionsCancel'), onClick: () => void sendMessage('cancelSpend', { token: confirm.token }) },
        );
      }
      showPageNotice({ message, tone, actions, timeoutMs, signal });
    },
  });
  // The bubble and notices close on `signal`; the rest is undone here.
  return () => {
    stopAnswering();
    player?.close();
    words.clear();
    source?.clearHighlight();
    source = null;
  };
}
