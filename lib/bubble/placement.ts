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
  side: 'below' | 'above';
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
 * Vertically it follows the anchor even off screen, so it scrolls away with the text.
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
  const top = side === 'below' ? anchor.bottom + GAP : anchor.top - GAP - height;
  const maxLeft = viewport.width - MARGIN - size.width;
  const left = Math.max(MARGIN, Math.min(anchor.left, maxLeft));
  return { top, left, side, maxHeight: height < size.height ? height : null };
}
