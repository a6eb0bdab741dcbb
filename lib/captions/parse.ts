import { cleanCueText, sortCues, type Cue } from './cue';

/*
 * Caption files as people actually bring them: written by hand, exported by editors, converted from
 * other formats. So reading is lenient where a file is merely untidy (a BOM, Windows or old Mac line
 * ends, no final newline, "." in SRT times or "," in VTT ones, hours left out, cues out of order)
 * and refuses only a file that holds no captions at all. Writing is strict: what we write follows
 * the formats exactly, so every player reads it.
 */

export type CaptionFormat = 'srt' | 'vtt';

/** Larger than any real caption file (a feature film's SRT is about 100 kB); a bigger one is something else. */
export const MAX_CAPTION_FILE_BYTES = 2 * 1024 * 1024;
/** A three-hour film has about 2 500 cues. */
export const MAX_CAPTION_CUES = 20_000;

/**
 * Why a file could not be read as captions: not captions at all, cue times with no text, or past
 * MAX_CAPTION_FILE_BYTES / MAX_CAPTION_CUES. The surface that loads the file says it in the
 * user's language (its words are in the locale files, not here).
 */
export interface CaptionsError {
  kind: 'notCaptions' | 'noCues' | 'tooLarge';
}

export type ParsedCaptions = { ok: true; format: CaptionFormat; cues: Cue[] } | { ok: false; error: CaptionsError };

const NOT_CAPTIONS: CaptionsError = { kind: 'notCaptions' };
const NO_CUES: CaptionsError = { kind: 'noCues' };
const TOO_LARGE: CaptionsError = { kind: 'tooLarge' };

/** The size check alone, for a file's byte size known before it is read (File.size). */
export function checkCaptionFileSize(bytes: number): CaptionsError | null {
  return bytes > MAX_CAPTION_FILE_BYTES ? TOO_LARGE : null;
}

// [hours:]minutes:seconds, then "," (SRT) or "." (VTT) and milliseconds; either separator in either format.
const TIME = String.raw`(?:(\d+):)?(\d{1,2}):(\d{1,2})(?:[,.](\d{1,3}))?`;
// Cue settings (VTT "align:start line:0") or SRT coordinates ("X1:40 X2:600") may follow the end time.
const TIMING = new RegExp(String.raw`^\s*${TIME}\s*-->\s*${TIME}(?:\s.*)?$`, 'u');
const VTT_HEADER = /^WEBVTT(?:[ \t].*)?$/u;
// VTT blocks that are not cues: comments, style sheets, regions.
const NOT_A_CUE = /^(?:NOTE|STYLE|REGION)(?:[ \t].*)?$/u;

/** Seconds from one time's regex groups, exact to the millisecond ("1,5" is 1.5 s, as a decimal fraction). */
function secondsOf(h: string | undefined, m: string, s: string, frac: string | undefined): number {
  const ms = (Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s)) * 1000 + Number((frac ?? '').padEnd(3, '0'));
  return ms / 1000;
}

/** The start and end of a timing line, or null when the line is not one. */
export function parseTiming(line: string): { start: number; end: number } | null {
  const t = TIMING.exec(line);
  if (!t) return null;
  return { start: secondsOf(t[1], t[2]!, t[3]!, t[4]), end: secondsOf(t[5], t[6]!, t[7]!, t[8]) };
}

/**
 * Reads an SRT or WebVTT file's text (the format is told by its "WEBVTT" first line, not by the
 * file's name). Cues come back in order of start, overlapping ones kept (two people speaking);
 * cues with no text after cleaning, or ending before they start, are dropped.
 */
export function parseCaptions(text: string): ParsedCaptions {
  // UTF-8 never takes fewer bytes than UTF-16 units, so this first look cannot let a large file by.
  if (text.length > MAX_CAPTION_FILE_BYTES || new TextEncoder().encode(text).length > MAX_CAPTION_FILE_BYTES) return { ok: false, error: TOO_LARGE };
  const lines = text.replace(/^\uFEFF/u, '').split(/\r\n|\r|\n/u);
  const format: CaptionFormat = VTT_HEADER.test(lines[0] ?? '') ? 'vtt' : 'srt';
  const found = format === 'vtt' ? readVtt(lines) : readSrt(lines);
  if (found === 'tooMany') return { ok: false, error: TOO_LARGE };
  if (found.timings === 0) return { ok: false, error: NOT_CAPTIONS };
  if (found.cues.length === 0) return { ok: false, error: NO_CUES };
  return { ok: true, format, cues: sortCues(found.cues) };
}

interface Found {
  cues: Cue[];
  /** Timing lines seen, kept or not: a file with some is captions, even when every cue is empty. */
  timings: number;
}

/** Collects cues, giving each a unique id: the file's own identifier when it has one, else its number. */
function collector() {
  const found: Found = { cues: [], timings: 0 };
  const used = new Set<string>();
  const add = (label: string, start: number, end: number, payload: string[]): boolean => {
    found.timings += 1;
    if (found.timings > MAX_CAPTION_CUES) return false;
    const text = cleanCueText(payload.join('\n'));
    if (!text || !(end > start)) return true;
    let id = label.trim() || String(found.timings);
    for (let n = 2; used.has(id); n++) id = `${label.trim() || found.timings}-${n}`;
    used.add(id);
    found.cues.push({ id, start, end, text });
    return true;
  };
  return { found, add };
}

/**
 * SRT: a number, a timing line, text lines. A cue's text runs to the next timing line (less the
 * number just before it), so a blank line typed inside a caption does not lose the lines after it.
 */
function readSrt(lines: readonly string[]): Found | 'tooMany' {
  const { found, add } = collector();
  const starts = lines.flatMap((line, i) => (parseTiming(line) ? [i] : []));
  for (const [k, at] of starts.entries()) {
    const next = starts[k + 1] ?? lines.length;
    // The next cue's number, on the line right before its timing line, is not this cue's text.
    let end = next;
    if (next < lines.length && /^\s*\d+\s*$/u.test(lines[next - 1] ?? '') && next - 1 > at) end = next - 1;
    const label = /^\s*\d+\s*$/u.test(lines[at - 1] ?? '') ? lines[at - 1]! : '';
    const { start, end: stop } = parseTiming(lines[at]!)!;
    if (!add(label, start, stop, lines.slice(at + 1, end))) return 'tooMany';
  }
  return found;
}

/** WebVTT: blocks between blank lines; a cue block is an optional identifier, a timing line, text. */
function readVtt(lines: readonly string[]): Found | 'tooMany' {
  const { found, add } = collector();
  let i = 0;
  // The header block: "WEBVTT" and any header lines up to the first blank line.
  while (i < lines.length && lines[i]!.trim() !== '') i++;
  while (i < lines.length) {
    while (i < lines.length && lines[i]!.trim() === '') i++;
    const block: string[] = [];
    while (i < lines.length && lines[i]!.trim() !== '') block.push(lines[i++]!);
    if (block.length === 0 || NOT_A_CUE.test(block[0]!)) continue;
    const at = parseTiming(block[0]!) ? 0 : parseTiming(block[1] ?? '') ? 1 : -1;
    if (at < 0) continue;
    const { start, end } = parseTiming(block[at]!)!;
    if (!add(at === 1 ? block[0]! : '', start, end, block.slice(at + 1))) return 'tooMany';
  }
  return found;
}

/** The translation shown under a cue, or undefined when it has none (yet). */
export type TranslationOf = (cue: Cue) => string | undefined;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** "01:02:03,450" (SRT) or "01:02:03.450" (VTT), rounded to the millisecond. */
export function formatTime(seconds: number, format: CaptionFormat): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const clock = `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}`;
  return `${clock}${format === 'srt' ? ',' : '.'}${pad(ms % 1000, 3)}`;
}

/** A cue's lines as written: the original's lines, then the translation on one line of its own. */
function bilingualLines(cue: Cue, translationOf: TranslationOf): string[] {
  const translation = translationOf(cue)?.replace(/\s+/gu, ' ').trim();
  return [...cue.text.split('\n'), ...(translation ? [translation] : [])];
}

// VTT cue text is markup: these three must be written as references ("-->" cannot appear either).
const escapeVtt = (line: string) => line.replace(/&/gu, '&amp;').replace(/</gu, '&lt;').replace(/>/gu, '&gt;');

/**
 * Bilingual SRT for Download: each cue numbered from 1, its original lines, then its translation.
 * SRT has no escapes: text that looks like a tag ("<b>") is read as one by players and by
 * parseCaptions, as it would be in any SRT file.
 */
export function writeSrt(cues: readonly Cue[], translationOf: TranslationOf = () => undefined): string {
  return cues
    .map((cue, i) => `${i + 1}\n${formatTime(cue.start, 'srt')} --> ${formatTime(cue.end, 'srt')}\n${bilingualLines(cue, translationOf).join('\n')}\n`)
    .join('\n');
}

/** Bilingual WebVTT for Download: each cue with its id, its original lines, then its translation. */
export function writeVtt(cues: readonly Cue[], translationOf: TranslationOf = () => undefined): string {
  const blocks = cues.map((cue) => {
    // An identifier may not hold "-->" or a line break; ours never do, but a track's ids may.
    const id = /-->|\n/u.test(cue.id) ? '' : `${cue.id}\n`;
    return `${id}${formatTime(cue.start, 'vtt')} --> ${formatTime(cue.end, 'vtt')}\n${bilingualLines(cue, translationOf).map(escapeVtt).join('\n')}\n`;
  });
  return ['WEBVTT\n', ...blocks].join('\n');
}
