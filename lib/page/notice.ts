import { NOTICE_CSS } from './notice-styles';
import { createShadowHost, setShadowStyles } from './shadow-host';

/** What `showPageNotice` shows. */
export interface PageNoticeOptions {
  /** Set as text, never parsed as HTML. */
  message: string;
  tone?: 'info' | 'error';
  actions?: { label: string; onClick: () => void }[];
  /** Closes the notice by itself after this long; stays until closed when absent. */
  timeoutMs?: number;
  /** Accessible name of the close button. Default "Close". */
  closeLabel?: string;
  /** Closes the notice when aborted; pass the content script context's signal. */
  signal?: AbortSignal;
  /** The document to show it in. Default: the current document. */
  doc?: Document;
}

/** A notice on the page. */
export interface PageNotice {
  close(): void;
}

let current: PageNotice | null = null;

/**
 * Shows a small card at the top right of the page, in a closed shadow root, replacing any notice
 * already shown. It closes with its button, Escape, its timeout, an action, or `signal`.
 */
export function showPageNotice(opts: PageNoticeOptions): PageNotice {
  current?.close();
  const doc = opts.doc ?? document;
  const { root, remove } = createShadowHost(doc, 'voxlate-notice');
  const cleanup = new AbortController();
  const notice: PageNotice = {
    close() {
      cleanup.abort();
      remove();
      if (current === notice) current = null;
    },
  };
  current = notice;
  setShadowStyles(root, NOTICE_CSS);
  root.append(buildCard(doc, opts, notice));

  const listen = { signal: cleanup.signal, capture: true };
  doc.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !event.defaultPrevented) notice.close();
  }, listen);
  opts.signal?.addEventListener('abort', () => notice.close(), { signal: cleanup.signal });
  if (opts.signal?.aborted) notice.close();
  if (opts.timeoutMs !== undefined && opts.timeoutMs > 0) {
    const timer = setTimeout(() => notice.close(), opts.timeoutMs);
    cleanup.signal.addEventListener('abort', () => clearTimeout(timer));
  }
  return notice;
}

function buildCard(doc: Document, opts: PageNoticeOptions, notice: PageNotice): HTMLElement {
  const tone = opts.tone ?? 'info';
  const card = doc.createElement('div');
  card.className = 'card';
  card.dataset.tone = tone;
  // Errors interrupt (alert); everything else waits its turn (status).
  card.setAttribute('role', tone === 'error' ? 'alert' : 'status');
  const body = doc.createElement('div');
  body.className = 'body';
  const message = doc.createElement('p');
  message.className = 'message';
  message.textContent = opts.message;
  body.append(message);
  if (opts.actions?.length) {
    const actions = doc.createElement('div');
    actions.className = 'actions';
    for (const action of opts.actions) {
      actions.append(button(doc, action.label, () => {
        notice.close();
        action.onClick();
      }));
    }
    body.append(actions);
  }
  const close = button(doc, '×', () => notice.close());
  close.className = 'close';
  close.setAttribute('aria-label', opts.closeLabel ?? 'Close');
  card.append(body, close);
  return card;
}

function button(doc: Document, label: string, onClick: () => void): HTMLButtonElement {
  const element = doc.createElement('button');
  element.type = 'button';
  element.textContent = label;
  element.addEventListener('click', onClick);
  return element;
}

