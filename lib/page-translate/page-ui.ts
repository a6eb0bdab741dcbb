import { cycleTab, isolateKeys } from '../bubble/focus-trap';
import { createTargetPicker } from '../bubble/target-picker';
import { LANGUAGES, languageNameIn } from '../language';
import { claimScreenSpace, createShadowHost, matchPageScheme, setShadowStyles } from '../page/shadow-host';
import { formatNumber, t, uiLocale } from '../i18n';
import { PAGE_UI_CSS } from './page-ui-styles';
import { nextCorner } from '../page/player/placement';
import type { PlayerCorner } from '../settings/player-corner';
import type { PageEstimate } from '../translate/page-types';

/** The question asked before anything is sent. */
export interface EstimateView {
  target: string;
  estimate: PageEstimate;
  onTarget(code: string): void;
  /** The user chose a figure: the screen's or the whole page's. */
  onConfirm(choice: 'screen' | 'page'): void;
  onCancel(): void;
}

/** What the page control shows while a page is translated. */
export interface ControlState {
  target: string;
  done: number;
  total: number;
  spent: number;
  working: boolean;
  paused: boolean;
  /** A problem and what to do next; translated paragraphs stay. */
  error: string | null;
  /** What Resume agrees to spend ("up to 80 credits") when it agrees to more; null otherwise. */
  resumeCost: string | null;
  /** Why the next paragraphs take long (a retry coming, the plan's pace, a slow service); null when they do not. */
  wait: string | null;
}

/** What the page control's buttons do. */
export interface ControlActions {
  onTarget(code: string): void;
  onPause(): void;
  onResume(): void;
  onShowOriginal(): void;
  /** Hears the page in the language it is translated into ("Listen in <language>"); absent where that is not offered. */
  onListen?(): void;
  /** Starts "Translate captions" on the page's largest captioned video; absent where the page has no video. */
  onCaptions?(): void;
}

/** The in-page panel and control, one at a time, in a closed shadow root. */
export interface PageTranslateUi {
  showEstimate(view: EstimateView): void;
  showControl(state: ControlState, actions: ControlActions): void;
  /** Updates the control shown (progress, spending, errors) without moving focus. */
  update(state: ControlState): void;
  close(): void;
}

/** "12 credits" / "1 credit". */
export function creditsText(n: number): string {
  return t(n === 1 ? 'popupCreditsOne' : 'popupCredits', formatNumber(n));
}

/**
 * Creates the page translation's UI: a panel (`role="dialog"`, focus kept inside, Escape cancels)
 * for the estimate, then a small control (`role="region"`) in the page's corner. Text is set as
 * text; keys typed in it do not reach the page's shortcuts.
 */
export function createPageTranslateUi(doc: Document, signal: AbortSignal, place: { corner?: PlayerCorner; moved?(corner: PlayerCorner): void } = {}): PageTranslateUi {
  let corner = place.corner ?? 'bottom-right';
  const { root, host, remove } = createShadowHost(doc, 'voxlate-page-translate');
  setShadowStyles(root, PAGE_UI_CSS);
  const closed = new AbortController();
  isolateKeys(root, closed.signal);
  let view: AbortController | null = null;
  let refresh: ((state: ControlState) => void) | null = null;
  const close = () => {
    view?.abort();
    closed.abort();
    remove();
  };
  signal.addEventListener('abort', close, { signal: closed.signal });
  // The in-page player (while a translation is listened to) keeps clear of the panel and control.
  claimScreenSpace(() => root.querySelector('.box'), closed.signal);

  const fresh = (className: string) => {
    view?.abort();
    view = new AbortController();
    refresh = null;
    root.querySelector('.box')?.remove();
    const box = doc.createElement('div');
    box.className = `box ${className}`;
    box.dataset.corner = corner;
    root.append(box);
    // Light or dark like the page in its corner, once its content is in (before it is painted).
    queueMicrotask(() => box.isConnected && matchPageScheme(host, box.getBoundingClientRect()));
    return { box, listen: { signal: view.signal } };
  };

  return {
    showEstimate({ target, estimate, onTarget, onConfirm, onCancel }) {
      const { box, listen } = fresh('panel');
      box.setAttribute('role', 'dialog');
      box.setAttribute('aria-label', t('pageTranslateDialog'));
      const title = el(doc, 'h2', t('pageTranslateDialog'));
      const lines = [
        el(doc, 'p', t('pageTranslateScreenCost', t('spendUpTo', formatNumber(estimate.screen)))),
        el(doc, 'p', t('pageTranslateWholeCost', t('spendUpTo', formatNumber(estimate.page)))),
      ];
      if (estimate.balance !== null) lines.push(el(doc, 'p', t('bubbleBalance', formatNumber(estimate.balance))));
      const note = el(doc, 'p', t('pageTranslateLazyNote'), 'note');
      const warn = estimate.page > estimate.threshold ? [el(doc, 'p', t('pageTranslateAboveLimit', formatNumber(estimate.threshold)), 'warn')] : [];
      // The figure on each button is what pressing it agrees to; nothing is focused on them by
      // default, so a key pressed to scroll spends nothing.
      const whole = button(doc, t('pageTranslateWholeButton', t('spendUpTo', formatNumber(estimate.page))), () => onConfirm('page'), listen, 'primary');
      const screen = button(doc, t('pageTranslateScreenButton', t('spendUpTo', formatNumber(estimate.screen))), () => onConfirm('screen'), listen);
      const cancel = button(doc, t('bubbleCancel'), () => {
        close();
        onCancel();
      }, listen);
      box.append(title, targetRow(doc, target, onTarget, listen.signal), ...lines, note, ...warn, row(doc, whole, screen, cancel));
      box.addEventListener('keydown', (event) => {
        if (event.key === 'Escape') cancel.click();
        else cycleTab(event, box, root.activeElement);
      }, listen);
      // Focus goes to the dialog itself (Tab reaches the buttons; Escape cancels), never to a button that spends.
      box.tabIndex = -1;
      box.focus();
    },

    showControl(state, actions) {
      const { box, listen } = fresh('control');
      box.setAttribute('role', 'region');
      box.setAttribute('aria-label', t('pageTranslateControl'));
      const status = el(doc, 'p', '', 'status');
      status.setAttribute('role', 'status');
      const problem = el(doc, 'p', '', 'error');
      problem.setAttribute('role', 'alert');
      // Said politely: a wait is no problem, and it changes as the retry or the plan's minute comes.
      const waiting = el(doc, 'p', '', 'note wait');
      waiting.setAttribute('aria-live', 'polite');
      const toggle = button(doc, '', () => (current.paused || current.error ? actions.onResume() : actions.onPause()), listen);
      const original = button(doc, t('pageTranslateShowOriginal'), actions.onShowOriginal, listen);
      const hear = actions.onListen ? button(doc, '', actions.onListen, listen) : null;
      const captions = actions.onCaptions ? button(doc, t('menuTranslateCaptions'), actions.onCaptions, listen) : null;
      // To another corner of the window, out of the way of what the user reads; remembered.
      const move = button(doc, t('pageTranslateMove'), () => {
        corner = nextCorner(corner);
        box.dataset.corner = corner;
        place.moved?.(corner);
        matchPageScheme(host, box.getBoundingClientRect());
      }, listen, 'move');
      box.append(targetRow(doc, state.target, actions.onTarget, listen.signal), status, waiting, problem, row(doc, toggle, original, ...(hear ? [hear] : []), ...(captions ? [captions] : []), move));
      let current = state;
      refresh = (next) => {
        current = next;
        const progress = t('pageTranslateProgress', [formatNumber(next.done), formatNumber(next.total)]);
        const spent = t('pageTranslateSpent', creditsText(next.spent));
        const doing = next.working ? ` · ${t('pageTranslateWorking')}` : next.paused && !next.error ? ` · ${t('pageTranslatePaused')}` : '';
        status.textContent = `${progress} · ${spent}${doing}`;
        if (hear) hear.textContent = t('popupListenIn', languageNameIn(next.target, uiLocale()));
        problem.textContent = next.error ?? '';
        problem.hidden = !next.error;
        waiting.textContent = next.wait ?? '';
        waiting.hidden = !next.wait;
        toggle.textContent = next.resumeCost ? t('pageTranslateResumeCost', next.resumeCost) : next.paused || next.error ? t('pageTranslateResume') : t('pageTranslatePause');
        // Idle (what is on screen is translated, the rest waits for the reader) or done, it
        // shrinks to its status line (a pill) out of the text's way, and opens on hover or when
        // the keyboard reaches its controls (still there for Tab and assistive technology).
        const idle = !next.working && !next.paused && !next.error && !next.resumeCost && !next.wait;
        box.classList.toggle('collapsed', idle);
        // Nothing left to translate: nothing to pause.
        toggle.hidden = idle && next.done >= next.total;
      };
      refresh(state);
    },

    update(state) {
      refresh?.(state);
    },

    close,
  };
}

function targetRow(doc: Document, target: string, onTarget: (code: string) => void, signal: AbortSignal): HTMLElement {
  const picker = createTargetPicker(doc, { languages: LANGUAGES, target, onCommit: onTarget, commitOnLeave: () => true, signal });
  const label = doc.createElement('label');
  label.append(el(doc, 'span', t('bubbleTarget')), picker.select);
  return label;
}

function el(doc: Document, tag: string, text: string, className?: string): HTMLElement {
  const element = doc.createElement(tag);
  element.textContent = text;
  if (className) element.className = className;
  return element;
}

function row(doc: Document, ...children: HTMLElement[]): HTMLElement {
  const actions = doc.createElement('div');
  actions.className = 'actions';
  actions.append(...children);
  return actions;
}

function button(doc: Document, label: string, onClick: () => void, listen: { signal: AbortSignal }, className?: string): HTMLButtonElement {
  const element = doc.createElement('button');
  element.type = 'button';
  element.textContent = label;
  if (className) element.className = className;
  element.addEventListener('click', onClick, listen);
  return element;
}
