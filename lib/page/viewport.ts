/** A box in the viewport's coordinates (those of getBoundingClientRect and `position: fixed`). */
export interface ViewBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The layout viewport's size in CSS px, scrollbars left out, in standards and quirks mode alike.
 * `documentElement.clientHeight` is the viewport only in standards mode: on a page without a
 * doctype it is the whole document's height (thousands of px), and there `body` reports the viewport.
 */
export function layoutViewport(doc: Document): { width: number; height: number } {
  const root = doc.compatMode === 'BackCompat' && doc.body ? doc.body : doc.documentElement;
  const win = doc.defaultView;
  return { width: root.clientWidth || win?.innerWidth || 0, height: root.clientHeight || win?.innerHeight || 0 };
}

/**
 * What the user sees of the page now, in the viewport's coordinates: the layout viewport, or the
 * part of it a pinch-zoom shows. A fixed element placed inside it is on screen.
 */
export function visibleViewport(doc: Document): ViewBox {
  const layout = layoutViewport(doc);
  const visual = doc.defaultView?.visualViewport;
  if (!visual || visual.scale <= 1) return { left: 0, top: 0, ...layout };
  const left = Math.max(0, visual.offsetLeft);
  const top = Math.max(0, visual.offsetTop);
  return { left, top, width: Math.min(visual.width, layout.width - left), height: Math.min(visual.height, layout.height - top) };
}
