import { browser } from 'wxt/browser';
import * as pdfjs from 'pdfjs-dist';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import 'pdfjs-dist/web/pdf_viewer.css';
import type { TextLayers } from './source';

type ViewerModule = typeof import('pdfjs-dist/web/pdf_viewer.mjs');
export type PdfViewer = InstanceType<ViewerModule['PDFViewer']>;
export type PdfEventBus = InstanceType<ViewerModule['EventBus']>;

/** The document on screen: pdf.js's viewer (lazy pages, text layer, find) and what the reading needs of it. */
export interface OpenDocument {
  doc: PDFDocumentProxy;
  viewer: PdfViewer;
  events: PdfEventBus;
  layers: TextLayers;
  /** Finds `query` (again: the next match, or the previous one). */
  find(query: string, again: boolean, previous: boolean): void;
}

/**
 * Starts pdf.js's worker (a large script to load and compile) at once, while the document's bytes
 * and the viewer's code are still on their way.
 */
export function startPdfWorker(): InstanceType<typeof pdfjs.PDFWorker> {
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  return new pdfjs.PDFWorker();
}

/**
 * Opens PDF bytes in pdf.js's own viewer (pages drawn only near the viewport, each with its
 * selectable text layer) inside `container`. Everything pdf.js loads (its worker, fonts,
 * character maps, image decoders) ships with the extension. `password` is asked for when the
 * document is protected (again, with `retry`, after a wrong one).
 */
export async function openDocument(
  container: HTMLDivElement,
  data: Uint8Array,
  password: (retry: boolean) => Promise<string>,
  worker = startPdfWorker(),
): Promise<OpenDocument> {
  // The viewer module takes pdf.js from the global scope.
  (globalThis as { pdfjsLib?: unknown }).pdfjsLib = pdfjs;
  const viewerModule = import('pdfjs-dist/web/pdf_viewer.mjs');
  const data_ = (dir: string) => browser.runtime.getURL(`/pdfjs/${dir}/` as '/');
  const task = pdfjs.getDocument({ data, worker, cMapUrl: data_('cmaps'), cMapPacked: true, standardFontDataUrl: data_('standard_fonts'), wasmUrl: data_('wasm') });
  task.onPassword = (answer: (password: string) => void, reason: number) => {
    void password(reason === pdfjs.PasswordResponses.INCORRECT_PASSWORD).then(answer);
  };
  const [doc, { EventBus, PDFFindController, PDFLinkService, PDFViewer }] = await Promise.all([task.promise, viewerModule]);

  const events = new EventBus();
  const links = new PDFLinkService({ eventBus: events });
  const finder = new PDFFindController({ eventBus: events, linkService: links });
  const viewer = new PDFViewer({ container, eventBus: events, linkService: links, findController: finder, removePageBorders: false });
  links.setViewer(viewer);
  events.on('pagesinit', () => (viewer.currentScaleValue = 'auto'));
  viewer.setDocument(doc);
  links.setDocument(doc, null);

  const drawn = new Set<(page: number) => void>();
  events.on('textlayerrendered', ({ pageNumber, source }: { pageNumber: number; source: { textLayer?: { div: HTMLElement } } }) => {
    void markItems(source.textLayer?.div, doc, pageNumber).then(() => {
      for (const listener of drawn) listener(pageNumber - 1);
    });
  });
  const layers: TextLayers = {
    spanOf: (page, item) => container.querySelector<HTMLElement>(`.page[data-page-number="${page + 1}"] .textLayer span[data-item="${item}"]`),
    itemOf(node) {
      const element = node instanceof Element ? node : node.parentElement;
      const span = element?.closest<HTMLElement>('span[data-item]');
      const page = element?.closest<HTMLElement>('.page[data-page-number]');
      return span && page ? { page: Number(page.dataset.pageNumber) - 1, item: Number(span.dataset.item), span } : null;
    },
    show: (page) => viewer.scrollPageIntoView({ pageNumber: page + 1 }),
    onDrawn(listener) {
      drawn.add(listener);
      return () => drawn.delete(listener);
    },
  };
  return {
    doc,
    viewer,
    events,
    layers,
    find: (query, again, previous) =>
      events.dispatch('find', { source: null, type: again ? 'again' : '', query, caseSensitive: false, entireWord: false, highlightAll: true, findPrevious: previous, matchDiacritics: false }),
  };
}

const itemIndices = new WeakMap<PDFDocumentProxy, Map<number, Promise<number[]>>>();

/**
 * Numbers the spans of a drawn text layer with their text item's index (the reading order's
 * pieces name items by it). pdf.js draws a span for every item but attaches only those with text.
 */
async function markItems(layer: HTMLElement | undefined, doc: PDFDocumentProxy, pageNumber: number): Promise<void> {
  if (!layer) return;
  const spans = [...layer.querySelectorAll<HTMLElement>('span[role="presentation"]')];
  const cache = itemIndices.get(doc) ?? new Map<number, Promise<number[]>>();
  itemIndices.set(doc, cache);
  if (!cache.has(pageNumber)) cache.set(pageNumber, nonEmptyItems(doc, pageNumber));
  const indices = await cache.get(pageNumber)!;
  spans.forEach((span, k) => {
    if (indices[k] !== undefined) span.dataset.item = String(indices[k]);
  });
}

async function nonEmptyItems(doc: PDFDocumentProxy, pageNumber: number): Promise<number[]> {
  const content = await (await doc.getPage(pageNumber)).getTextContent({ includeMarkedContent: true, disableNormalization: true });
  const indices: number[] = [];
  let index = 0;
  for (const item of content.items) {
    if (!('str' in item)) continue;
    if (item.str !== '') indices.push(index);
    index += 1;
  }
  return indices;
}
