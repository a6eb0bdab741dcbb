import { closestLanguage } from './page-language';
import { mappedSource } from './mapped-source';
import type { PageSource } from './page-source';
import { readFieldSelection } from './field-source';
import { TextMapBuilder, type TextMap } from './text-map';
import { appendVisibleText } from './walk-text';

/**
 * What the user selected in `win` (this frame only): the selected text of a focused input or
 * textarea (kind 'field'), else the page selection (kind 'selection'), with hidden text and
 * scripts left out and block boundaries kept as line breaks. Null when nothing but whitespace
 * is selected.
 */
export function readSelection(win: Window): PageSource | null {
  const field = readFieldSelection(win);
  if (field) return field;
  const selection = win.getSelection();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const ranges = Array.from({ length: selection.rangeCount }, (_, i) => selection.getRangeAt(i));
  const map = selectionTextMap(ranges);
  if (!map.text) return null;
  return mappedSource('selection', map, {
    doc: win.document,
    title: win.document.title,
    languageHint: closestLanguage(ranges[0]!.commonAncestorContainer),
  });
}

/** The text of `ranges` (several in Firefox's multi-selection), as the reader sees it, mapped to its text nodes. */
export function selectionTextMap(ranges: readonly Range[]): TextMap {
  const builder = new TextMapBuilder();
  for (const range of ranges) {
    if (range.collapsed) continue;
    appendVisibleText(builder, range.commonAncestorContainer, {
      clip: (text) => clipToRange(text, range),
      within: (node) => range.intersectsNode(node),
      selection: true,
    });
    builder.addBreak(2);
  }
  return builder.build();
}

function clipToRange(text: Text, range: Range): readonly [number, number] | null {
  if (!range.intersectsNode(text)) return null;
  const from = text === range.startContainer ? range.startOffset : 0;
  const to = text === range.endContainer ? range.endOffset : text.data.length;
  return [from, to];
}
