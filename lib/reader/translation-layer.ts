import { isRtl } from '../language';
import type { PageBlock } from '../page-translate/blocks';
import type { TranslationSurface } from '../page-translate/session';
import type { TranslationActions } from '../page-translate/insert';
import type { Block, Box } from './types';

/** What the layer needs of the viewer: the page elements pdf.js lays out, and when their layout changes. */
export interface PageFrames {
  /** The element of a page (0-based), or null. */
  pageElement(page: number): HTMLElement | null;
  /** Page size in page units. */
  pageSize(page: number): { width: number; height: number };
  onLayout(listener: () => void): void;
}

/**
 * Page translation in the reader: each block of the PDF gets boxes over where it is drawn (in a
 * layer of our own above pdf.js's pages, which pdf.js never clears), so the page translation's
 * session finds, watches and fills them as it does a web page's paragraphs. A translation covers
 * its paragraph in place, flowing across the paragraph's boxes (a paragraph cut by a column or a
 * page has several), in a size that fits; Show original takes them all away.
 */
export function pdfTranslationSurface(doc: Document, viewer: HTMLElement, frames: PageFrames, blocks: () => readonly Block[]): TranslationSurface {
  const layer = doc.createElement('div');
  layer.className = 'voxlate-translations';
  const pages = new Map<number, HTMLElement>();
  const placed: { block: Block; boxes: HTMLElement[] }[] = [];

  const pageLayer = (page: number) => {
    let box = pages.get(page);
    if (!box) {
      box = doc.createElement('div');
      box.className = 'voxlate-translation-page';
      layer.append(box);
      pages.set(page, box);
    }
    return box;
  };
  const layout = () => {
    for (const [page, box] of pages) {
      const element = frames.pageElement(page);
      if (!element) continue;
      box.style.left = `${element.offsetLeft + element.clientLeft}px`;
      box.style.top = `${element.offsetTop + element.clientTop}px`;
      box.style.width = `${element.clientWidth}px`;
      box.style.height = `${element.clientHeight}px`;
      box.style.setProperty('--scale', String(element.clientWidth / frames.pageSize(page).width));
    }
    for (const { boxes } of placed) boxes.forEach(fit);
  };
  frames.onLayout(layout);

  const boxFor = (box: Box, block: Block) => {
    const size = frames.pageSize(box.page);
    // A little wider than the text's own extent: the page's glyphs must not show at its edges.
    const pad = block.size * 0.2;
    const x0 = Math.max(0, box.x0 - pad);
    const x1 = Math.min(size.width, box.x1 + 2 * pad);
    const top = Math.max(0, box.top - pad / 2);
    const bottom = Math.min(size.height, box.bottom + pad);
    const element = doc.createElement('div');
    element.className = 'voxlate-translation-box';
    element.style.left = `${(100 * x0) / size.width}%`;
    element.style.top = `${(100 * top) / size.height}%`;
    element.style.width = `${(100 * (x1 - x0)) / size.width}%`;
    element.style.height = `${(100 * (bottom - top)) / size.height}%`;
    element.style.setProperty('--size', String(block.size));
    pageLayer(box.page).append(element);
    return element;
  };

  return {
    blocks() {
      if (!layer.isConnected) viewer.append(layer);
      const found: PageBlock[] = [];
      for (const block of blocks()) {
        if (!/\p{L}/u.test(block.text)) continue;
        const boxes = block.boxes.map((box) => boxFor(box, block));
        placed.push({ block, boxes });
        // Its first box stands for the block: where it is on screen (what the session watches).
        found.push({ element: boxes[0]!, text: block.text, source: null });
      }
      layout();
      return found;
    },
    show(pageBlock, translation, lang, actions) {
      const entry = placed.find(({ boxes }) => boxes[0] === pageBlock.element);
      if (!entry) return;
      const parts = shareOut(translation, entry.boxes.map((box) => box.clientWidth * box.clientHeight));
      entry.boxes.forEach((box, i) => {
        box.replaceChildren();
        const text = doc.createElement('p');
        text.lang = lang;
        text.dir = isRtl(lang) ? 'rtl' : 'ltr';
        text.textContent = parts[i] ?? '';
        if (i === entry.boxes.length - 1) text.append(' ', listenButton(doc, translation, actions));
        box.append(text);
        box.classList.add('translated');
        fit(box);
      });
    },
    clear() {
      layer.remove();
      layer.replaceChildren();
      pages.clear();
      placed.length = 0;
    },
  };
}

function listenButton(doc: Document, translation: string, actions: TranslationActions): HTMLButtonElement {
  const button = doc.createElement('button');
  button.type = 'button';
  button.textContent = actions.listenLabel;
  button.addEventListener('click', () => actions.onListen(translation));
  return button;
}

/** Splits text at word boundaries into parts proportional to `weights` (the boxes it flows through). */
function shareOut(text: string, weights: number[]): string[] {
  if (weights.length <= 1) return [text];
  const words = text.split(/(?<=\s)/);
  const total = weights.reduce((a, b) => a + b, 0) || 1;
  const parts: string[] = [];
  let word = 0;
  let taken = 0;
  weights.forEach((weight, i) => {
    const last = i === weights.length - 1;
    const until = last ? text.length : Math.round(((taken + weight) / total) * text.length);
    let part = '';
    while (word < words.length && (last || part.length + (parts.join('').length) < until)) part += words[word++];
    taken += weight;
    parts.push(part.trim());
  });
  return parts;
}

/** The text's size: the paragraph's own, made smaller until the translation fits its box. */
function fit(box: HTMLElement): void {
  if (!box.classList.contains('translated')) return;
  const text = box.firstElementChild as HTMLElement | null;
  if (!text) return;
  let scale = 1;
  box.style.setProperty('--fit', '1');
  for (let i = 0; i < 12 && box.scrollHeight > box.clientHeight + 1 && scale > 0.45; i += 1) {
    scale *= 0.92;
    box.style.setProperty('--fit', scale.toFixed(3));
  }
}
