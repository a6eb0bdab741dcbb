import type { TextMap } from './text-map';

/** A place in the DOM between two characters (or child nodes), as a collapsed Range holds it. */
export interface Caret {
  node: Node;
  offset: number;
}

/**
 * Where the user clicked in `win`: a click in text leaves a collapsed selection there (in Chrome and
 * Firefox a right-click too); with a selection, its start. Null when the frame has no selection at all.
 */
export function caretOf(win: Window): Caret | null {
  const selection = win.getSelection();
  if (!selection || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  return { node: range.startContainer, offset: range.startOffset };
}

/** The caret at a point of the viewport (where a context menu was opened), or null. */
export function caretAtPoint(doc: Document, x: number, y: number): Caret | null {
  const position = doc.caretPositionFromPoint?.(x, y);
  if (position) return { node: position.offsetNode, offset: position.offset };
  const range = doc.caretRangeFromPoint?.(x, y);
  return range ? { node: range.startContainer, offset: range.startOffset } : null;
}

/**
 * The offset in `map.text` of the first character at or after `caret`: inside the text it lands
 * in, or the start of the next mapped text after it in the document (a caret in a menu above an
 * article goes to the article's start). Null when no mapped text follows the caret.
 */
export function offsetAtCaret(map: TextMap, caret: Caret): number | null {
  const doc = caret.node.ownerDocument ?? (caret.node as Document);
  const at = doc.createRange();
  try {
    at.setStart(caret.node, caret.offset);
  } catch {
    return null;
  }
  for (const run of map.runs) {
    if (!run.node) continue;
    try {
      // comparePoint: -1 before the caret, 0 at it, 1 after it.
      if (at.comparePoint(run.node, run.nodeOffset + run.length) < 0) continue;
      if (at.comparePoint(run.node, run.nodeOffset) >= 0 || run.node !== caret.node) return run.start;
      return run.start + (caret.offset - run.nodeOffset);
    } catch {
      // The page changed this node since it was read (shorter, moved elsewhere): look further.
    }
  }
  return null;
}
