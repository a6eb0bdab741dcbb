import { createShadowHost, matchPageScheme, setShadowStyles, showInTopLayer } from '../page/shadow-host';
import { BUBBLE_CSS } from './bubble-styles';
import { layoutViewport } from '../page/viewport';
import { makeButton, renderConfirm, renderError, renderResult, renderWaiting, type BubbleError, type BubbleResult } from './bubble-view';
import { cycleTab, isolateKeys } from './focus-trap';
import type { BubbleLabels } from './labels';
import { placeBubble, type AnchorRect } from './placement';
import { takeBubbleShell } from './shell';
import { createTargetPicker } from './target-picker';

export type { BubbleError, BubbleResult } from './bubble-view';

/** What the bubble is placed beside and what it offers. Callbacks run in the content script. */
export interface TranslationBubbleOptions {
  /**
   * The selection's rectangle in viewport coordinates. Prefer a function (e.g. of the Range): it
   * is asked again on every scroll, so the bubble also follows scrolling inside page containers.
   * A fixed rectangle follows the window's scrolling only.
   */
  anchor: AnchorRect | (() => AnchorRect);
  languages: readonly { code: string; name: string; native: string }[];
  /** Code of the selected target language. */
  target: string;
  labels: BubbleLabels;
  /**
   * The user chose another target explicitly (Enter, a pick from the list, or leaving the picker on
   * it); never for each arrow key or type-ahead letter.
   */
  onTarget(code: string): void;
  /** May return a promise; "copied" is shown once it resolves. */
  onCopy(): void | Promise<unknown>;
  onListen(): void;
  /** Absent when the selection is not in an editable field: then there is no Replace button. */
  onReplace?(): void;
  /** "Add to glossary…" under a translation, with its label; absent: not offered (a long text). */
  glossary?: { label: string; onAdd(): void };
  /** Called when the user closes the bubble (close button, Escape, click outside), not on close(). */
  onClose(): void;
  /** Closes the bubble when aborted; pass the content script context's signal. */
  signal?: AbortSignal;
  /** The document to show it in. Default: the current document. */
  doc?: Document;
}

/** The bubble on the page. */
export interface TranslationBubble {
  /** The waiting state; `note` says why it lasts (e.g. "The service is busy; trying again in 12 s."). */
  showWaiting(note?: string): void;
  showResult(r: BubbleResult): void;
  showError(e: BubbleError): void;
  /**
   * Asks before a translation that costs more than the user's threshold. Translate calls
   * `onConfirm`; Cancel closes the bubble (and calls onClose). `question`: its own words, in place
   * of the labels' (the figure covering the translation back as well).
   */
  showConfirm(c: { cost: number; onConfirm(): void; question?: string }): void;
  /** Selects a target in the picker without calling onTarget. */
  setTarget(code: string): void;
  /** Takes the bubble off the page without calling onClose. Safe to call twice. */
  close(): void;
  /** The dialog element (inside the closed shadow root), for tests. */
  element: HTMLElement;
}

let current: TranslationBubble | null = null;

/**
 * Shows the translation bubble beside the selection, in a closed shadow root on a host appended
 * to the document element, replacing any bubble already shown. When the background painted the
 * bubble's shell at the click (see shell.ts), the bubble takes its host over: same place on the
 * page, nothing removed and added again.
 */
export function createTranslationBubble(opts: TranslationBubbleOptions): TranslationBubble {
  current?.close();
  const doc = opts.doc ?? document;
  const shell = takeBubbleShell(doc);
  if (shell) {
    shell.root.replaceChildren();
    // The shell was painted by a small injected function; the bubble it becomes asks about money.
    showInTopLayer(shell.host);
  }
  const { root, host, remove } = shell ? { ...shell, remove: () => shell.host.remove() } : createShadowHost(doc, 'voxlate-bubble');
  const bubble = mountTranslationBubble(root, host, remove, opts);
  current = bubble;
  return bubble;
}

/**
 * Builds the bubble inside `root` (whose host is `host`). createTranslationBubble always passes a
 * closed root; tests pass an open one, since a closed root cannot be inspected from outside.
 */
export function mountTranslationBubble(
  root: ShadowRoot,
  host: HTMLElement,
  remove: () => void,
  opts: TranslationBubbleOptions,
): TranslationBubble {
  const doc = root.ownerDocument;
  const win = doc.defaultView!;
  const { labels } = opts;
  const cleanup = new AbortController();
  const listen = { signal: cleanup.signal };
  const previousFocus = doc.activeElement instanceof win.HTMLElement ? doc.activeElement : null;
  let closed = false;
  let frame = 0;
  let copyTimer: ReturnType<typeof setTimeout> | undefined;

  setShadowStyles(root, BUBBLE_CSS);
  const dialog = doc.createElement('div');
  dialog.className = 'bubble';
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-label', labels.dialog);
  dialog.tabIndex = -1;
  const closeButton = makeButton(doc, '×', () => dismiss(true));
  const picker = createTargetPicker(doc, {
    languages: opts.languages,
    target: opts.target,
    onCommit: (code) => opts.onTarget(code),
    commitOnLeave: (next) => next !== closeButton,
    signal: cleanup.signal,
  });
  const select = picker.select;
  closeButton.className = 'close';
  closeButton.setAttribute('aria-label', labels.close);
  const header = doc.createElement('div');
  header.className = 'header';
  const label = doc.createElement('label');
  const labelText = doc.createElement('span');
  labelText.textContent = labels.target;
  label.append(labelText, select);
  header.append(label, closeButton);
  let content: HTMLElement = doc.createElement('div');
  dialog.append(header, content);
  root.append(dialog);

  const anchor = typeof opts.anchor === 'function' ? opts.anchor : scrolledWithWindow(win, opts.anchor);
  let size = { width: 0, height: 0 };
  const place = () => {
    const viewport = layoutViewport(doc);
    const p = placeBubble(anchor(), size, viewport);
    dialog.style.setProperty('top', `${Math.round(p.top)}px`);
    dialog.style.setProperty('left', `${Math.round(p.left)}px`);
    if (p.maxHeight === null) dialog.style.removeProperty('max-height');
    else dialog.style.setProperty('max-height', `${Math.floor(p.maxHeight)}px`);
    // Light or dark like the page where it now sits.
    matchPageScheme(host, { left: p.left, top: p.top, width: size.width, height: Math.min(size.height, p.maxHeight ?? size.height) });
  };
  // Measured only when the content or the viewport changes; scrolling just moves it.
  const relayout = () => {
    dialog.style.removeProperty('max-height');
    const rect = dialog.getBoundingClientRect();
    size = { width: rect.width, height: rect.height };
    place();
  };
  const schedule = () => {
    frame ||= win.requestAnimationFrame(() => {
      frame = 0;
      place();
    });
  };

  function teardown(): void {
    if (closed) return;
    closed = true;
    cleanup.abort();
    if (frame) win.cancelAnimationFrame(frame);
    clearTimeout(copyTimer);
    remove();
    if (current === bubble) current = null;
  }

  function dismiss(restoreFocus: boolean): void {
    if (closed) return;
    const focusInside = doc.activeElement === host;
    teardown();
    if (restoreFocus && focusInside && previousFocus?.isConnected) previousFocus.focus({ preventScroll: true });
    opts.onClose();
  }

  /** Shows `next`, and brings the focus to `focusTarget` (null: where it is, e.g. the field just written in). */
  function show(next: HTMLElement, focusTarget: HTMLElement | null): void {
    if (closed) return;
    content.replaceWith(next);
    content = next;
    relayout();
    // Keep focus on the picker while the user is choosing; otherwise bring it to what is new.
    if (focusTarget && root.activeElement !== select) focusTarget.focus({ preventScroll: true });
  }

  async function copy(button: HTMLButtonElement): Promise<void> {
    try {
      await opts.onCopy();
    } catch {
      return; // The caller reports its own failure; "copied" would be a lie.
    }
    if (closed) return;
    button.textContent = labels.copied;
    clearTimeout(copyTimer);
    copyTimer = setTimeout(() => (button.textContent = labels.copy), 1500);
  }

  // At document level an event from inside the shadow root is retargeted to the host.
  const fromBubble = (event: Event) => event.target === host || event.composedPath().includes(host);

  isolateKeys(root, cleanup.signal);
  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      dismiss(true);
    } else {
      cycleTab(event, dialog, root.activeElement);
    }
  }, listen);
  doc.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !fromBubble(event)) dismiss(false);
  }, { ...listen, capture: true });
  doc.addEventListener('pointerdown', (event) => {
    if (!fromBubble(event)) dismiss(false);
  }, { ...listen, capture: true });
  // Capture: scrolling inside a page container moves the selection too.
  win.addEventListener('scroll', schedule, { ...listen, capture: true, passive: true });
  win.addEventListener('resize', relayout, listen);
  opts.signal?.addEventListener('abort', teardown, listen);

  const bubble: TranslationBubble = {
    showWaiting: (note) => show(renderWaiting(doc, labels, note), closeButton),
    showResult(r) {
      const handlers = {
        copy: (button: HTMLButtonElement) => void copy(button),
        listen: () => opts.onListen(),
        ...(opts.onReplace ? { replace: () => opts.onReplace?.() } : {}),
        ...(opts.glossary ? { glossary: { label: opts.glossary.label, onClick: () => opts.glossary?.onAdd() } } : {}),
      };
      const view = renderResult(doc, labels, r, handlers);
      // Put in place at once: the user goes on in their field (Ctrl+Z there brings back what they wrote).
      show(view, r.replaced ? null : view.querySelector<HTMLElement>('.translation')!);
    },
    showError(e) {
      const view = renderError(doc, e);
      show(view, view.querySelector('button') ?? closeButton);
    },
    showConfirm({ cost, onConfirm, question }) {
      const view = renderConfirm(doc, labels, cost, { confirm: onConfirm, cancel: () => dismiss(true) }, question);
      show(view, view.querySelector<HTMLElement>('.question')!);
    },
    setTarget(code) {
      picker.setValue(code);
    },
    close: teardown,
    element: dialog,
  };
  relayout();
  closeButton.focus({ preventScroll: true });
  if (opts.signal?.aborted) teardown();
  return bubble;
}

/** A rectangle taken once, moved by the window's scrolling since. */
function scrolledWithWindow(win: Window, rect: AnchorRect): () => AnchorRect {
  const x = win.scrollX;
  const y = win.scrollY;
  return () => {
    const dx = win.scrollX - x;
    const dy = win.scrollY - y;
    return { top: rect.top - dy, bottom: rect.bottom - dy, left: rect.left - dx, right: rect.right - dx };
  };
}
