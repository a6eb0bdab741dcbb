import { breakAround } from './block-breaks';
import type { TextMapBuilder } from './text-map';
import { isSkippedElement } from './visibility';

/** Options for `appendVisibleText`. */
export interface WalkOptions {
  /** The node highlights should point at for a text node (its live twin), or null for none. */
  target?: (text: Text) => Text | null;
  /** The part [from, to) of a text node to take, or null to skip it (selections take parts). */
  clip?: (text: Text) => readonly [number, number] | null;
}

/**
 * Appends the readable text under `root` to `builder`, in document order, with breaks around
 * blocks and without hidden or non-text content. `root` itself is not checked for visibility:
 * the caller chose it (a selection's container, an article).
 */
export function appendVisibleText(builder: TextMapBuilder, root: Node, options: WalkOptions = {}): void {
  visit(builder, root, options, true);
}

function visit(builder: TextMapBuilder, node: Node, options: WalkOptions, isRoot: boolean): void {
  if (node.nodeType === Node.TEXT_NODE || node.nodeType === Node.CDATA_SECTION_NODE) {
    const text = node as Text;
    const part = options.clip ? options.clip(text) : [0, text.data.length] as const;
    if (part && part[1] > part[0]) builder.addText(options.target ? options.target(text) : text, text.data, part[0], part[1]);
    return;
  }
  if (node.nodeType === Node.ELEMENT_NODE) {
    const element = node as Element;
    if (!isRoot && isSkippedElement(element)) return;
    const around = breakAround(element);
    builder.addBreak(around);
    for (let child = element.firstChild; child; child = child.nextSibling) visit(builder, child, options, false);
    builder.addBreak(around);
    return;
  }
  if (node.nodeType === Node.DOCUMENT_NODE || node.nodeType === Node.DOCUMENT_FRAGMENT_NODE) {
    for (let child = node.firstChild; child; child = child.nextSibling) visit(builder, child, options, false);
  }
}
