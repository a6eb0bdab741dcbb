import { splitSentences } from '../speech/segment';

/** Longest text sent in one translate request. The contract states none; speech's 5000 is assumed. */
export const MAX_TRANSLATE_CHARS = 5000;

/**
 * Text cut into requests. `text === separators[0] + parts[0] + separators[1] + … + parts[n-1] +
 * separators[n]`: every part is trimmed, and the whitespace between them (blank lines, line breaks,
 * spaces, the text's own leading and trailing whitespace) is kept here to be put back exactly.
 */
export interface SplitText {
  parts: string[];
  separators: string[];
}

// A paragraph break: a line break followed by one or more blank (whitespace-only) lines.
const PARAGRAPH_BREAK = /[^\S\r\n]*\r?\n(?:[^\S\r\n]*\r?\n)+[^\S\r\n]*/gu;

interface Unit {
  text: string;
  /** Whitespace between this unit and the next one. */
  after: string;
}

/**
 * Splits `text` into requests of at most `maxChars` (UTF-16 units, which never undercount the
 * service's code points). Text that fits is one part. Longer text is cut at paragraph breaks
 * (blank lines) first, a paragraph too long for one request at sentence boundaries, and a
 * sentence too long at a clause or space (splitSentences). Neighbouring pieces are packed back
 * together up to `maxChars`, since every request is rounded up to whole credits.
 * `language` (a code, or undefined when unknown) tunes the sentence rules.
 */
export function splitForTranslation(text: string, maxChars = MAX_TRANSLATE_CHARS, language?: string): SplitText {
  const limit = Math.max(1, Math.floor(maxChars));
  const lead = /^\s*/u.exec(text)![0];
  const core = text.slice(lead.length).trimEnd();
  const trail = text.slice(lead.length + core.length);
  if (!core) return { parts: [], separators: [text] };
  if (core.length <= limit) return { parts: [core], separators: [lead, trail] };
  return pack(units(core, limit, language ?? 'und'), limit, lead, trail);
}

function units(core: string, limit: number, language: string): Unit[] {
  const out: Unit[] = [];
  let pos = 0;
  for (const brk of core.matchAll(PARAGRAPH_BREAK)) {
    addParagraph(out, core.slice(pos, brk.index), limit, language);
    out[out.length - 1]!.after = brk[0];
    pos = brk.index + brk[0].length;
  }
  addParagraph(out, core.slice(pos), limit, language);
  return out;
}

function addParagraph(out: Unit[], paragraph: string, limit: number, language: string): void {
  if (paragraph.length <= limit) {
    out.push({ text: paragraph, after: '' });
    return;
  }
  const sentences = splitSentences(paragraph, language, { maxChars: limit });
  // splitSentences trims; what lies between sentences is whitespace, kept as the separator.
  sentences.forEach((s, i) => {
    const next = sentences[i + 1];
    out.push({ text: s.text, after: next ? paragraph.slice(s.end, next.start) : '' });
  });
}

function pack(list: Unit[], limit: number, lead: string, trail: string): SplitText {
  const parts: string[] = [];
  const separators = [lead];
  let current = list[0]!.text;
  for (let i = 1; i < list.length; i++) {
    const gap = list[i - 1]!.after;
    const next = list[i]!.text;
    if (current.length + gap.length + next.length <= limit) {
      current += gap + next;
    } else {
      parts.push(current);
      separators.push(gap);
      current = next;
    }
  }
  parts.push(current);
  separators.push(trail);
  return { parts, separators };
}

/**
 * Puts translated parts back between the original separators, so paragraphs and line breaks come
 * back exactly as they were. Each translation is trimmed: whitespace a service adds around a part
 * would otherwise double the separators.
 */
export function joinTranslations(parts: readonly string[], separators: readonly string[]): string {
  if (separators.length !== parts.length + 1) {
    throw new RangeError(`joinTranslations needs ${parts.length + 1} separators, got ${separators.length}.`);
  }
  let out = separators[0]!;
  parts.forEach((part, i) => {
    out += part.trim() + separators[i + 1]!;
  });
  return out;
}
