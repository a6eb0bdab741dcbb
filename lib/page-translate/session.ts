import type { SerializedServiceError } from '../api/errors';
import type { PlayerCorner } from '../settings/player-corner';
import { formatNumber, t } from '../i18n';
import { MAX_TRANSLATE_CHARS } from '../translate/split';
import { findBlocks, type PageBlock } from './blocks';
import { insertTranslation, removeTranslations, TRANSLATION_TAG, type TranslationActions } from './insert';
import { createPageTranslateUi, type ControlState, type PageTranslateUi } from './page-ui';
import type { PageBlockInput, PageBlocksAnswer, PageEstimate, PageSpendQuestion } from '../translate/page-types';

/**
 * What the page translation needs from the background (messages in the extension, fakes in tests).
 * The page holds no budget: the background's spend gate decides what may be sent, and the page
 * only passes on which of the gate's offers (figures shown) the user accepted.
 */
export interface PageTranslateDeps {
  /**
   * The costs, and (when the user must agree) the gate's offers; starts the tab's translation afresh.
   * `first` (indices) is the first message's blocks: when it is agreed to without asking, the
   * background sends them at once, and `translate` of the same blocks gets their answer.
   */
  estimate(target: string, blocks: PageBlockInput[], screen: number[], first: number[]): Promise<PageEstimate>;
  translate(target: string, blocks: PageBlockInput[]): Promise<PageBlocksAnswer>;
  /** The user agreed to this offer (its figure was on the button pressed); false when it is no longer valid. */
  accept(offer: string): Promise<boolean>;
  /** Withdraws what is not sent yet: for a pause, or for good (`end`: what was agreed to is forgotten too). */
  stop(end: boolean): void;
  listen(text: string, language: string): void;
  /** The page heard in the language it is translated into (the control's "Listen in <language>"); absent where not offered. */
  listenPage?(language: string): void;
  /** Captions on the page's largest captioned video (the control's "Translate captions"); absent where not offered. */
  translateCaptions?(): void;
  /** Shown when the page has nothing to translate. */
  notice(message: string): void;
  /** Where the panel and control sit (where the user last put them); the bottom right by default. */
  corner?: PlayerCorner;
  /** The user moved them there: remembered for the next page. */
  moved?(corner: PlayerCorner): void;
  /** Where the blocks come from and where translations go: the page's DOM unless told (the PDF reader's layer). */
  surface?: TranslationSurface;
}

/**
 * The page side of a page translation: its blocks (each with an element that is where the block is
 * on screen), where a translation is shown, and how all of them are taken away again.
 */
export interface TranslationSurface {
  blocks(target: string): PageBlock[];
  show(block: PageBlock, translation: string, lang: string, actions: TranslationActions): void;
  clear(): void;
  /** Calls back with the blocks the page added later (a web page's infinite scroll); none by default. */
  watch?(target: string, signal: AbortSignal, onBlocks: (blocks: PageBlock[]) => void): void;
}

/** A web page's surface: its paragraphs, each translation in the flow under its paragraph. */
function domSurface(doc: Document): TranslationSurface {
  return {
    blocks: (target) => findBlocks(doc.body, target),
    show: (block, translation, lang, actions) => void insertTranslation(block.element, translation, lang, actions),
    clear: () => removeTranslations(doc),
    watch: (target, signal, onBlocks) => watchNewBlocks(doc, target, signal, onBlocks),
  };
}

/** How far beyond the viewport blocks are translated ahead of the reader: a quarter screen each way. */
const NEAR = 0.25;
const ROOT_MARGIN = `${NEAR * 100}% 0px ${NEAR * 100}% 0px`;
/** Characters of the first message: about the paragraph on screen, so it comes back soonest. */
const FIRST_MESSAGE_CHARS = 600;
/** Characters per later message: one request's worth, so translations land as each one returns. */
const MESSAGE_CHARS = MAX_TRANSLATE_CHARS;
/** Messages under way at once; the background's scheduler keeps the requests within the plan. */
const MAX_IN_FLIGHT = 3;

type BlockState = 'todo' | 'pending' | 'done';

/**
 * The frame's page translation under way. Kept on the frame's extension world, not in this
 * module: each invocation injects the script again, as a module of its own, and the one it starts
 * replaces the one before, whichever injection that came from.
 */
const RUNNING = Symbol.for('voxlate.pageTranslation.running');
const slot = globalThis as { [RUNNING]?: { stop(): void; note(text: string | null): void } | null };

/**
 * The background's note on why the next paragraphs take long (a retry coming, the plan's pace, a
 * slow service), or null once they do not: the running page translation's control shows it.
 */
export function notePageTranslation(note: string | null): void {
  slot[RUNNING]?.note(note);
}

/** The latest wait note, kept from the start (the first request leaves before the control shows). */
interface WaitNote {
  text: string | null;
  changed(): void;
}

/**
 * Translates the page in `win` into `target`, paying only for what is read: the cost of the screen
 * and of the whole page is shown first (and must be agreed to when asked), then the blocks in or
 * near the viewport are translated, more as the user scrolls. A second call replaces the first.
 */
export async function translatePage(win: Window, target: string, signal: AbortSignal, deps: PageTranslateDeps): Promise<void> {
  slot[RUNNING]?.stop();
  const doc = win.document;
  const surface = deps.surface ?? domSurface(doc);
  // Invoked again on a translated page: start over (what is cached costs nothing).
  surface.clear();
  const blocks = surface.blocks(target);
  if (!blocks.length) return deps.notice(t('pageTranslateNothing'));
  const inputs = blocks.map(({ text, source }) => ({ text, source }));
  // Where the blocks are is read before our panel goes on the page (which would lay the page out again).
  const screen = nearViewport(win, blocks);
  // The first message (the paragraphs on screen) goes with the estimate: below the user's threshold
  // it leaves at once, without another round trip between the page and the background.
  const first = nextBatch(win, blocks, blocks.map((): BlockState => 'todo'), new Set(screen), FIRST_MESSAGE_CHARS);
  // Asked before the panel is built: the panel is built while the background answers.
  const estimating = deps.estimate(target, inputs, screen, first);
  const ended = new AbortController();
  // The page script going away (the tab navigates, the extension updates) ends it for good.
  signal.addEventListener('abort', () => {
    deps.stop(true);
    ended.abort();
  }, { signal: ended.signal });
  const ui = createPageTranslateUi(doc, ended.signal, { corner: deps.corner, moved: deps.moved });
  const wait: WaitNote = { text: null, changed: () => undefined };
  const session = {
    stop: () => ended.abort(),
    note: (text: string | null) => {
      wait.text = text;
      wait.changed();
    },
  };
  slot[RUNNING] = session;
  ended.signal.addEventListener('abort', () => {
    if (slot[RUNNING] === session) slot[RUNNING] = null;
  });
  const restart = (code: string) => void translatePage(win, code, signal, deps);
  let estimate: PageEstimate;
  try {
    estimate = await estimating;
  } catch (error) {
    // Nothing to resume yet: the message alone says what is wrong (no key, service unreachable).
    ended.abort();
    return deps.notice((error as SerializedServiceError).message);
  }
  if (ended.signal.aborted) return;
  const start = (sent: number[]) => runLazily(win, target, blocks, ui, deps, surface, ended.signal, () => ended.abort(), restart, sent, wait);
  const { offers } = estimate;
  if (!estimate.ask || !offers) return start(first);
  ui.showEstimate({
    target,
    estimate,
    onTarget: restart,
    onConfirm: async (choice) => {
      // What the button said is what is agreed to: the screen's figure, or the whole page's.
      if (!(await deps.accept(offers[choice]))) {
        ended.abort();
        return deps.notice(t('confirmExpired'));
      }
      if (!ended.signal.aborted) start([]);
    },
    onCancel: () => {
      deps.stop(true);
      ended.abort();
    },
  });
}

function runLazily(
  win: Window,
  target: string,
  blocks: PageBlock[],
  ui: PageTranslateUi,
  deps: PageTranslateDeps,
  surface: TranslationSurface,
  signal: AbortSignal,
  end: () => void,
  restart: (code: string) => void,
  /** The first message, already sent by the background with the estimate: asked for first, for its answer. */
  sentFirst: number[],
  wait: WaitNote,
): void {
  const states = blocks.map((): BlockState => 'todo');
  const near = new Set<number>();
  const index = new Map(blocks.map((block, i) => [block.element, i]));
  const state: ControlState = { target, done: 0, total: blocks.length, spent: 0, working: false, paused: false, error: null, resumeCost: null, wait: wait.text };
  // Why the next paragraphs take long, while they do; a pause withdraws them, and with them the reason.
  wait.changed = () => {
    state.wait = state.paused ? null : wait.text;
    ui.update(state);
  };
  // More was asked for than the user agreed to (the page grew, or they read past the screen they
  // chose): the gate's offer for the message it refused, whose figure the control shows until
  // Resume accepts it. Resume then sends that message alone, and asks again for anything beyond.
  let question: (PageSpendQuestion & { batch: number[] }) | null = null;
  let agreedInFlight = false;

  let inFlight = 0;
  let first = true;

  const send = async (batch: number[], agreed = false) => {
    const inputs = batch.map((i) => ({ text: blocks[i]!.text, source: blocks[i]!.source }));
    batch.forEach((i) => (states[i] = 'pending'));
    inFlight++;
    let answer: PageBlocksAnswer;
    try {
      answer = await deps.translate(target, inputs);
    } catch (error) {
      answer = { translations: batch.map(() => null), spent: 0, confirm: null, error: error as SerializedServiceError };
    }
    inFlight--;
    if (agreed) agreedInFlight = false;
    if (signal.aborted) return;
    batch.forEach((i, n) => {
      const translation = answer.translations[n];
      if (translation === null || translation === undefined) return void (states[i] = 'todo');
      states[i] = 'done';
      if (translation) surface.show(blocks[i]!, translation, target, { listenLabel: t('bubbleListen'), onListen: (text) => deps.listen(text, target) });
    });
    state.spent += answer.spent;
    state.done = states.filter((s) => s === 'done').length;
    if (answer.confirm !== null) {
      // The latest figure is the one shown: it is what the next message costs.
      question = { ...answer.confirm, batch };
      const cost = t('spendUpTo', formatNumber(question.credits));
      state.error = t('pageTranslateMoreCost', cost);
      state.resumeCost = cost;
    } else if (answer.error) state.error ??= errorText(answer.error);
    flush();
  };

  /**
   * Sends what is near the viewport and not translated yet: a short first message (the paragraph
   * the reader looks at comes back first), then a request's worth at a time, a few side by side.
   */
  const flush = () => {
    while (inFlight < MAX_IN_FLIGHT && !agreedInFlight && !state.paused && !state.error && !signal.aborted) {
      const batch = nextBatch(win, blocks, states, near, first ? FIRST_MESSAGE_CHARS : MESSAGE_CHARS);
      if (!batch.length) break;
      first = false;
      void send(batch);
    }
    state.working = inFlight > 0;
    ui.update(state);
  };

  const observer = new (win as Window & typeof globalThis).IntersectionObserver((entries) => {
    for (const entry of entries) {
      const i = index.get(entry.target);
      if (i === undefined) continue;
      if (entry.isIntersecting) near.add(i);
      else near.delete(i);
    }
    flush();
  }, { rootMargin: ROOT_MARGIN });
  blocks.forEach((block) => observer.observe(block.element));
  signal.addEventListener('abort', () => observer.disconnect());
  surface.watch?.(target, signal, (added) => {
    for (const block of added) {
      if (index.has(block.element)) continue;
      index.set(block.element, blocks.length);
      blocks.push(block);
      states.push('todo');
      observer.observe(block.element);
    }
    state.total = blocks.length;
    ui.update(state);
  });

  ui.showControl(state, {
    onTarget: restart,
    onPause: () => {
      state.paused = true;
      state.wait = null;
      // Nothing queued is sent after the pause; what is with the service finishes (it is paid).
      deps.stop(false);
      ui.update(state);
    },
    onResume: async () => {
      const asked = question;
      question = null;
      state.paused = false;
      state.error = null;
      state.resumeCost = null;
      // Resuming past what was agreed to agrees to the figure on the button, and no more: the
      // message it was the cost of goes alone; what comes after it is asked about again.
      if (asked && (await deps.accept(asked.offer)) && !signal.aborted && asked.batch.every((i) => states[i] === 'todo')) {
        agreedInFlight = true;
        void send(asked.batch, true);
      }
      if (!signal.aborted) flush();
    },
    onShowOriginal: () => {
      deps.stop(true);
      end();
      surface.clear();
    },
    ...(deps.listenPage ? { onListen: () => deps.listenPage!(state.target) } : {}),
    // Offered only where the page has a video when the control shows.
    ...(deps.translateCaptions && win.document.querySelector('video') ? { onCaptions: deps.translateCaptions } : {}),
  });

  // What is on screen is sent now, not when the observer first reports (a frame or more later).
  nearViewport(win, blocks).forEach((i) => near.add(i));
  if (sentFirst.length) {
    first = false;
    void send(sentFirst);
  }
  flush();
}

/** How long the page must be still before new paragraphs are looked for (pages load in bursts). */
const SETTLE_MS = 400;

/**
 * Tells about paragraphs the page adds after the start (infinite scroll, "load more", late
 * scripts), so they are translated as they come into view too. Our own translations are not a
 * change of the page.
 */
function watchNewBlocks(doc: Document, target: string, signal: AbortSignal, onBlocks: (blocks: PageBlock[]) => void): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ours = (node: Node) => node.nodeType === 1 && (node as Element).tagName === TRANSLATION_TAG.toUpperCase();
  const watcher = new MutationObserver((records) => {
    if (records.every((record) => record.type === 'childList' && [...record.addedNodes, ...record.removedNodes].every(ours))) return;
    clearTimeout(timer);
    timer = setTimeout(() => onBlocks(findBlocks(doc.body, target)), SETTLE_MS);
  });
  watcher.observe(doc.body, { childList: true, subtree: true, characterData: true });
  signal.addEventListener('abort', () => {
    watcher.disconnect();
    clearTimeout(timer);
  });
}

/**
 * The blocks to send next: those near the viewport and not yet translated, the ones on screen
 * first, in reading order, up to a message's worth of text.
 */
function nextBatch(win: Window, blocks: PageBlock[], states: BlockState[], near: Set<number>, maxChars: number): number[] {
  const waiting = [...near].filter((i) => states[i] === 'todo').sort((a, b) => a - b);
  const onScreen = new Set(nearViewport(win, blocks, 0).filter((i) => near.has(i)));
  const ordered = [...waiting.filter((i) => onScreen.has(i)), ...waiting.filter((i) => !onScreen.has(i))];
  const picked: number[] = [];
  let chars = 0;
  for (const i of ordered) {
    if (picked.length && chars + blocks[i]!.text.length > maxChars) break;
    picked.push(i);
    chars += blocks[i]!.text.length;
  }
  return picked;
}

/** Indices of the blocks within the viewport extended by `margin` screens above and below. */
function nearViewport(win: Window, blocks: PageBlock[], margin = NEAR): number[] {
  const extra = win.innerHeight * margin;
  return blocks.flatMap((block, i) => {
    const rect = block.element.getBoundingClientRect();
    const shown = rect.bottom >= -extra && rect.top <= win.innerHeight + extra && (rect.width > 0 || rect.height > 0);
    return shown ? [i] : [];
  });
}

/** The problem in words, with the next step. */
function errorText(error: SerializedServiceError): string {
  if (error.kind === 'rateLimited') return t('pageTranslateRateLimited', error.message);
  if (error.kind === 'insufficientCredits') return t('pageTranslateOutOfCredits', error.message);
  if (error.kind === 'server' || error.kind === 'network' || error.kind === 'timeout' || error.kind === 'badResponse') return t('pageTranslateServiceDown', error.message);
  return t('pageTranslateFailed', error.message);
}
