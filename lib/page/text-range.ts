import type { TextMap, TextRun } from './text-map';

/**
 * A DOM Range covering `map.text.slice(start, end)`, or null when none of those characters come
 * from a text node (a made-up title, text with no live twin, offsets out of bounds). Characters
 * at either edge that have no node are left out rather than failing the whole range.
 */
export function rangeForText(map: TextMap, start: number, end: number): Range | null {
  const from = Math.max(0, Math.floor(start));
  const to = Math.min(map.text.length, Math.ceil(end));
  if (!(to > from)) return null;
  const first = firstNodeRunFrom(map.runs, from);
  const last = lastNodeRunBefore(map.runs, to);
  if (!first?.node || !last?.node || first.start >= to || last.start + last.length <= from) return null;
  if (first.start > last.start) return null;
  const range = first.node.ownerDocument.createRange();
  try {
    range.setStart(first.node, first.nodeOffset + Math.max(0, from - first.start));
    range.setEnd(last.node, last.nodeOffset + Math.min(last.length, to - last.start));
  } catch {
    // The page changed the node since we read it (shorter text, removed): nothing to show.
    return null;
  }
  return range.collapsed ? null : range;
}

/** The first run with a node that ends after `offset`. */
function firstNodeRunFrom(runs: TextRun[], offset: number): TextRun | undefined {
  for (let i = runIndexAt(runs, offset); i < runs.length; i++) {
    const run = runs[i]!;
    if (run.node && run.start + run.length > offset) return run;
  }
  return undefined;
}

/** The last run with a node that starts before `offset`. */
function lastNodeRunBefore(runs: TextRun[], offset: number): TextRun | undefined {
  for (let i = Math.min(runs.length - 1, runIndexAt(runs, offset)); i >= 0; i--) {
    const run = runs[i]!;
    if (run.node && run.start < offset) return run;
  }
  return undefined;
}

/** Index of the run containing `offset` (binary search: runs are sorted and contiguous). */
function runIndexAt(runs: TextRun[], offset: number): number {
  let low = 0;
  let high = runs.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (runs[mid]!.start <= offset) low = mid;
    else high = mid - 1;
  }
  return low;
}
