import { MAX_MARK_LABEL, type TextMark } from '../text-marks';
import { closestLanguage } from './page-language';
import { Visibility } from './visibility';

export type { TextMark };

/**
 * A stretch of the built text that comes from one text node: `length` characters starting at
 * `start` in the text correspond one to one to characters starting at `nodeOffset` in `node`.
 * `node` is null for text we made up (paragraph breaks, titles) or text with no live twin.
 */
export interface TextRun {
  start: number;
  length: number;
  node: Text | null;
  nodeOffset: number;
}

/** Text built from the DOM, with the runs that map its offsets back to text nodes. */
export interface TextMap {
  text: string;
  runs: TextRun[];
  /** Code, table cells and parts in another language in `text`, in order of their start; never overlapping within a kind. */
  marks: TextMark[];
  /**
   * Offsets in `text` where text that could not be seen was left out (ascending, no repeats).
   * What the browser reports as selected still has it there; see `matchesReportedText`.
   */
  gaps: number[];
}

/** How two pieces of text are separated: nothing, a line break, or a paragraph break. */
export type Break = 0 | 1 | 2;

/**
 * Builds a `TextMap` the way a reader sees the page: runs of whitespace collapse to one space,
 * block boundaries become "\n" or "\n\n", and nothing leads or trails. Whitespace and breaks are
 * only written once the next visible character arrives, which is what trims them.
 */
export class TextMapBuilder {
  private text = '';
  private readonly runs: TextRun[] = [];
  private readonly gaps: number[] = [];
  private readonly marks: TextMark[] = [];
  /** Marks begun whose first character has not arrived yet (their `from` is set by it). */
  private opening: TextMark[] = [];
  private pendingBreak: Break = 0;
  private pendingSpace: { node: Text | null; offset: number } | null = null;

  /** Asks for at least `level` of separation before the next visible character. */
  addBreak(level: Break): void {
    if (level > this.pendingBreak) this.pendingBreak = level;
  }

  /** Appends `text.slice(from, to)`; `node` is the text node it came from (same offsets), or null. */
  addText(node: Text | null, text: string, from = 0, to = text.length): void {
    // No-break and ideographic spaces collapse too: a lone &nbsp; should not make a paragraph.
    const pieces = /\s+|\S+/g;
    pieces.lastIndex = from;
    for (let piece = pieces.exec(text); piece && piece.index < to; piece = pieces.exec(text)) {
      const end = Math.min(piece.index + piece[0].length, to);
      if (/\S/.test(piece[0])) this.addWord(node, text.slice(piece.index, end), piece.index);
      else if (!this.pendingSpace && this.text !== '') this.pendingSpace = { node, offset: piece.index };
    }
  }

  /** Notes that hidden text was left out here. */
  addGap(): void {
    if (this.gaps.at(-1) !== this.text.length) this.gaps.push(this.text.length);
  }

  /**
   * Marks the text added from now until the returned function is called; a mark around no
   * visible text is dropped.
   */
  beginMark(kind: TextMark['kind'], label?: string): () => void {
    const mark: TextMark = { from: -1, to: -1, kind, ...(label ? { label } : {}) };
    this.opening.push(mark);
    return () => {
      this.opening = this.opening.filter((m) => m !== mark);
      if (mark.from >= 0) this.marks.push({ ...mark, to: this.text.length });
    };
  }

  /** The finished map. */
  build(): TextMap {
    return { text: this.text, runs: this.runs, gaps: this.gaps, marks: [...this.marks].sort((a, b) => a.from - b.from) };
  }

  private addWord(node: Text | null, word: string, nodeOffset: number): void {
    if (this.text !== '' && this.pendingBreak) {
      this.push(null, this.pendingBreak === 2 ? '\n\n' : '\n', 0);
    } else if (this.pendingSpace) {
      this.push(this.pendingSpace.node, ' ', this.pendingSpace.offset);
    }
    this.pendingBreak = 0;
    this.pendingSpace = null;
    for (const mark of this.opening) if (mark.from < 0) mark.from = this.text.length;
    this.push(node, word, nodeOffset);
  }

  private push(node: Text | null, piece: string, nodeOffset: number): void {
    const last = this.runs.at(-1);
    const start = this.text.length;
    this.text += piece;
    // Consecutive pieces of the same node stay one run, so long paragraphs make few runs.
    if (last && node && last.node === node && last.start + last.length === start && last.nodeOffset + last.length === nodeOffset) {
      last.length += piece.length;
    } else {
      this.runs.push({ start, length: piece.length, node, nodeOffset });
    }
  }
}

// Elements that end a line but not a paragraph: list items, cells and rows read better as lines.
const LINE_TAGS = new Set(['LI', 'DT', 'DD', 'TR', 'TD', 'TH', 'CAPTION', 'FIGCAPTION', 'OPTION', 'LEGEND', 'SUMMARY']);

// Default block-level HTML elements (HTML rendering section); everything else is treated as inline.
const PARAGRAPH_TAGS = new Set([
  'ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'BODY', 'CENTER', 'DETAILS', 'DIALOG', 'DIR', 'DIV', 'DL',
  'FIELDSET', 'FIGURE', 'FOOTER', 'FORM', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HEADER', 'HGROUP', 'HR',
  'MAIN', 'MENU', 'NAV', 'OL', 'P', 'PRE', 'SECTION', 'TABLE', 'TBODY', 'THEAD', 'TFOOT', 'UL',
]);

/**
 * How far text inside `element` is set apart from text around it: a paragraph break for blocks,
 * a line break for list items, cells and `<br>`, nothing for inline elements. A tag list rather
 * than computed styles, because Readability's clone is not rendered and has no styles.
 */
export function breakAround(element: Element): Break {
  const tag = element.tagName.toUpperCase();
  if (PARAGRAPH_TAGS.has(tag)) return 2;
  if (LINE_TAGS.has(tag) || tag === 'BR') return 1;
  return 0;
}

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

/** Options for `appendVisibleText`. */
export interface WalkOptions {
  /** The node highlights should point at for a text node (its live twin), or null for none. */
  target?: (text: Text) => Text | null;
  /** The part [from, to) of a text node to take, or null to skip it (selections take parts). */
  clip?: (text: Text) => readonly [number, number] | null;
  /** Whether a node holds any of the wanted text; what is outside it is not visited (nor leaves a gap when hidden). */
  within?: (node: Node) => boolean;
  /** The walk reads a selection: text that cannot be selected is left out too. */
  selection?: boolean;
}

interface Walk {
  builder: TextMapBuilder;
  options: WalkOptions;
  visibility: Visibility;
  /** Inside code already: code within it is not marked again. */
  inCode?: boolean;
  /** The page's declared language (a base code, '' for none): a part declared in another is marked. */
  pageLanguage: string;
  /** Inside a part marked with its language already: a part within it is not marked again. */
  inLanguage?: boolean;
}

/** Begins the mark of a part `element` declares in another language than the page's, or none. */
function languageMark(walk: Walk, element: Element): (() => void) | null {
  if (walk.inLanguage || !(element.hasAttribute('lang') || element.hasAttribute('xml:lang'))) return null;
  const language = closestLanguage(element);
  if (!language || language === walk.pageLanguage) return null;
  const end = walk.builder.beginMark('lang', language);
  walk.inLanguage = true;
  return () => {
    walk.inLanguage = false;
    end();
  };
}

// Elements whose text is code (or computer output) when inside running text.
const INLINE_CODE_TAGS = new Set(['CODE', 'KBD', 'SAMP', 'TT', 'VAR']);

/** Begins the mark `element` opens (code, a code block, a table cell under a header), or none. */
function markOf(walk: Walk, element: Element): (() => void) | null {
  const tag = element.tagName.toUpperCase();
  if (!walk.inCode && (tag === 'PRE' || INLINE_CODE_TAGS.has(tag))) {
    const end = walk.builder.beginMark(tag === 'PRE' ? 'codeBlock' : 'code');
    walk.inCode = true;
    return () => {
      walk.inCode = false;
      end();
    };
  }
  if (tag === 'TD') {
    const label = columnHeader(element as HTMLTableCellElement);
    return label ? walk.builder.beginMark('cell', label) : null;
  }
  return null;
}

/**
 * The header of a data cell's column: the cell in the same column of the table's header row
 * (its `<thead>`'s last row, else a first row made only of `<th>`), counting column spans. Null
 * when the table has no such row (or one of a single title cell), the cell is in it or in a row
 * with a header of its own, or the header is empty or long.
 */
export function columnHeader(cell: HTMLTableCellElement): string | null {
  const row = cell.parentElement;
  const table = row?.closest('table');
  if (!row || !table) return null;
  const rows = [...table.querySelectorAll('tr')].filter((r) => r.closest('table') === table);
  const head =
    rows.filter((r) => r.parentElement?.tagName.toUpperCase() === 'THEAD').at(-1) ??
    (rows[0] && [...rows[0].children].every((c) => c.tagName.toUpperCase() === 'TH') ? rows[0] : undefined);
  // A single spanning header is the table's title (an infobox's name), not its columns' names;
  // a row with a header cell of its own (Type | Water mill) already says what its value is.
  if (!head || head === row || head.children.length < 2) return null;
  if ([...row.children].some((c) => c.tagName.toUpperCase() === 'TH')) return null;
  let column = 0;
  for (const sibling of row.children) {
    if (sibling === cell) break;
    column += Number((sibling as HTMLTableCellElement).colSpan) || 1;
  }
  let at = 0;
  for (const header of head.children) {
    const span = Number((header as HTMLTableCellElement).colSpan) || 1;
    if (column < at + span) {
      const text = (header.textContent ?? '').replace(/\s+/g, ' ').trim();
      return text && text.length <= MAX_MARK_LABEL ? text : null;
    }
    at += span;
  }
  return null;
}

/**
 * Appends the text under `root` a person could see to `builder`, in document order, with breaks
 * around blocks and without hidden or non-text content (see `Visibility`), noting a gap wherever
 * hidden text was left out. `root` is checked too, with its ancestors: a selection can sit inside
 * hidden text. Text of a copy (Readability's) is judged by its live twin when it has one.
 */
export function appendVisibleText(builder: TextMapBuilder, root: Node, options: WalkOptions = {}): void {
  const doc = root.nodeType === Node.DOCUMENT_NODE ? (root as Document) : root.ownerDocument;
  const walk: Walk = { builder, options, visibility: new Visibility(options.selection), pageLanguage: closestLanguage(doc?.documentElement ?? null) ?? '' };
  // Text inside a part declared in another language (a selection in it) is marked whole.
  const around = closestLanguage(root) ?? '';
  const end = around && around !== walk.pageLanguage ? builder.beginMark('lang', around) : null;
  walk.inLanguage = end !== null;
  visit(walk, root);
  end?.();
}

function visit(walk: Walk, node: Node): void {
  if (node.nodeType === Node.TEXT_NODE || node.nodeType === Node.CDATA_SECTION_NODE) {
    visitText(walk, node as Text);
    return;
  }
  if (node.nodeType === Node.ELEMENT_NODE) {
    const element = node as Element;
    // Nothing wanted inside: its styles are not read. A selection across paragraphs has the whole
    // article as its common ancestor, and reading every style of a 240 KB page took 80–135 ms
    // before a long selection's first request could leave (issue 41).
    if (walk.options.within && !walk.options.within(element)) return;
    if (walk.visibility.hidesElement(element)) {
      leaveOut(walk.builder, element.textContent ?? '');
      return;
    }
    const around = breakAround(element);
    walk.builder.addBreak(around);
    const endLanguage = languageMark(walk, element);
    const endMark = markOf(walk, element);
    for (let child = element.firstChild; child; child = child.nextSibling) visit(walk, child);
    endMark?.();
    endLanguage?.();
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
