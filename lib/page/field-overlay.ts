import { createShadowHost, setShadowStyles, type ShadowHost } from './shadow-host';

const OVERLAY_CSS = `
:host { all: initial; }
.overlay {
  all: initial; box-sizing: border-box; position: fixed; z-index: 2147483647; pointer-events: none;
  max-width: min(480px, calc(100vw - 16px)); padding: 6px 10px; border-radius: 6px;
  background: #ffe45c; color: #111111; box-shadow: 0 2px 10px rgba(0, 0, 0, 0.3);
  font: 400 14px/20px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; white-space: pre-wrap; overflow-wrap: anywhere;
}
`;

const GAP_PX = 6;

/** A box next to a form field showing the sentence being read, which a Highlight cannot paint inside a field. */
export interface FieldOverlay {
  show(text: string): void;
  remove(): void;
}

/**
 * Creates the overlay for `field` lazily: nothing is added to the page until `show` is called.
 * It sits below the field, or above it when there is no room below, and ignores the pointer so it
 * never blocks typing. Hidden from assistive technology: the same sentence is being spoken.
 */
export function createFieldOverlay(field: HTMLElement): FieldOverlay {
  let shadow: ShadowHost | null = null;
  let box: HTMLElement | null = null;
  return {
    show(text) {
      const doc = field.ownerDocument;
      if (!shadow || !box) {
        shadow = createShadowHost(doc, 'voxlate-field-overlay');
        setShadowStyles(shadow.root, OVERLAY_CSS);
        box = doc.createElement('div');
        box.className = 'overlay';
        box.setAttribute('aria-hidden', 'true');
        shadow.root.append(box);
      }
      box.textContent = text;
      place(box, field);
    },
    remove() {
      shadow?.remove();
      shadow = null;
      box = null;
    },
  };
}

function place(box: HTMLElement, field: HTMLElement): void {
  const view = field.ownerDocument.defaultView;
  const rect = field.getBoundingClientRect();
  const height = box.getBoundingClientRect().height;
  const roomBelow = (view?.innerHeight ?? Infinity) - rect.bottom;
  const top = roomBelow >= height + GAP_PX ? rect.bottom + GAP_PX : Math.max(0, rect.top - height - GAP_PX);
  box.style.setProperty('top', `${Math.round(top)}px`);
  box.style.setProperty('left', `${Math.round(Math.max(8, rect.left))}px`);
}
