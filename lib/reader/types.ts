/**
 * A run of text as pdf.js reports it for one text-layer span, in page units with the origin at
 * the page's top left (y grows down). `index` is the span's place among the page's text items
 * (the items that have a string), which is also its place in the text layer pdf.js draws.
 */
export interface TextItem {
  index: number;
  str: string;
  /** Left edge and baseline. */
  x: number;
  y: number;
  width: number;
  /** Font size (the glyphs' height). */
  size: number;
  /** pdf.js's name for its font (a change of font marks a heading). */
  font?: string;
  /** 'rtl' for right-to-left runs. */
  dir?: string;
}

export interface PageText {
  /** 0-based page number. */
  page: number;
  width: number;
  height: number;
  items: TextItem[];
}

/** Where a stretch of a block's text comes from: characters [from, to) of a page's text item. */
export interface Piece {
  /** Offset in the block's text. */
  start: number;
  page: number;
  item: number;
  from: number;
  to: number;
}

/** Where part of a block is drawn: a rectangle of a page, in page units from its top left. */
export interface Box {
  page: number;
  x0: number;
  top: number;
  x1: number;
  bottom: number;
}

/** One unit of reading: a heading, a paragraph or a caption, as the reader sees it. */
export interface Block {
  kind: 'heading' | 'paragraph' | 'caption';
  text: string;
  /** The page it starts on. */
  page: number;
  pieces: Piece[];
  /** Where it is drawn: one rectangle per stretch of lines (a paragraph cut by a column or page has several). */
  boxes: Box[];
  /** Its font size (page units). */
  size: number;
}
