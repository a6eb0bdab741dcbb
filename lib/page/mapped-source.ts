import { clearPaintedHighlight, paintHighlight } from './highlight-paint';
import type { PageSource } from './page-source';
import type { TextMap } from './text-map';
import { rangeForText } from './text-range';

/** A PageSource over text built from the page's DOM, highlighting through its map. */
export function mappedSource(
  kind: 'selection' | 'article',
  map: TextMap,
  details: { doc: Document; title: string; languageHint: string | null },
): PageSource {
  return {
    kind,
    text: map.text,
    title: details.title,
    languageHint: details.languageHint,
    gaps: map.gaps,
    highlight(start, end) {
      const range = rangeForText(map, start, end);
      // A sentence with nothing to show clears the previous one rather than leave it lit.
      if (range) paintHighlight(range);
      else clearPaintedHighlight(details.doc);
    },
    clearHighlight: () => clearPaintedHighlight(details.doc),
  };
}
