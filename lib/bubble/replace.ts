import { focusedElement, focusedTextField, isSensitiveField, selectionTextMap } from '../page/selection';

/**
 * Where the selection was when the user asked, so the translation can replace it later; for an
 * editor, when (`Date.now()`) they asked.
 */
export type EditableTarget =
  | { kind: 'field'; element: HTMLInputElement | HTMLTextAreaElement; start: number; end: number }
  | { kind: 'editable'; range: Range; at: number };

/**
 * How long after the user asked an editor's edit waits at the least. Editors keep their own undo
 * history and fold quick edits into one step (Quill: every change within 1 s of the step's first),
 * so an edit that came sooner after the last keystroke would join what was typed, and one Ctrl+Z
 * would take both away. The user asked after that keystroke. (A field's undo is the browser's,
 * which keeps an insertText over a selection a step of its own.)
 */
export const EDITOR_UNDO_STEP_MS = 1_000;

// Input types with a selection API; email and number have none, password is never touched.
const TEXT_INPUT_TYPES = new Set(['text', 'search', 'url', 'tel']);

/**
 * The editable place of the current selection in `win`: the selected part of the focused input
 * or textarea (through open shadow roots), else a selection inside a contenteditable element.
 * Null when nothing is selected or it cannot be edited (read-only, disabled, ordinary text).
 */
export function captureEditableTarget(win: Window): EditableTarget | null {
  const active = focusedElement(win.document);
  if (active && isSensitiveField(active)) return null;
  if (active && isTextField(active)) {
    const { selectionStart: start, selectionEnd: end } = active;
    if (active.readOnly || active.disabled || start === null || end === null || end <= start) return null;
    return { kind: 'field', element: active, start, end };
  }
  const selection = win.getSelection();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  const host = editingHost(range.startContainer);
  // Both ends in the same editing host: a selection reaching out of it cannot be replaced as one.
  if (!host || editingHost(range.endContainer) !== host) return null;
  return { kind: 'editable', range: range.cloneRange(), at: Date.now() };
}

/** What the user wrote in the field that has the focus: its whole text, where it goes back, and where it is on screen. */
export interface WrittenText {
  text: string;
  target: EditableTarget;
  element: Element;
}

/**
 * What the user wrote in the editable field that has the focus in `win` (an input or textarea, or
 * a contenteditable editor, through open shadow roots): the part selected in it, else its whole
 * text. Null when the focus is on no editable field, on a read-only, disabled or sensitive one (a
 * password, card details: never read), or there is only whitespace.
 */
export function captureWrittenText(win: Window): WrittenText | null {
  const active = focusedElement(win.document);
  if (!active || isSensitiveField(active)) return null;
  const selected = captureEditableTarget(win);
  if (selected?.kind === 'field') {
    const text = selected.element.value.slice(selected.start, selected.end).trim();
    return text ? { text, target: selected, element: selected.element } : null;
  }
  if (selected) {
    const host = editingHost(selected.range.startContainer)!;
    const text = selectionTextMap([selected.range]).text.trim();
    return text && !isSensitiveField(host) ? { text, target: selected, element: host } : null;
  }
  const field = focusedTextField(win.document);
  if (field) {
    if (field.readOnly || field.disabled || !field.value.trim()) return null;
    return { text: field.value.trim(), target: { kind: 'field', element: field, start: 0, end: field.value.length }, element: field };
  }
  const host = editingHost(active);
  if (!host || isSensitiveField(host)) return null;
  const range = host.ownerDocument.createRange();
  range.selectNodeContents(host);
  const text = linesOf(host) ?? selectionTextMap([range]).text.trim();
  return text ? { text, target: { kind: 'editable', range, at: Date.now() }, element: host } : null;
}

/** Characters editors put in empty lines and around inline parts to hold the caret (Slate, Lexical): not written. */
const CARET_HOLDERS = /[\u200b\ufeff]/g;

/**
 * What was written in a whole editor, line by line as the user sees it: each line its own, an empty
 * line kept (its rendered text, innerText: a line is a block or a break there, where the page's text
 * map would make every line a paragraph and its translation would come back with blank lines
 * between). Null where the engine renders nothing to read it from.
 */
function linesOf(host: HTMLElement): string | null {
  const rendered = host.innerText as string | undefined;
  if (typeof rendered !== 'string') return null;
  const text = rendered.replace(CARET_HOLDERS, '').replace(/\u00a0/g, ' ').replace(/[ \t]+\n/g, '\n').trim();
  return text || null;
}

/**
 * Replaces the captured selection with `text`. It restores the selection and focus, then uses
 * `execCommand('insertText')`: deprecated, but still the only way to edit that joins the browser's
 * undo stack, so Ctrl+Z brings the original back, and that page editors (React, ProseMirror) see
 * as typing. In an editor, the edit comes no sooner than EDITOR_UNDO_STEP_MS after the user
 * asked, and is first offered as typing is announced (see editorTook): an editor that makes its
 * own edits (Slate, Draft.js) makes it. Where nothing edits, falls back to a direct edit plus an
 * `input` event. Returns false when the target is gone or no longer editable, or the editor that
 * took the edit does not show it (it refused it).
 */
export async function replaceSelection(target: EditableTarget, text: string): Promise<boolean> {
  return target.kind === 'field' ? replaceInField(target, text) : replaceInEditable(target, text);
}

function replaceInField(target: Extract<EditableTarget, { kind: 'field' }>, text: string): boolean {
  const { element, start, end } = target;
  if (!element.isConnected || element.readOnly || element.disabled) return false;
  element.focus({ preventScroll: true });
  element.setSelectionRange(start, end);
  const before = element.value;
  if (insertText(element.ownerDocument, text) && element.value !== before) return true;
  element.setRangeText(text, start, end, 'end');
  fireInput(element, text);
  return true;
}

async function replaceInEditable({ range, at }: Extract<EditableTarget, { kind: 'editable' }>, text: string): Promise<boolean> {
  const win = range.startContainer.ownerDocument?.defaultView;
  if (!win) return false;
  const wait = at + EDITOR_UNDO_STEP_MS - Date.now();
  if (wait > 0) await new Promise((resolve) => win.setTimeout(resolve, wait));
  const host = editingHost(range.startContainer);
  if (!host || !host.isConnected) return false;
  host.focus({ preventScroll: true });
  const selection = win.getSelection();
  if (!selection) return false;
  selection.removeAllRanges();
  selection.addRange(range);
  // Editors that keep their own selection (Lexical) take the new one from the browser's
  // `selectionchange`, which comes as a task of its own: the edit waits for it, or it would
  // apply to where their caret was.
  await selectionTaken(host.ownerDocument, win);
  // An editor that took the edit may still refuse it (read-only state, a filter): it counts once it shows.
  if (editorTook(host, range, text)) return shownBy(host, text, win);
  if (insertText(host.ownerDocument, text)) return true;
  range.deleteContents();
  const node = host.ownerDocument.createTextNode(text);
  range.insertNode(node);
  range.setStartAfter(node);
  range.collapse(true);
  selection.removeAllRanges();
  selection.addRange(range);
  fireInput(host, text);
  return true;
}

/** The browser has told the page of the selection just set (or 100 ms passed: an engine that tells nothing). */
function selectionTaken(doc: Document, win: Window): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      doc.removeEventListener('selectionchange', done);
      win.clearTimeout(timer);
      // After the page's own listeners for that event have run.
      win.setTimeout(resolve, 0);
    };
    const timer = win.setTimeout(done, 100);
    doc.addEventListener('selectionchange', done);
  });
}

/** How long an editor that took the edit may take to render it (React renders in a later task). */
export const EDITOR_RENDER_MS = 1_000;

/** Text without what an editor may render differently: spaces, line breaks (its blocks' text joins without one) and caret holders. */
const readable = (text: string) => text.replace(CARET_HOLDERS, '').replace(/\s+/gu, '');

/** Whether `host` shows `text` now or within EDITOR_RENDER_MS (its next changes are watched, not polled). */
function shownBy(host: HTMLElement, text: string, win: Window): Promise<boolean> {
  const wanted = readable(text);
  const shows = () => readable(host.textContent ?? '').includes(wanted);
  if (shows()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const end = (shown: boolean) => {
      observer.disconnect();
      win.clearTimeout(timer);
      resolve(shown);
    };
    const observer = new (win as Window & typeof globalThis).MutationObserver(() => shows() && end(true));
    observer.observe(host, { childList: true, characterData: true, subtree: true });
    const timer = win.setTimeout(() => end(shows()), EDITOR_RENDER_MS);
  });
}

/**
 * Offers the edit to the page's editor as the browser announces typing: a cancelable `beforeinput`
 * for the range, then (where the engine has it) the older `textInput`. `execCommand` announces
 * neither. Editors that make every edit themselves from `beforeinput` (Slate) would see the DOM
 * change under them while their document stays as it was; those that do from React's
 * `onBeforeInput`, made of `textInput` in Chromium (Draft.js), would get an edit the browser made
 * its own way (Chromium drops the editor's spans when a text with spaces replaces all of theirs).
 * An editor that makes the edit cancels the event, as it does for typing; otherwise nothing
 * happened (an event from a script has no default action) and `execCommand` does it. True when
 * an editor took it (it may render it later, or refuse it: see shownBy).
 */
function editorTook(host: HTMLElement, range: Range, text: string): boolean {
  const view = host.ownerDocument.defaultView;
  if (!view) return false;
  if (view.InputEvent && view.StaticRange) {
    const targetRanges = [new view.StaticRange(range)];
    const init = { inputType: 'insertText', data: text, targetRanges, bubbles: true, cancelable: true, composed: true };
    if (!host.dispatchEvent(new view.InputEvent('beforeinput', init))) return true;
  }
  const textInput = legacyTextInput(host.ownerDocument, text);
  return textInput !== null && !host.dispatchEvent(textInput);
}

/** A cancelable `textInput` event (WebKit's TextEvent, not in the standard's typings), or null where the engine has none. */
function legacyTextInput(doc: Document, text: string): Event | null {
  try {
    const event = doc.createEvent('TextEvent') as Event & { initTextEvent?: (type: string, bubbles: boolean, cancelable: boolean, view: Window | null, data: string) => void };
    if (typeof event.initTextEvent !== 'function') return null;
    event.initTextEvent('textInput', true, true, doc.defaultView, text);
    return event;
  } catch {
    return null;
  }
}

function insertText(doc: Document, text: string): boolean {
  // Some engines (and test DOMs) lack it or throw instead of returning false.
  try {
    return typeof doc.execCommand === 'function' && doc.execCommand('insertText', false, text);
  } catch {
    return false;
  }
}

function fireInput(element: HTMLElement, text: string): void {
  const view = element.ownerDocument.defaultView;
  const init = { bubbles: true, inputType: 'insertReplacementText', data: text };
  element.dispatchEvent(view?.InputEvent ? new view.InputEvent('input', init) : new Event('input', { bubbles: true }));
}

function isTextField(element: Element): element is HTMLInputElement | HTMLTextAreaElement {
  if (element.tagName === 'TEXTAREA') return true;
  return element.tagName === 'INPUT' && TEXT_INPUT_TYPES.has((element as HTMLInputElement).type);
}

/** The contenteditable element that edits `node`, or null when it is not editable. */
function editingHost(node: Node): HTMLElement | null {
  let element: Element | null = node.nodeType === 1 ? (node as Element) : node.parentElement;
  if (!element || !(element as HTMLElement).isContentEditable) return null;
  // Walk up to the outermost editable ancestor: focus belongs to the editing host, not an inner node.
  while (element.parentElement && (element.parentElement as HTMLElement).isContentEditable) element = element.parentElement;
  return element as HTMLElement;
}
