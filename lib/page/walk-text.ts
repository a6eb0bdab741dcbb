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
  /** The walk reads a selection: text that cannot be selected is left out too. */
  selection?: boolean;
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
  visit({ builder, options, visibility: new Visibility(options.selection) }, root);
}

function visit(walk: Walk, node: Node): void {
  if (node.nodeType === Node.TEXT_NODE || node.nodeType === Node.CDATA_SECTION_NODE) {
    visitText(walk, node as Text);
    return;
  }
  if (node.nodeType === Node.ELEMENT_NODE) {
    const element = node as Element;
    if (walk.visibility.hidesElement(element)) {
      if (walk.options.within?.(element) ?? true) leaveOut(walk.builder, element.textContent ?? '');
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
    leaveOut(builder, text.data.slice(from, to));
    return;
  }
  leaveOut(builder, text.data.slice(from, shown[0]));
  builder.addText(live, text.data, shown[0], shown[1]);
  leaveOut(builder, text.data.slice(shown[1], to));
}

/**
 * Notes a gap where hidden words were left out; hidden text with spaces in it still separates
 * the words around it (an invisible "[edit]" must not glue "History" to the next word).
 */
function leaveOut(builder: TextMapBuilder, hidden: string): void {
  if (/\S/.test(hidden)) builder.addGap();
  if (/\s/.test(hidden)) builder.addText(null, ' ');
}
