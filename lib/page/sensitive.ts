/*
 * Fields whose text is never read or sent, and where the focus is: small on purpose, since the
 * typed trigger's script (lib/page/typed-trigger.ts), which runs on every page when the user turns
 * it on, needs them too.
 */

/**
 * `autocomplete` tokens of fields whose text is never read or sent: card details, one-time codes
 * and passwords (a text field can hold them too).
 */
const SENSITIVE_AUTOCOMPLETE = /\b(cc-(number|csc|exp|exp-month|exp-year|name|type)|one-time-code|new-password|current-password)\b/i;

/**
 * Attributes by which pages keep a field's text out of recordings and tools (session replay,
 * analytics): on the field or one of its ancestors, they keep it from us too.
 */
const SENSITIVE_MARKS = '[data-sensitive], [data-private], [data-hj-suppress], .fs-exclude, .rr-block';

/** A field whose text is never read or sent: a password, card details, a one-time code, or one the page marks as sensitive. */
export function isSensitiveField(element: Element): boolean {
  if (element.tagName === 'INPUT' && (element as HTMLInputElement).type === 'password') return true;
  if (SENSITIVE_AUTOCOMPLETE.test(element.getAttribute('autocomplete') ?? '')) return true;
  return element.closest(SENSITIVE_MARKS) !== null;
}

/** The focused element of `doc`, through open shadow roots (web components report their host). */
export function focusedElement(doc: Document): Element | null {
  let active = doc.activeElement;
  // Fields inside open shadow roots (web components) report their host as the active element.
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}
