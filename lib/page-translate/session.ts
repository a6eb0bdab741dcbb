import type { SerializedServiceError } from '../api/errors';
import { t } from '../i18n';
import { costBound } from '../translate/batches';
import { MAX_TRANSLATE_CHARS } from '../translate/split';
import { findBlocks, type PageBlock } from './blocks';
import { insertTranslation, removeTranslations, TRANSLATION_TAG } from './insert';
import { createPageTranslateUi, type ControlState, type PageTranslateUi } from './page-ui';
import type { PageBlockInput, PageBlocksAnswer, PageEstimate } from '../translate/page-types';

/** What the page translation needs from the background (messages in the extension, fakes in tests). */
export interface PageTranslateDeps {
  estimate(target: string, blocks: PageBlockInput[], screen: number[]): Promise<PageEstimate>;
  translate(target: string, blocks: PageBlockInput[], budget: number): Promise<PageBlocksAnswer>;
  listen(text: string, language: string): void;
  /** Shown when the page has nothing to translate. */
  notice(message: string): void;
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

let running: { stop(): void } | null = null;

/**
 * Translates the page in `win` into `target`, paying only for what is read: the cost of the screen
 * and of the whole page is shown first (and must be agreed to when asked), then the blocks in or
 * near the viewport are translated, more as the user scrolls. A second call replaces the first.
 */
export async function translatePage(win: Window, target: string, signal: AbortSignal, deps: PageTranslateDeps): Promise<void> {
  running?.stop();
  const doc = win.document;
  // Invoked again on a translated page: start over (what is cached costs nothing).
  removeTranslations(doc);
  const blocks = findBlocks(doc.body, target);
  if (!blocks.length) return deps.notice(t('pageTranslateNothing'));
  const ended = new AbortController();
  signal.addEventListener('abort', () => ended.abort(), { signal: ended.signal });
  const ui = createPageTranslateUi(doc, ended.signal);
  const session = { stop: () => ended.abort() };
  running = session;
  ended.signal.addEventListener('abort', () => {
    if (running === session) running = null;
  });
  const inputs = blocks.map(({ text, source }) => ({ text, source }));
  const restart = (code: string) => void translatePage(win, code, signal, deps);
  let estimate: PageEstimate;
  try {
    estimate = await deps.estimate(target, inputs, nearViewport(win, blocks));
  } catch (error) {
    // Nothing to resume yet: the message alone says what is wrong (no key, service unreachable).
    ended.abort();
    return deps.notice((error as SerializedServiceError).message);
  }
  if (ended.signal.aborted) return;
  const start = () => runLazily(win, target, blocks, estimate.page, ui, deps, ended.signal, () => ended.abort(), restart);
  if (!estimate.ask) return start();
  ui.showEstimate({ target, estimate, onTarget: restart, onConfirm: start, onCancel: () => ended.abort() });
}

function runLazily(
  win: Window,
  target: string,
  blocks: PageBlock[],
  budget: number,
  ui: PageTranslateUi,
  deps: PageTranslateDeps,
  signal: AbortSignal,
  end: () => void,
  restart: (code: string) => void,
): void {
  const doc = win.document;
  const states = blocks.map((): BlockState => 'todo');
  const near = new Set<number>();
  const index = new Map(blocks.map((block, i) => [block.element, i]));
  const state: ControlState = { target, done: 0, total: blocks.length, spent: 0, working: false, paused: false, error: null };
  let allowed = budget;
  // Credits were asked for beyond what was agreed to (the page grew); Resume agrees to the cost of
  // the messages it sends, whatever paragraphs are near by then (the reader may have scrolled on).
  let raiseAsked = false;
  let raiseAgreed = false;

  let inFlight = 0;
  // Credits the messages under way may still spend (their upper bound), so that messages sent
  // side by side never add up to more than what was agreed to.
  let reserved = 0;
  let first = true;

  const send = async (batch: number[]) => {
    const inputs = batch.map((i) => ({ text: blocks[i]!.text, source: blocks[i]!.source }));
    const bound = costBound(inputs);
    if (raiseAgreed) allowed = Math.max(allowed, state.spent + reserved + bound);
    const budgetLeft = Math.max(0, allowed - state.spent - reserved);
    batch.forEach((i) => (states[i] = 'pending'));
    inFlight++;
    reserved += bound;
    let answer: PageBlocksAnswer;
    try {
      answer = await deps.translate(target, inputs, budgetLeft);
    } catch (error) {
      answer = { translations: batch.map(() => null), spent: 0, confirm: null, error: error as SerializedServiceError };
    }
    inFlight--;
    reserved -= bound;
    if (signal.aborted) return;
    batch.forEach((i, n) => {
      const translation = answer.translations[n];
      if (translation === null || translation === undefined) return void (states[i] = 'todo');
      states[i] = 'done';
      if (translation) insertTranslation(blocks[i]!.element, translation, target, { listenLabel: t('bubbleListen'), onListen: (text) => deps.listen(text, target) });
    });
    state.spent += answer.spent;
    state.done = states.filter((s) => s === 'done').length;
    if (answer.confirm !== null) {
      state.error = t('pageTranslateMore');
      raiseAsked = true;
    } else if (answer.error) state.error ??= errorText(answer.error);
    flush();
  };

  /**
   * Sends what is near the viewport and not translated yet: a short first message (the paragraph
   * the reader looks at comes back first), then a request's worth at a time, a few side by side.
   */
  const flush = () => {
    while (inFlight < MAX_IN_FLIGHT && !state.paused && !state.error && !signal.aborted) {
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
  watchNewBlocks(doc, target, signal, (added) => {
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
      ui.update(state);
    },
    onResume: () => {
      raiseAgreed = raiseAsked;
      raiseAsked = false;
      state.paused = false;
      state.error = null;
      // The messages this sends (side by side) are what the user agreed to.
      flush();
      raiseAgreed = false;
    },
    onShowOriginal: () => {
      end();
      removeTranslations(doc);
    },
  });
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
