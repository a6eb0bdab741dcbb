import { t } from '../i18n';
import { setShadowStyles, showInTopLayer } from '../page/shadow-host';

/*
 * Our captions over a video: two lines (the original at once, its translation when it comes) in a
 * closed shadow root placed over the player's box, following its size, the page's scrolling and
 * fullscreen. Page text is set as text only.
 */

const STYLES = `
.box { all: initial; position: absolute; left: 0; right: 0; bottom: 8%; display: flex; flex-direction: column; align-items: center; gap: 2px; pointer-events: none; font: 500 clamp(12px, 3.2cqw, 28px)/1.3 system-ui, sans-serif; }
.line { all: initial; display: block; max-width: 90%; padding: 1px 8px; border-radius: 3px; background: rgba(0,0,0,0.78); color: #fff; font: inherit; text-align: center; white-space: pre-line; }
.line:empty { display: none; }
.translation { color: #ffe9a8; }
.ask { all: initial; pointer-events: auto; display: flex; flex-direction: column; gap: 6px; align-items: center; max-width: 90%; padding: 8px 12px; border-radius: 6px; background: rgba(0,0,0,0.85); color: #fff; font: 14px/1.4 system-ui, sans-serif; text-align: center; }
.ask[hidden] { display: none; }
.row { display: flex; gap: 8px; }
button { all: initial; pointer-events: auto; cursor: pointer; padding: 4px 12px; border-radius: 4px; background: #fff; color: #111; font: 600 13px/1.4 system-ui, sans-serif; }
button:focus-visible { outline: 2px solid #7ab7ff; outline-offset: 2px; }
.bar { position: absolute; top: 6px; left: 6px; right: 6px; display: flex; align-items: flex-start; gap: 6px; pointer-events: none; }
.stop { flex: none; margin-left: auto; }
.stop[hidden] { display: none; }
.tools { display: flex; flex-wrap: wrap; gap: 6px; }
.tools button[hidden] { display: none; }
.option { all: initial; pointer-events: auto; display: flex; gap: 4px; align-items: center; padding: 4px 8px; border-radius: 4px; background: rgba(0,0,0,0.78); color: #fff; font: 13px/1.4 system-ui, sans-serif; cursor: pointer; }
.option[hidden] { display: none; }
.status { all: initial; display: block; padding: 2px 8px; border-radius: 3px; background: rgba(0,0,0,0.85); color: #fff; font: italic 14px/1.4 system-ui, sans-serif; }
.status[hidden] { display: none; }
.working { all: initial; pointer-events: auto; display: flex; gap: 8px; align-items: center; padding: 4px 8px; border-radius: 4px; background: rgba(0,0,0,0.85); color: #fff; font: 14px/1.4 system-ui, sans-serif; }
.working[hidden], .working button[hidden] { display: none; }
.note { all: initial; pointer-events: none; flex-basis: 100%; max-width: 36em; padding: 4px 8px; border-radius: 4px; background: rgba(0,0,0,0.78); color: #fff; font: 13px/1.4 system-ui, sans-serif; }
.note[hidden] { display: none; }
`;

export interface CaptionsOverlay {
  /** The caption on screen now: its original, and its translation when known (null: not yet). */
  show(original: string, translation: string | null): void;
  /** Asks before anything is spent; resolves true for its yes button (Translate unless `yes` says otherwise), false for the other (Cancel unless `no` says otherwise). */
  ask(question: string, figure: string, yes?: string, no?: string): Promise<boolean>;
  /**
   * Offers a caption file (SRT or VTT) from the user's computer, saying `message` (why, and what
   * to do); resolves with the file chosen, or null for Cancel. The file input is ours, in the
   * closed root: the page never sees the file.
   */
  chooseFile(message: string): Promise<File | null>;
  /**
   * Asks as ask() does (Translate, Cancel), with Load captions… beside them: the user's own caption
   * file in place of the video's. Resolves with the file chosen there; the chooser cancelled, the
   * question stays.
   */
  askOrLoad(question: string, figure: string): Promise<boolean | File>;
  /** Shows the Stop button; `onStop` runs when it is chosen. */
  offerStop(onStop: () => void): void;
  /** Shows a button saying `label` ("Listen in Spanish") until it is chosen: then `onListen` runs, in the click. */
  offerListen(label: string, onListen: () => void): void;
  /** Says `text` (what we are doing, "Preparing the speech…") above the captions; null hides it. */
  status(text: string | null): void;
  /** Shows a checkbox saying `label`, unticked; `onChange` runs with its state each time it is ticked or unticked. */
  offerOption(label: string, onChange: (on: boolean) => void): void;
  /** Shows Download SRT, Download VTT and Download spoken track; `onDownload` runs with the one chosen, each time. */
  offerDownloads(onDownload: (format: 'srt' | 'vtt' | 'track') => void): void;
  /** Says what a long task is doing (`text`, as a status) with a Cancel button that runs `onCancel`; null hides both. */
  working(text: string | null, onCancel?: () => void): void;
  /**
   * A calm line of its own under the tools, one per `kind` (Listen's speech cut, the spoken track
   * saved): `text` replaces that line's, null hides it; after `timeoutMs`, if given, it hides itself.
   */
  note(kind: NoteKind, text: string | null, timeoutMs?: number): void;
  remove(): void;
}

/** The overlay's notes, each a line of its own. */
export type NoteKind = 'listen' | 'track';

/** Puts the overlay over `video`; everything it added goes when `signal` aborts or remove() is called. */
export function createCaptionsOverlay(video: HTMLVideoElement, signal: AbortSignal): CaptionsOverlay {
  const doc = video.ownerDocument;
  const host = doc.createElement('voxlate-captions');
  for (const [name, value] of Object.entries({ all: 'initial', position: 'fixed', 'z-index': '2147483647', overflow: 'visible', 'pointer-events': 'none', 'container-type': 'inline-size' })) {
    host.style.setProperty(name, value, 'important');
  }
  const root = host.attachShadow({ mode: 'closed' });
  setShadowStyles(root, STYLES);
  const box = doc.createElement('div');
  box.className = 'box';
  box.setAttribute('role', 'region');
  box.setAttribute('aria-label', t('captionsRegion'));
  const ask = doc.createElement('div');
  ask.className = 'ask';
  ask.hidden = true;
  const original = doc.createElement('div');
  original.className = 'line original';
  original.setAttribute('aria-live', 'polite');
  const translation = doc.createElement('div');
  translation.className = 'line translation';
  translation.setAttribute('aria-live', 'polite');
  const status = doc.createElement('div');
  status.className = 'status';
  status.setAttribute('role', 'status');
  status.hidden = true;
  const working = doc.createElement('div');
  working.className = 'working';
  working.hidden = true;
  const workingText = doc.createElement('span');
  workingText.setAttribute('role', 'status');
  const workingCancel = Object.assign(doc.createElement('button'), { textContent: t('captionsCancelButton') });
  working.append(workingText, workingCancel);
  let cancelWork: (() => void) | undefined;
  workingCancel.addEventListener('click', () => cancelWork?.(), { signal });
  box.append(ask, status, working, original, translation);
  const stop = doc.createElement('button');
  stop.className = 'stop';
  stop.hidden = true;
  stop.textContent = t('captionsStopButton');
  const tools = doc.createElement('div');
  tools.className = 'tools';
  const button = (label: string) => Object.assign(doc.createElement('button'), { textContent: label, hidden: true });
  const listen = button('');
  const srt = button(t('captionsDownloadSrt'));
  const vtt = button(t('captionsDownloadVtt'));
  const track = button(t('captionsDownloadTrack'));
  const option = Object.assign(doc.createElement('label'), { className: 'option', hidden: true });
  const optionBox = Object.assign(doc.createElement('input'), { type: 'checkbox' });
  const optionText = doc.createElement('span');
  option.append(optionBox, optionText);
  // The notes wrap under the tools, each on its line: out of the captions' way, at the top.
  const notes = new Map<NoteKind, { line: HTMLElement; timer?: ReturnType<typeof setTimeout> }>();
  for (const kind of ['listen', 'track'] as const) {
    const line = Object.assign(doc.createElement('div'), { className: 'note', hidden: true });
    line.setAttribute('role', 'status');
    notes.set(kind, { line });
  }
  tools.append(listen, option, srt, vtt, track, ...[...notes.values()].map((note) => note.line));
  // The tools (left) wrap before they reach Stop (right): on a small player none covers another.
  const bar = Object.assign(doc.createElement('div'), { className: 'bar' });
  bar.append(tools, stop);
  root.append(box, bar);

  const place = () => {
    const rect = video.getBoundingClientRect();
    for (const [name, value] of Object.entries({ left: `${rect.left}px`, top: `${rect.top}px`, width: `${rect.width}px`, height: `${rect.height}px` })) {
      host.style.setProperty(name, value, 'important');
    }
  };
  // In fullscreen only the fullscreen element's subtree is drawn: our host goes inside it (or above
  // it in the top layer when the video itself is fullscreen, which holds no children).
  const attach = () => {
    const full = doc.fullscreenElement;
    if (full && full !== video && !(full instanceof HTMLMediaElement)) full.append(host);
    else doc.documentElement.append(host);
    if (host.matches(':popover-open')) host.hidePopover();
    showInTopLayer(host);
    place();
  };
  attach();
  const resize = new ResizeObserver(place);
  resize.observe(video);
  const view = doc.defaultView!;
  view.addEventListener('scroll', place, { passive: true, capture: true, signal });
  view.addEventListener('resize', place, { signal });
  doc.addEventListener('fullscreenchange', attach, { signal });
  const remove = () => {
    for (const note of notes.values()) clearTimeout(note.timer);
    resize.disconnect();
    host.remove();
  };
  signal.addEventListener('abort', remove, { once: true });

  // The question over the player: its lines, then a row of what `buttons` makes, each answering
  // with its value (`cancelled` when the overlay goes); answered, it is hidden and emptied.
  const panel = <T>(lines: readonly string[], cancelled: T, buttons: (answer: (value: T) => void) => HTMLElement[]) =>
    new Promise<T>((resolve) => {
      const answer = (value: T) => {
        ask.hidden = true;
        ask.replaceChildren();
        resolve(value);
      };
      const row = doc.createElement('div');
      row.className = 'row';
      row.append(...buttons(answer));
      ask.replaceChildren(...lines.map((text) => Object.assign(doc.createElement('div'), { textContent: text })), row);
      ask.hidden = false;
      signal.addEventListener('abort', () => answer(cancelled), { once: true });
    });
  const choice = <T>(label: string, value: T, answer: (value: T) => void) => {
    const button = Object.assign(doc.createElement('button'), { textContent: label });
    button.addEventListener('click', () => answer(value), { once: true });
    return button;
  };
  // Load captions…: our own file input, in the closed root (the page never sees the file), and the
  // button that opens the browser's file chooser from its click (a user gesture).
  const loadButton = (chosen: (file: File | null) => void): HTMLElement[] => {
    const input = Object.assign(doc.createElement('input'), { type: 'file', accept: '.srt,.vtt,text/vtt,application/x-subrip', hidden: true });
    const load = Object.assign(doc.createElement('button'), { textContent: t('captionsLoadButton') });
    load.addEventListener('click', () => input.click(), { signal });
    input.addEventListener('change', () => chosen(input.files?.[0] ?? null), { signal });
    return [load, input];
  };

  const setNote = (kind: NoteKind, text: string | null, timeoutMs?: number) => {
    const note = notes.get(kind)!;
    clearTimeout(note.timer);
    note.line.textContent = text ?? '';
    note.line.hidden = text === null;
    if (text !== null && timeoutMs !== undefined) note.timer = setTimeout(() => setNote(kind, null), timeoutMs);
  };

  return {
    show(text, translated) {
      original.textContent = text;
      translation.textContent = text === '' ? '' : (translated ?? '');
    },
    ask(question, figure, yesLabel = t('captionsTranslateButton'), noLabel = t('captionsCancelButton')) {
      return panel([question, figure], false, (answer) => [choice(yesLabel, true, answer), choice(noLabel, false, answer)]);
    },
    chooseFile(message) {
      return panel<File | null>([message], null, (answer) => [...loadButton(answer), choice(t('captionsCancelButton'), null, answer)]);
    },
    askOrLoad(question, figure) {
      return panel<boolean | File>([question, figure], false, (answer) => [
        choice(t('captionsTranslateButton'), true, answer),
        choice(t('captionsCancelButton'), false, answer),
        ...loadButton((file) => {
          if (file) answer(file);
        }),
      ]);
    },
    offerStop(onStop) {
      stop.hidden = false;
      stop.addEventListener('click', onStop, { once: true });
    },
    offerListen(label, onListen) {
      listen.textContent = label;
      listen.hidden = false;
      listen.addEventListener('click', () => {
        listen.hidden = true;
        onListen();
      }, { once: true, signal });
    },
    status(text) {
      status.textContent = text ?? '';
      status.hidden = text === null;
    },
    offerOption(label, onChange) {
      optionText.textContent = label;
      optionBox.checked = false;
      option.hidden = false;
      optionBox.addEventListener('change', () => onChange(optionBox.checked), { signal });
    },
    offerDownloads(onDownload) {
      for (const [el, format] of [[srt, 'srt'], [vtt, 'vtt'], [track, 'track']] as const) {
        el.hidden = false;
        el.addEventListener('click', () => onDownload(format), { signal });
      }
    },
    working(text, onCancel) {
      workingText.textContent = text ?? '';
      working.hidden = text === null;
      cancelWork = onCancel;
      workingCancel.hidden = !onCancel;
    },
    note: setNote,
    remove,
  };
}
