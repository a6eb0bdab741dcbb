import { t } from '../i18n';
import type { OpenDocument } from './viewer';

export const byId = <T extends HTMLElement>(doc: Document, id: string) => doc.getElementById(id) as T;

/** The toolbar's buttons and fields by id: their accessible name (and tooltip, for icon buttons). */
const NAMES = [
  ['prev', 'readerPrevPage', true],
  ['next', 'readerNextPage', true],
  ['page', 'readerPageNumber', false],
  ['zoom-in', 'readerZoomIn', true],
  ['zoom-out', 'readerZoomOut', true],
  ['zoom', 'readerZoom', false],
  ['find', 'readerFind', false],
  ['find-prev', 'readerFindPrevious', true],
  ['find-next', 'readerFindNext', true],
] as const;

/** Text content of elements by id. */
const TEXTS = [
  ['zoom-auto', 'readerZoomAuto'],
  ['zoom-width', 'readerZoomWidth'],
  ['zoom-fit', 'readerZoomFit'],
  ['dark', 'readerDarkPages'],
  ['read', 'readerReadAloud'],
  ['password-label', 'readerPassword'],
  ['password-open', 'readerOpen'],
  // Download audio and its dialog (download.ts).
  ['download', 'readerDownload'],
  ['download-heading', 'readerDownloadHeading'],
  ['download-first-label', 'readerFromPage'],
  ['download-last-label', 'readerToPage'],
  ['download-hint', 'readerDownloadHint'],
  ['download-cancel', 'readerCancel'],
  ['download-start', 'readerDownloadStart'],
] as const;

/** Puts the reader's words on its controls (before the document is there). */
export function labelToolbar(doc: Document): void {
  doc.querySelector('.toolbar')?.setAttribute('aria-label', t('readerToolbar'));
  for (const [id, key, tooltip] of NAMES) {
    const element = byId(doc, id);
    element.setAttribute('aria-label', t(key));
    if (tooltip) element.title = t(key);
  }
  for (const [id, key] of TEXTS) byId(doc, id).textContent = t(key);
  byId<HTMLInputElement>(doc, 'find').placeholder = t('readerFind');
}

/**
 * Wires the toolbar to the open document: pages, zoom, find (Ctrl+F goes to its field, Enter and
 * Shift+Enter step through matches, Escape goes back to the page), dark pages, read aloud.
 */
export function bindToolbar(doc: Document, open: OpenDocument, read: () => void): void {
  const { viewer, events } = open;
  const page = byId<HTMLInputElement>(doc, 'page');
  const zoom = byId<HTMLSelectElement>(doc, 'zoom');
  const find = byId<HTMLInputElement>(doc, 'find');
  const result = byId(doc, 'find-result');
  page.max = String(open.doc.numPages);
  byId(doc, 'pages').textContent = t('readerPageCount', String(open.doc.numPages));
  events.on('pagechanging', ({ pageNumber }: { pageNumber: number }) => (page.value = String(pageNumber)));
  events.on('scalechanging', ({ presetValue, scale }: { presetValue?: string; scale: number }) => {
    const value = presetValue ?? String(scale);
    if (![...zoom.options].some((o) => o.value === value)) zoom.add(new Option(`${Math.round(scale * 100)} %`, value));
    zoom.value = value;
  });
  page.addEventListener('change', () => (viewer.currentPageNumber = Math.min(open.doc.numPages, Math.max(1, Number(page.value) || 1))));
  byId(doc, 'prev').addEventListener('click', () => viewer.previousPage());
  byId(doc, 'next').addEventListener('click', () => viewer.nextPage());
  byId(doc, 'zoom-in').addEventListener('click', () => viewer.increaseScale());
  byId(doc, 'zoom-out').addEventListener('click', () => viewer.decreaseScale());
  zoom.addEventListener('change', () => (viewer.currentScaleValue = zoom.value));

  const search = (again: boolean, previous = false) => find.value && open.find(find.value, again, previous);
  find.addEventListener('input', () => search(false));
  find.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') search(true, event.shiftKey);
    if (event.key === 'Escape') byId(doc, 'viewerContainer').focus();
  });
  byId(doc, 'find-next').addEventListener('click', () => search(true));
  byId(doc, 'find-prev').addEventListener('click', () => search(true, true));
  events.on('updatefindmatchescount', ({ matchesCount }: { matchesCount: { current: number; total: number } }) => {
    result.textContent = matchesCount.total ? t('readerFindCount', [String(matchesCount.current), String(matchesCount.total)]) : t('readerFindNone');
  });
  events.on('updatefindcontrolstate', ({ state, matchesCount }: { state: number; matchesCount: { current: number; total: number } }) => {
    // 1: not found.
    if (state === 1 || !matchesCount?.total) result.textContent = find.value ? t('readerFindNone') : '';
  });
  doc.addEventListener('keydown', (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'f') {
      event.preventDefault();
      find.focus();
      find.select();
    }
  });

  const dark = byId(doc, 'dark');
  dark.addEventListener('click', () => {
    const on = doc.body.classList.toggle('dark-pages');
    dark.setAttribute('aria-pressed', String(on));
  });
  byId(doc, 'read').addEventListener('click', read);
}
