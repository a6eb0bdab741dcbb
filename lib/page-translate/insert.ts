import { isRtl } from '../language';
import { setShadowStyles } from '../page/shadow-host';
import { TRANSLATION_ATTRIBUTE } from './blocks';

/** Tag of the element holding one paragraph's translation. */
export const TRANSLATION_TAG = 'voxlate-translation';
/** Class on it, for people who style or filter pages (user styles, readers). */
export const TRANSLATION_CLASS = 'voxlate-translation';

// Blocks that cannot take a sibling of another kind (a list item, a cell) get it inside, last.
const INSIDE = new Set(['LI', 'TD', 'TH', 'DT', 'DD', 'SUMMARY', 'CAPTION', 'FIGCAPTION', 'LEGEND']);

/** What a translated paragraph offers beside its text. */
export interface TranslationActions {
  listenLabel: string;
  onListen: (text: string) => void;
}

/**
 * Puts `translation` under `block` in the page's flow: a block element of our own with a closed
 * shadow root holding the text (as text, never HTML). The host's inline `!important` styles
 * outrank any page stylesheet, and the shadow root keeps page CSS off the text, so a hostile page
 * can neither hide it nor restyle it. Marked with `lang`, `dir`, a class and a data attribute.
 * Returns the inserted element; removing it leaves the page as it was.
 */
export function insertTranslation(block: Element, translation: string, lang: string, actions?: TranslationActions): HTMLElement {
  const doc = block.ownerDocument;
  const host = doc.createElement(TRANSLATION_TAG);
  host.setAttribute(TRANSLATION_ATTRIBUTE, '');
  host.className = TRANSLATION_CLASS;
  host.lang = lang;
  host.dir = isRtl(lang) ? 'rtl' : 'ltr';
  for (const [property, value] of HOST_STYLE) host.style.setProperty(property, value, 'important');
  const root = host.attachShadow({ mode: 'closed' });
  setShadowStyles(root, TRANSLATION_CSS);
  const text = doc.createElement('p');
  text.className = 'text';
  text.lang = lang;
  text.dir = host.dir;
  text.textContent = translation;
  root.append(text);
  if (actions) {
    const listen = doc.createElement('button');
    listen.type = 'button';
    listen.textContent = actions.listenLabel;
    listen.addEventListener('click', () => actions.onListen(translation));
    root.append(listen);
  }
  if (INSIDE.has(block.tagName)) block.append(host);
  else block.after(host);
  return host;
}

/** Removes every translation Voxlate put in `doc` (including any left by an earlier run). */
export function removeTranslations(doc: Document): void {
  doc.querySelectorAll(`${TRANSLATION_TAG}[${TRANSLATION_ATTRIBUTE}]`).forEach((node) => node.remove());
}

// `all: initial` first, so nothing the page sets on our tag, class or attribute applies.
const HOST_STYLE: [string, string][] = [
  ['all', 'initial'],
  ['display', 'block'],
  ['position', 'static'],
  ['box-sizing', 'border-box'],
  ['margin', '0.25em 0 0.75em'],
  ['padding', '0 0 0 0'],
  ['max-width', '100%'],
  ['visibility', 'visible'],
  ['opacity', '1'],
  ['float', 'none'],
  ['clear', 'none'],
  ['transform', 'none'],
  ['contain', 'layout style'],
];

/**
 * The translation's look: the page's own font size (1em of the block), a muted color with a
 * thin line at the start edge, so it reads as an aside to the original, in light and dark pages.
 */
export const TRANSLATION_CSS = `
:host { all: initial; display: block; }
.text {
  all: initial; display: block; margin: 0; padding: 0 0 0 10px; border-inline-start: 3px solid #8aa4d6;
  font: 400 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #3a4252;
  white-space: pre-wrap; overflow-wrap: anywhere; unicode-bidi: plaintext; text-align: start;
}
button {
  all: initial; display: inline-block; margin: 2px 0 0 13px; cursor: pointer; padding: 0 6px; border-radius: 4px;
  font: 600 12px/20px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d4fb8;
}
button:hover { background: rgba(0, 0, 0, 0.06); }
button:focus-visible { outline: 2px solid #2f6fde; outline-offset: 1px; }
@media (prefers-color-scheme: dark) {
  .text { color: #c9d1e0; border-inline-start-color: #5c7ab3; }
  button { color: #9bbcff; }
}
`;
