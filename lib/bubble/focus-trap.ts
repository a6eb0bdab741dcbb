const FOCUSABLE = 'button:not([disabled]), select:not([disabled]), [tabindex="0"]';

/** Focusable elements inside `container`, in tab order (document order: no positive tabindex is used). */
export function focusableIn(container: ParentNode): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE));
}

/**
 * Keeps Tab and Shift+Tab cycling inside `container` (a modal-like dialog), given the element that
 * has focus inside the shadow root.
 */
export function cycleTab(event: KeyboardEvent, container: HTMLElement, active: Element | null): void {
  if (event.key !== 'Tab') return;
  const items = focusableIn(container);
  if (!items.length) return;
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const inside = active !== null && container.contains(active);
  if (event.shiftKey && (!inside || active === first || active === container)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (!inside || active === last)) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Stops key events from leaving `root`, so typing or pressing keys in the bubble does not
 * trigger the page's own shortcuts. (Page listeners in the capture phase still see them first;
 * nothing inside a page can prevent that.)
 */
export function isolateKeys(root: ShadowRoot, signal: AbortSignal): void {
  for (const type of ['keydown', 'keyup', 'keypress'] as const) {
    root.addEventListener(type, (event) => event.stopPropagation(), { signal });
  }
}
