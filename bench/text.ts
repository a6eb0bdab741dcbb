/**
 * Text preparation for the read-aloud benchmark: plain text from a saved article's HTML, cut (or
 * repeated) to a target length at a sentence end. Pure functions, no I/O.
 */

import { decodeEntities } from '../lib/captions/cue';

// One entity table for the project: lib/captions/cue.ts's (named ones, and every numeric one).
export { decodeEntities };

const BLOCK_TAGS = /<\/?(p|div|h[1-6]|li|ul|ol|blockquote|section|article|header|footer|figure|figcaption|table|tr|pre|br)\b[^>]*>/gi;

/**
 * Plain text of an HTML fragment: scripts, styles and figure captions dropped, block elements
 * turned into paragraph breaks, whitespace collapsed inside paragraphs. Paragraphs are separated
 * by a blank line.
 */
export function htmlToText(html: string): string {
  const stripped = html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|noscript|figcaption|sup)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(BLOCK_TAGS, '\n\n')
    // Inline tags vanish without a space: "<a>link</a>." reads "link.".
    .replace(/<[^>]*>/g, '');
  return decodeEntities(stripped)
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => p.length > 0)
    .join('\n\n');
}

/** True when `text` ends like a sentence (period, question or exclamation mark, maybe quoted). */
const SENTENCE_END = /[.!?…]["'”’)\]]*$/;

/** The paragraphs of `text` that are prose (end like a sentence): no captions, infobox rows or headings. */
export function proseParagraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => SENTENCE_END.test(p));
}

/**
 * Text of about `target` characters (never more): whole prose paragraphs, repeated when the
 * source is shorter, the last one cut at a sentence end.
 */
export function fitToLength(text: string, target: number): string {
  const paragraphs = proseParagraphs(text);
  if (paragraphs.length === 0) throw new Error('no text to fit');
  const out: string[] = [];
  let length = 0;
  for (let i = 0; ; i++) {
    const paragraph = paragraphs[i % paragraphs.length]!;
    const sep = out.length > 0 ? 2 : 0;
    if (length + sep + paragraph.length <= target) {
      out.push(paragraph);
      length += sep + paragraph.length;
      continue;
    }
    // The paragraph does not fit: keep as many of its sentences as do.
    const room = target - length - sep;
    const sentences = paragraph.match(/[^.!?…]+[.!?…]+["'”’)\]]*\s*/g) ?? [];
    let part = '';
    for (const s of sentences) {
      if ((part + s).trimEnd().length > room) break;
      part += s;
    }
    if (part.trim()) out.push(part.trim());
    break;
  }
  return out.join('\n\n');
}

/** The first sentence of a short text, for labels. */
export function firstWords(text: string, max = 40): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}
