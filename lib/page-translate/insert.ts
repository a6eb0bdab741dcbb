import { isRtl } from '../language';
import { setShadowStyles } from '../page/shadow-host';
import { backgroundBehind, inkOn, isDark } from '../page/colors';
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
  followBlock(text, block);
  root.append(text);
  if (actions) {
    // At the end of the text, shown on hover or focus: no row of buttons under every paragraph.
    const listen = doc.createElement('button');
    listen.type = 'button';
    listen.textContent = actions.listenLabel;
    listen.addEventListener('click', () => actions.onListen(translation));
    text.append(' ', listen);
  }
  if (INSIDE.has(block.tagName)) block.append(host);
  else block.after(host);
  return host;
}

/**
 * The translation reads as the block it translates: the block's font size, weight, family, line
 * height and alignment (a headline stays a headline, a caption a caption), and inks chosen against
 * the background really behind it (a light page in a dark system stays dark-on-light), each
 * meeting WCAG AA contrast there.
 */
function followBlock(text: HTMLElement, block: Element): void {
  const view = block.ownerDocument.defaultView;
  if (!view) return;
  const style = view.getComputedStyle(block);
  for (const [property, value] of [
    ['font-size', style.fontSize],
    ['font-weight', style.fontWeight],
    ['font-family', style.fontFamily],
    ['line-height', style.lineHeight],
    ['text-align', style.textAlign],
  ] as const) {
    if (value) text.style.setProperty(property, value);
  }
  const background = backgroundBehind(block);
  const dark = isDark(background);
  text.style.setProperty('--ink', inkOn(background, dark ? ['#c9d1e0', '#e6ebf3'] : ['#3a4252', '#1f2430']));
  text.style.setProperty('--accent', dark ? '#5c7ab3' : '#8aa4d6');
  text.style.setProperty('--action', inkOn(background, dark ? ['#9bbcff', '#c4d6ff'] : ['#1d4fb8', '#123a8c']));
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
 * The translation's look: the block's own typography (set inline, see followBlock) in a muted ink
 * with a thin line at the start edge, so it reads as an aside to the original; *Listen* at its end,
 * shown on hover or keyboard focus.
 */
export const TRANSLATION_CSS = `
:host { all: initial; display: block; }
.text {
  all: initial; display: block; margin: 0; padding: 0 0 0 10px; border-inline-start: 3px solid var(--accent, #8aa4d6);
  font: 400 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink, #3a4252);
  white-space: pre-wrap; overflow-wrap: anywhere; unicode-bidi: plaintext; text-align: start;
}
button {
  all: initial; display: inline-block; vertical-align: baseline; cursor: pointer; padding: 0 6px; border-radius: 4px;
  font: 600 12px/20px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--action, #1d4fb8);
  opacity: 0; transition: opacity 120ms;
}
:host(:hover) button, button:focus-visible { opacity: 1; }
button:hover { background: rgba(127, 127, 127, 0.15); }
button:focus-visible { outline: 2px solid var(--action, #2f6fde); outline-offset: 1px; }
`;
