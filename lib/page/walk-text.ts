import { breakAround } from './block-breaks';
import type { TextMapBuilder } from './text-map';
import { Visibility } from './visibility';

/** Options for `appendVisibleText`. */
export interface WalkOptions {
  /** The node highlights should point at for a text node (its live twin), or null for none. */
  target?: (text: Text) => Text | null;
  /** The part [from, to) of a text node to take, or null to skip it (selections take parts). */
  clip?: (text: Text) => readonly [number, number] | null;
  /** Whether a node holds any of the wanted text; hidden text outside it leaves no gap. */
  within?: (node: Node) => boolean;
}

interface Walk {
  builder: TextMapBuilder;
  options: WalkOptions;
  visibility: Visibility;
}

/**
 * Appends the text under `root` a person could see to `builder`, in document order, with breaks
 * around blocks and without hidden or non-text content (see `Visibility`), noting a gap wherever
 * hidden text was left out. `root` is checked too, with its ancestors: a selection can sit inside
 * hidden text. Text of a copy (Readability's) is judged by its live twin when it has one.
 */
export function appendVisibleText(builder: TextMapBuilder, root: Node, options: WalkOptions = {}): void {
  visit({ builder, options, visibility: new Visibility() }, root);
}

function visit(walk: Walk, node: Node): void {
  if (node.nodeType === Node.TEXT_NODE || node.nodeType === Node.CDATA_SECTION_NODE) {
    visitText(walk, node as Text);
    return;
  }
  if (node.nodeType === Node.ELEMENT_NODE) {
    const element = node as Element;
    if (walk.visibility.hidesElement(element)) {
      if ((walk.options.within?.(element) ?? true) && hasWords(element.textContent ?? '')) walk.builder.addGap();
      return;
    }
    const around = breakAround(element);
    walk.builder.addBreak(around);
    for (let child = element.firstChild; child; child = child.nextSibling) visit(walk, child);
    walk.builder.addBreak(around);
    return;
  }
  if (node.nodeType === Node.DOCUMENT_NODE || node.nodeType === Node.DOCUMENT_FRAGMENT_NODE) {
    for (let child = node.firstChild; child; child = child.nextSibling) visit(walk, child);
  }
}

function visitText(walk: Walk, text: Text): void {
  const { builder, options } = walk;
  const part = options.clip ? options.clip(text) : ([0, text.data.length] as const);
  if (!part || part[1] <= part[0]) return;
  const [from, to] = part;
  const live = options.target ? options.target(text) : text;
  // Text with no live twin cannot be measured; it is kept, as the copy's markup allowed it.
  const shown = live ? walk.visibility.visiblePart(live, from, to) : part;
  if (!shown) {
    if (hasWords(text.data, from, to)) builder.addGap();
    return;
  }
  if (hasWords(text.data, from, shown[0])) builder.addGap();
  builder.addText(live, text.data, shown[0], shown[1]);
  if (hasWords(text.data, shown[1], to)) builder.addGap();
}

function hasWords(text: string, from = 0, to = text.length): boolean {
  return to > from && /\S/.test(text.slice(from, to));
}
