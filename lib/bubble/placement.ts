/** A rectangle in viewport coordinates (a DOMRect fits). */
export interface AnchorRect {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Where the bubble goes, in viewport coordinates (for position: fixed). */
export interface Placement {
  top: number;
  left: number;
  /** Beside the anchor, or over it when there is no room beside it on screen (a selection taller than the window). */
  side: 'below' | 'above' | 'over';
  /** A height to cap the bubble at when the room on its side is smaller than it; null = natural. */
  maxHeight: number | null;
}

/** Gap between the selection and the bubble, and the least distance to the viewport's edges. */
const GAP = 8;
const MARGIN = 8;
/** Below this, scrolling inside the bubble is worse than overflowing the viewport edge. */
const MIN_HEIGHT = 120;

/**
 * Places a bubble of `size` beside `anchor`: below it when it fits (or there is more room below),
 * else above; aligned with the anchor's left edge and kept inside the viewport horizontally.
 * Vertically it follows the anchor off screen, so it scrolls away with the text; but while some of
 * the anchor is on screen the bubble stays inside the viewport: a selection taller than the window
 * (select all) gets the bubble over it, where its buttons can be reached.
 */
export function placeBubble(
  anchor: AnchorRect,
  size: { width: number; height: number },
  viewport: { width: number; height: number },
): Placement {
  const roomBelow = viewport.height - MARGIN - (anchor.bottom + GAP);
  const roomAbove = anchor.top - GAP - MARGIN;
  const side = size.height <= roomBelow || roomBelow >= roomAbove ? 'below' : 'above';
  const room = side === 'below' ? roomBelow : roomAbove;
  const height = Math.min(size.height, Math.max(room, MIN_HEIGHT));
  const maxLeft = viewport.width - MARGIN - size.width;
  const left = Math.max(MARGIN, Math.min(anchor.left, maxLeft));
  const onScreen = anchor.bottom > 0 && anchor.top < viewport.height;
  if (room < Math.min(size.height, MIN_HEIGHT) && onScreen) {
    // No room beside it on either side: over the selection, inside the window.
    const inside = Math.min(size.height, Math.max(viewport.height - 2 * MARGIN, MIN_HEIGHT));
    const top = Math.max(MARGIN, Math.min(anchor.top, viewport.height - MARGIN - inside));
    return { top, left, side: 'over', maxHeight: inside < size.height ? inside : null };
  }
  const top = side === 'below' ? anchor.bottom + GAP : anchor.top - GAP - height;
  return { top, left, side, maxHeight: height < size.height ? height : null };
}
