import { paragraphAt } from './paragraphs';
import type { SourcePlaces } from './types';
import { layoutViewport } from '../viewport';

type Sentences = readonly (readonly [number, number])[];

/**
 * Where the player's own *Read from here* goes (the way a keyboard user jumps; the button beside a
 * paragraph is for the pointer): the paragraph holding the page's focus or caret when it is on
 * screen, else the first paragraph of the reading that starts in view (or the first sentence that
 * does, in a paragraph begun above). Null when none of the reading's text is in view.
 */
export function sentenceToJumpTo(doc: Document, places: SourcePlaces, sentences: Sentences, lastFocus: Element | null): number | null {
  const view = layoutViewport(doc);
  const onScreen = (rect: DOMRect) => rect.bottom > 0 && rect.top < view.height && (rect.width > 0 || rect.height > 0);
  const selection = doc.getSelection();
  const caret = selection?.focusNode ? (selection.focusNode.nodeType === Node.ELEMENT_NODE ? (selection.focusNode as Element) : selection.focusNode.parentElement) : null;
  for (const element of [lastFocus, caret]) {
    if (!element?.isConnected || !onScreen(element.getBoundingClientRect())) continue;
    const found = paragraphAt(element, places, sentences);
    if (found) return found.sentence;
  }
  const first = firstStartingInView(places, sentences, view.height);
  if (first === null) return null;
  const start = places.rangeFor(sentences[first]![0], sentences[first]![1])?.startContainer;
  const element = start && (start.nodeType === Node.ELEMENT_NODE ? (start as Element) : start.parentElement);
  const paragraph = element ? paragraphAt(element, places, sentences) : null;
  return paragraph && paragraph.element.getBoundingClientRect().top >= 0 ? paragraph.sentence : first;
}

/** The first sentence whose text starts inside the window (sentences run down the page in order). */
function firstStartingInView(places: SourcePlaces, sentences: Sentences, height: number): number | null {
  const topOf = (i: number) => {
    const rect = places.rangeFor(sentences[i]![0], sentences[i]![1])?.getClientRects()[0];
    return rect ? rect.top : -Infinity;
  };
  let low = 0;
  let high = sentences.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (topOf(mid) >= 0) high = mid;
    else low = mid + 1;
  }
  return low < sentences.length && topOf(low) < height ? low : null;
}
