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

  /** The finished map. */
  build(): TextMap {
    return { text: this.text, runs: this.runs, gaps: this.gaps };
  }

  private addWord(node: Text | null, word: string, nodeOffset: number): void {
    if (this.text !== '' && this.pendingBreak) {
      this.push(null, this.pendingBreak === 2 ? '\n\n' : '\n', 0);
    } else if (this.pendingSpace) {
      this.push(this.pendingSpace.node, ' ', this.pendingSpace.offset);
    }
    this.pendingBreak = 0;
    this.pendingSpace = null;
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
