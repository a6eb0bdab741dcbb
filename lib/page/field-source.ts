import { createFieldOverlay } from './field-overlay';
import { closestLanguage } from './page-language';
import type { PageSource } from './page-source';

// Input types whose value is free text the user can select (email and number have no selection API).
const TEXT_INPUT_TYPES = new Set(['text', 'search', 'url', 'tel']);

type TextField = HTMLInputElement | HTMLTextAreaElement;

/**
 * The text selected inside the focused `<input>` or `<textarea>` of `win`, or null when the focus
 * is elsewhere or nothing (non-whitespace) is selected. Password fields are never read.
 */
export function readFieldSelection(win: Window): PageSource | null {
  const field = focusedTextField(win.document);
  if (!field) return null;
  const { selectionStart, selectionEnd, value } = field;
  if (selectionStart === null || selectionEnd === null || selectionEnd <= selectionStart) return null;
  const text = value.slice(selectionStart, selectionEnd).trim();
  if (!text) return null;
  const overlay = createFieldOverlay(field);
  return {
    kind: 'field',
    text,
    title: win.document.title,
    languageHint: closestLanguage(field),
    highlight(start, end) {
      const sentence = text.slice(Math.max(0, start), Math.max(0, end)).trim();
      if (sentence) overlay.show(sentence);
      else overlay.remove();
    },
    clearHighlight: () => overlay.remove(),
  };
}

/** Whether the focus is in a password field, whose text is never read, whoever reports it. */
export function isPasswordFocused(doc: Document): boolean {
  const active = focusedElement(doc);
  return active?.tagName === 'INPUT' && (active as HTMLInputElement).type === 'password';
}

function focusedElement(doc: Document): Element | null {
  let active = doc.activeElement;
  // Fields inside open shadow roots (web components) report their host as the active element.
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

function focusedTextField(doc: Document): TextField | null {
  const active = focusedElement(doc);
  if (!active) return null;
  if (active.tagName === 'TEXTAREA') return active as HTMLTextAreaElement;
  if (active.tagName === 'INPUT' && TEXT_INPUT_TYPES.has((active as HTMLInputElement).type)) return active as HTMLInputElement;
  return null;
}
