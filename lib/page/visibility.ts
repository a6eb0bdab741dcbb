// Elements whose text is never read: code, styles, fallback content and form controls' values.
const SKIPPED_TAGS = new Set([
  'SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'HEAD', 'TITLE', 'META', 'LINK', 'SVG', 'CANVAS',
  'IFRAME', 'OBJECT', 'EMBED', 'VIDEO', 'AUDIO', 'TEXTAREA', 'SELECT', 'INPUT', 'BUTTON',
]);

/**
 * Whether the text inside `element` should not be read: skipped tags, the `hidden` attribute,
 * and, for rendered documents, `display: none` or `visibility: hidden`. Documents without a
 * window (Readability's clone) have no styles, so only the markup is checked there.
 */
export function isSkippedElement(element: Element): boolean {
  if (SKIPPED_TAGS.has(element.tagName.toUpperCase())) return true;
  if (element.hasAttribute('hidden')) return true;
  const view = element.ownerDocument.defaultView;
  if (!view) return false;
  const style = view.getComputedStyle(element);
  return style.display === 'none' || style.visibility === 'hidden' || style.visibility === 'collapse';
}
