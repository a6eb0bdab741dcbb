import { focusedElement, focusedTextField, isSensitiveField, selectionTextMap } from '../page/selection';

/** Where the selection was when the user asked, so the translation can replace it later. */
export type EditableTarget =
  | { kind: 'field'; element: HTMLInputElement | HTMLTextAreaElement; start: number; end: number }
  | { kind: 'editable'; range: Range };

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
  return { kind: 'editable', range: range.cloneRange() };
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
  const text = selectionTextMap([range]).text.trim();
  return text ? { text, target: { kind: 'editable', range }, element: host } : null;
}

/**
 * Replaces the captured selection with `text`. It restores the selection and focus, then uses
 * `execCommand('insertText')`: deprecated, but still the only way to edit that joins the browser's
 * undo stack, so Ctrl+Z brings the original back, and that page editors (React, ProseMirror) see
 * as typing. Where it does nothing, falls back to a direct edit plus an `input` event.
 * Returns false when the target is gone or no longer editable.
 */
export async function replaceSelection(target: EditableTarget, text: string): Promise<boolean> {
  return target.kind === 'field' ? replaceInField(target, text) : replaceInEditable(target.range, text);
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

async function replaceInEditable(range: Range, text: string): Promise<boolean> {
  const host = editingHost(range.startContainer);
  const win = range.startContainer.ownerDocument?.defaultView;
  if (!host || !host.isConnected || !win) return false;
  host.focus({ preventScroll: true });
  const selection = win.getSelection();
  if (!selection) return false;
  selection.removeAllRanges();
  selection.addRange(range);
  // Editors that keep their own selection (Lexical) take the new one from the browser's
  // `selectionchange`, which comes as a task of its own: the edit waits for it, or it would
  // apply to where their caret was.
  await selectionTaken(host.ownerDocument, win);
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
