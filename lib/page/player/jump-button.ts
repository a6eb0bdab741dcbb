import { t } from '../../i18n';
import { icon } from './icons';
import { paragraphAt } from './paragraphs';
import { jumpButtonPlace, type Box, type ParagraphShape } from './placement';
import type { SourcePlaces } from './types';
import { layoutViewport } from '../viewport';

/** How long the button stays after the pointer left its paragraph (time to reach it). */
const LINGER_MS = 800;

export interface JumpWatch {
  places: SourcePlaces;
  sentences: readonly (readonly [number, number])[];
  /** Our host on the page: the pointer over it is over the button, not off the paragraph. */
  host: Element;
  root: ShadowRoot;
  onJump(sentence: number): void;
  signal: AbortSignal;
}

/**
 * While the page is read, a "Read from here" button appears beside the paragraph under the
 * pointer (one holding text of the reading); pressing it goes on reading from that paragraph's
 * first sentence. The button lives in our shadow root; the page's own DOM is never touched.
 */
export function watchParagraphs(watch: JumpWatch): { shown(): boolean } {
  const doc = watch.root.ownerDocument;
  const view = doc.defaultView!;
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'jump';
  button.hidden = true;
  button.append(icon(doc, 'play'), doc.createTextNode(t('pagePlayerJump')));
  watch.root.append(button);

  let target: { element: Element; sentence: number } | null = null;
  let lastHovered: Element | null = null;
  let linger: ReturnType<typeof setTimeout> | undefined;
  const hide = () => {
    // A keyboard user on the button keeps it until they leave it.
    if (watch.root.activeElement === button) return;
    button.hidden = true;
    target = null;
  };
  const show = (found: { element: Element; sentence: number }) => {
    clearTimeout(linger);
    target = found;
    button.hidden = false;
    button.style.removeProperty('height');
    const size = button.getBoundingClientRect();
    const rtl = view.getComputedStyle(found.element).direction === 'rtl';
    const place = jumpButtonPlace(shapeOf(found.element), { width: size.width, height: size.height }, { width: layoutViewport(doc).width }, rtl);
    // No empty space beside it: not shown over its text (the player's own button does the jump).
    if (!place) return void (button.hidden = true);
    button.style.setProperty('left', `${Math.round(place.left)}px`);
    button.style.setProperty('top', `${Math.round(place.top)}px`);
    // Lower in a narrow gap or on a line (its own height was put back above, to measure it).
    if (place.height < size.height) button.style.setProperty('height', `${Math.floor(place.height)}px`);
  };

  button.addEventListener('click', () => {
    if (target) watch.onJump(target.sentence);
  });
  button.addEventListener('keydown', (event) => event.stopPropagation());
  button.addEventListener('blur', () => {
    clearTimeout(linger);
    linger = setTimeout(hide, LINGER_MS);
  });
  const listen = { capture: true, passive: true, signal: watch.signal };
  doc.addEventListener('pointermove', (event) => {
    const hovered = event.target;
    if (hovered === watch.host) return clearTimeout(linger);
    // A node type, not instanceof: a Firefox content script sees the page's nodes through wrappers.
    if (!hovered || (hovered as Node).nodeType !== Node.ELEMENT_NODE || hovered === lastHovered) return;
    lastHovered = hovered as Element;
    const found = paragraphAt(hovered as Element, watch.places, watch.sentences);
    if (found) return found.element === target?.element && !button.hidden ? clearTimeout(linger) : show(found);
    clearTimeout(linger);
    linger = setTimeout(hide, LINGER_MS);
  }, listen);
  // The button follows its paragraph as the page scrolls; what is under the pointer is asked anew.
  let frame = 0;
  view.addEventListener('scroll', () => {
    lastHovered = null;
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      if (target && !button.hidden) show(target);
    });
  }, listen);
  watch.signal.addEventListener('abort', () => {
    clearTimeout(linger);
    cancelAnimationFrame(frame);
    button.remove();
  });
  return { shown: () => !button.hidden };
}

/** A paragraph's box, its text's first and last lines, and the free space above it (viewport px). */
export function shapeOf(element: Element): ParagraphShape {
  const box = element.getBoundingClientRect();
  const range = element.ownerDocument.createRange();
  range.selectNodeContents(element);
  const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
  return { box, firstLine: lineOf(rects, rects[0]), lastLine: lineOf(rects, rects.at(-1)), spaceAbove: box.top - bottomOfTextAbove(element, box.top) };
}

/** The line `seed` is on: every text box beside it, joined. */
function lineOf(rects: readonly DOMRect[], seed: DOMRect | undefined): Box | null {
  if (!seed) return null;
  const middle = seed.top + seed.height / 2;
  const on = rects.filter((r) => r.top <= middle && r.bottom >= middle);
  const left = Math.min(...on.map((r) => r.left));
  const right = Math.max(...on.map((r) => r.right));
  const top = Math.min(...on.map((r) => r.top));
  return { left, top, width: right - left, height: Math.max(...on.map((r) => r.bottom)) - top };
}

/** Where the nearest box before `element` on the page ends (what the gap above it is measured to). */
function bottomOfTextAbove(element: Element, top: number): number {
  for (let node: Element | null = element; node && node !== node.ownerDocument.body; node = node.parentElement) {
    for (let before = node.previousElementSibling; before; before = before.previousElementSibling) {
      const rect = before.getBoundingClientRect();
      if (rect.height > 0 && rect.bottom <= top + 1) return rect.bottom;
    }
  }
  return -Infinity;
}
