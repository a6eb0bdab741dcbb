/*
 * One caption as the rest of lib/captions sees it, whether it came from a file the user loaded
 * (parse.ts) or from a video's own text track: times in seconds and plain text, with every bit of
 * caption markup already gone, so what is translated, spoken and shown is only what is said.
 */

/** A caption: shown from `start` to `end` (seconds into the video); `text` is plain, its lines joined by "\n". */
export interface Cue {
  /** Unique within its list: translations, cache hits and requests in flight are keyed by it. */
  id: string;
  start: number;
  end: number;
  text: string;
}

// Markup of WebVTT (<c.loud>, <v Anna>, <i>, <ruby>, <lang en>, <00:00:01.000>) and of SRT as
// players read it (<font color="…">, <b>): a "<" followed by a letter, "/" or digit. "a < b" is text.
const TAG = /<\/?(?:[a-z][^<>\n]*|\d[\d:.]*)>/giu;
// Ruby text is a reading of the characters before it (furigana): said once, not twice.
const RUBY_TEXT = /<rt(?:[.\s][^<>\n]*)?>[^<]*(?:<\/rt>)?/giu;
// SSA overrides many SRT files carry from their conversion: {\an8}, {\i1}, {\pos(10,20)}.
const SSA_OVERRIDE = /\{\\[^{}\n]*\}/gu;
/** The named character references we decode; the one table (the benchmark's text preparation uses it too). */
export const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  mdash: '—',
  ndash: '–',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  // Direction marks only steer how a line is laid out; as text they would be paid for and spoken.
  lrm: '',
  rlm: '',
};
const ENTITY = /&(?:#(\d{1,7})|#x([\da-f]{1,6})|([a-z]+));/giu;
// Whitespace a caption's layout leaves, including the no-break space entities and SSA's \N, \n, \h.
const SPACES = /(?:[^\S\n]|\\h)+/gu;
const SSA_BREAK = /\\N|\\n/gu;

/** Turns character references into the characters they stand for; unknown ones stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(ENTITY, (whole, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (name !== undefined) return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
    const code = dec !== undefined ? Number(dec) : parseInt(hex!, 16);
    // Not a character (a surrogate half or past Unicode's end): kept as written rather than mangled.
    return code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) && code !== 0 ? String.fromCodePoint(code) : whole;
  });
}

/**
 * A cue's payload as a file or track carries it, made plain: tags, timestamps, ruby readings and
 * SSA overrides removed, then entities decoded (in that order, so "&lt;i&gt;" stays the text
 * "<i>"), spaces collapsed on each line, and empty lines dropped. "" for a cue with nothing to say.
 */
export function cleanCueText(raw: string): string {
  const text = decodeEntities(raw.replace(RUBY_TEXT, '').replace(TAG, '').replace(SSA_OVERRIDE, '').replace(SSA_BREAK, '\n'));
  return text
    .split(/\r\n|\r|\n/u)
    .map((line) => line.replace(SPACES, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

// Scripts written without spaces between words: a line break inside them joins with nothing.
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;

/**
 * A cue's lines as one line: a caption's line breaks are where it was wrapped to fit the screen,
 * not part of what is said, so a translator or a voice gets the sentence whole. Lines join with a
 * space, or with nothing between Chinese or Japanese characters, which take no spaces.
 */
export function joinLines(text: string): string {
  const lines = text.split('\n').map((line) => line.trim()).filter((line) => line !== '');
  let out = lines[0] ?? '';
  for (const line of lines.slice(1)) {
    const unspaced = UNSPACED.test(out.at(-1) ?? '') && UNSPACED.test(line[0] ?? '');
    out += (unspaced ? '' : ' ') + line;
  }
  return out;
}

/** Orders cues as they are shown: by start, then by end; cues starting together keep their order. */
export function sortCues(cues: readonly Cue[]): Cue[] {
  return [...cues].sort((a, b) => a.start - b.start || a.end - b.end);
}
