/**
 * CSV as RFC 4180 writes it: records end with CRLF, a field holding a comma, a quote, a line break
 * or an outer space is quoted, and a quote inside is doubled. Reading accepts LF or CR line ends
 * too, a byte-order mark, and blank lines (skipped): what spreadsheets and editors save.
 */

/** One record and the line it starts on (1-based; a quoted field may span lines). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** What stops a file from being read: a quote never closed, or text after a closing quote. */
export type CsvErrorKind = 'unclosedQuote' | 'badQuote';

export type CsvRead = { ok: true; records: CsvRecord[] } | { ok: false; line: number; kind: CsvErrorKind };

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/u;

/** One field as written: quoted when it must be. */
function field(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The records as CSV text, each line ending with CRLF. */
export function writeCsv(records: readonly (readonly string[])[]): string {
  return records.map((r) => `${r.map(field).join(',')}\r\n`).join('');
}

/** The records of a CSV text; blank lines are skipped. */
export function readCsv(input: string): CsvRead {
  const text = input.replace(/^\uFEFF/u, '');
  const records: CsvRecord[] = [];
  let line = 1;
  let i = 0;
  while (i < text.length) {
    const start = line;
    const fields: string[] = [];
    for (;;) {
      let value = '';
      if (text[i] === '"') {
        i++;
        for (;;) {
          if (i >= text.length) return { ok: false, line: start, kind: 'unclosedQuote' };
          const c = text[i]!;
          if (c === '"' && text[i + 1] === '"') {
            value += '"';
            i += 2;
          } else if (c === '"') {
            i++;
            break;
          } else {
            if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line++;
            value += c;
            i++;
          }
        }
        if (i < text.length && !/[,\r\n]/u.test(text[i]!)) return { ok: false, line, kind: 'badQuote' };
      } else {
        while (i < text.length && !/[,\r\n]/u.test(text[i]!)) value += text[i++];
      }
      fields.push(value);
      if (text[i] === ',') {
        i++;
        continue;
      }
      break;
    }
    if (text[i] === '\r') i++;
    if (text[i] === '\n') i++;
    line++;
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: start, fields });
  }
  return { ok: true, records };
}
