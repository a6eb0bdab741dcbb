import { createShadowHost, darkScheme, matchPageScheme, setShadowStyles } from './shadow-host';

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

/** How far from the window's top notices sit (px); see placeNoticesBelow. */
let noticeTop = 16;

/**
 * Puts notices `px` from the window's top: our own pages with a fixed bar there (the PDF reader's
 * toolbar) keep its buttons uncovered. Not a CSS variable: a page could move our notices away.
 */
export function placeNoticesBelow(px: number): void {
  noticeTop = px;
}

/** The notice shown, and how to add a line to it while it asks a question. */
let current: (PageNotice & { asks: boolean; note(text: string, timeoutMs?: number): void }) | null = null;

/**
 * Shows a small card at the top right of the page, in a closed shadow root, replacing any notice
 * already shown. It closes with its button, Escape, its timeout, an action, or `signal`. A notice
 * that asks (it has actions, e.g. a cost to agree to) is not pushed away by a passing note (an info
 * notice without actions, e.g. "still waiting"): the note is added under its question instead.
 */
export function showPageNotice(opts: PageNoticeOptions): PageNotice {
  if (current?.asks && !opts.actions?.length && opts.tone !== 'error') {
    current.note(opts.message, opts.timeoutMs);
    return current;
  }
  current?.close();
  const doc = opts.doc ?? document;
  const { root, host, remove } = createShadowHost(doc, 'voxlate-notice');
  const cleanup = new AbortController();
  const extra = doc.createElement('p');
  extra.className = 'note';
  let noteTimer: ReturnType<typeof setTimeout> | undefined;
  const notice: NonNullable<typeof current> = {
    asks: Boolean(opts.actions?.length),
    close() {
      cleanup.abort();
      clearTimeout(noteTimer);
      remove();
      if (current === notice) current = null;
    },
    note(text, timeoutMs) {
      clearTimeout(noteTimer);
      extra.textContent = text;
      if (!extra.isConnected) root.querySelector('.message')?.after(extra);
      if (timeoutMs !== undefined && timeoutMs > 0) noteTimer = setTimeout(() => extra.remove(), timeoutMs);
    },
  };
  current = notice;
  setShadowStyles(root, NOTICE_CSS);
  const card = buildCard(doc, opts, notice);
  card.style.setProperty('top', `${noticeTop}px`);
  root.append(card);
  matchPageScheme(host, card.getBoundingClientRect());

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

/**
 * Styles of the page notice. Everything is reset and sized in px inside the shadow root, so the
 * page's fonts, rem size and colors cannot reach the card.
 */
export const NOTICE_CSS = `
:host { all: initial; }
.card {
  all: initial; box-sizing: border-box; position: fixed; top: 16px; right: 16px; z-index: 2147483647;
  display: flex; align-items: flex-start; gap: 12px; width: 360px; max-width: calc(100vw - 32px);
  padding: 12px 12px 12px 16px; border-radius: 8px; border: 1px solid #d0d4dc; border-left-width: 4px;
  background: #ffffff; color: #1b1e24; box-shadow: 0 4px 16px rgba(0, 0, 0, 0.18);
  font: 400 14px/20px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; text-align: start;
}
.card[data-tone="info"] { border-left-color: #2f6fde; }
.card[data-tone="error"] { border-left-color: #c62828; }
.body { all: initial; display: flex; flex-direction: column; gap: 8px; flex: 1 1 auto; min-width: 0; font: inherit; color: inherit; }
.message { all: initial; display: block; font: inherit; color: inherit; overflow-wrap: anywhere; white-space: pre-line; }
.note { all: initial; display: block; font: inherit; color: inherit; opacity: 0.85; margin-top: 4px; overflow-wrap: anywhere; }
.actions { all: initial; display: flex; flex-wrap: wrap; gap: 8px; }
button {
  all: initial; box-sizing: border-box; cursor: pointer; font: 600 13px/18px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: #1d4fb8; padding: 4px 8px; border-radius: 4px; border: 1px solid currentColor;
}
button.close { flex: 0 0 auto; width: 24px; height: 24px; padding: 0; border: none; text-align: center; font-size: 18px; line-height: 24px; color: #555b66; }
button:hover { background: rgba(0, 0, 0, 0.06); }
button:focus-visible { outline: 2px solid #2f6fde; outline-offset: 2px; }
${darkScheme(`
  .card { background: #23262d; color: #eceff4; border-color: #3d424d; box-shadow: 0 4px 16px rgba(0, 0, 0, 0.5); }
  .card[data-tone="info"] { border-left-color: #7aa7ff; }
  .card[data-tone="error"] { border-left-color: #ff7b72; }
  button { color: #9bbcff; }
  button.close { color: #b4bac6; }
  button:hover { background: rgba(255, 255, 255, 0.08); }
`)}
`;
