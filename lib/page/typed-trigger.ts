import { focusedElement, isSensitiveField } from './sensitive';

/*
 * The typed trigger (an option, off by default): three spaces typed at the end of what the user
 * wrote in a text box ask for its translation, as the translate shortcut does there. This runs in
 * every page once the user turns the option on (the worker registers it then), so it is small and
 * reads nothing but the few characters before the caret, and only of the field being typed in.
 */

/** How many spaces in a row ask for the translation. */
export const TRIGGER_SPACES = 3;

/** Spaces as fields hold them: a contenteditable keeps runs of spaces as no-break spaces. An input method's full-width space is not one. */
const SPACE = /^[ \u00a0]$/;

/**
 * Whether the text just before the caret ends with exactly the trigger's spaces after something
 * written: "thanks   " does, "   " and "thanks    " (a fourth space, typed after the first three
 * already asked) do not.
 */
export function endsWithTrigger(before: string): boolean {
  const chars = [...before];
  if (chars.length <= TRIGGER_SPACES) return false;
  const tail = chars.slice(-TRIGGER_SPACES);
  const previous = chars[chars.length - TRIGGER_SPACES - 1]!;
  return tail.every((c) => SPACE.test(c)) && !/\s/.test(previous);
}

type TextField = HTMLInputElement | HTMLTextAreaElement;
// As the bubble's: input types with a caret to read and a selection to replace.
const TEXT_INPUT_TYPES = new Set(['text', 'search', 'url', 'tel']);

function isTextField(element: Element): element is TextField {
  return element.tagName === 'TEXTAREA' || (element.tagName === 'INPUT' && TEXT_INPUT_TYPES.has((element as HTMLInputElement).type));
}

/**
 * The last `count` characters before the caret in the field that has the focus in `doc` (an input,
 * a textarea or a contenteditable, through open shadow roots), or null: no editable field, a
 * sensitive one (never read), read-only, or text selected rather than a caret.
 */
export function textBeforeCaret(doc: Document, count: number): string | null {
  const active = focusedElement(doc);
  if (!active || isSensitiveField(active)) return null;
  if (isTextField(active)) {
    const { selectionStart: caret, selectionEnd: end } = active;
    if (active.readOnly || active.disabled || caret === null || caret !== end) return null;
    return active.value.slice(Math.max(0, caret - count), caret);
  }
  if (!(active as HTMLElement).isContentEditable) return null;
  const selection = doc.getSelection();
  if (!selection || selection.rangeCount === 0 || !selection.isCollapsed || !selection.anchorNode) return null;
  if (!active.contains(selection.anchorNode)) return null;
  const range = doc.createRange();
  range.selectNodeContents(active);
  range.setEnd(selection.anchorNode, selection.anchorOffset);
  return range.toString().slice(-count);
}

/**
 * Calls `onTrigger` when the user types the trigger's last space at the end of what they wrote,
 * and never while an input method is composing (a Chinese or Japanese user's spaces choose
 * characters there), until `signal` aborts. The key's release is what is watched: every editor
 * lets it through, whether it inserts the text itself or lets the browser do it.
 */
export function watchTypedTrigger(win: Window, onTrigger: () => void, signal: AbortSignal): void {
  let composing = false;
  const options = { capture: true, signal };
  win.addEventListener('compositionstart', () => (composing = true), options);
  win.addEventListener('compositionend', () => (composing = false), options);
  win.addEventListener(
    'keyup',
    (event) => {
      // 229: a key an input method took (Chrome and Firefox report it so while composing).
      if (composing || event.isComposing || event.keyCode === 229 || event.key !== ' ') return;
      if (event.ctrlKey || event.altKey || event.metaKey) return;
      const before = textBeforeCaret(win.document, TRIGGER_SPACES + 1);
      if (before !== null && endsWithTrigger(before)) onTrigger();
    },
    options,
  );
}
