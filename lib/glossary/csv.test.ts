import { describe, expect, it } from 'vitest';
import { readCsv, writeCsv } from './csv';

describe('CSV (RFC 4180)', () => {
  it('quotes what must be quoted, doubles quotes and ends records with CRLF', () => {
    expect(writeCsv([['a', 'b,c', 'say "hi"', 'two\nlines', ' padded', '']])).toBe('a,"b,c","say ""hi""","two\nlines"," padded",\r\n');
  });

  it('reads back what it wrote, byte for byte, with the line each record starts on', () => {
    const records = [['term', 'say'], ['a,b', 'x "y" z'], ['multi\r\nline', ''], ['東京', 'とうきょう']];
    const read = readCsv(writeCsv(records));
    expect(read).toEqual({ ok: true, records: [
      { line: 1, fields: records[0] },
      { line: 2, fields: records[1] },
      { line: 3, fields: records[2] },
      { line: 5, fields: records[3] },
    ] });
  });

  it('accepts LF and CR line ends, a byte-order mark and blank lines', () => {
    expect(readCsv('\uFEFFa,b\n\nc,d\re,f\n')).toEqual({ ok: true, records: [
      { line: 1, fields: ['a', 'b'] },
      { line: 3, fields: ['c', 'd'] },
      { line: 4, fields: ['e', 'f'] },
    ] });
  });

  it('reports a quote never closed, and text after a closing quote, by line', () => {
    expect(readCsv('a,b\nc,"d\ne')).toEqual({ ok: false, line: 2, kind: 'unclosedQuote' });
    expect(readCsv('a,b\n"c"d,e')).toEqual({ ok: false, line: 2, kind: 'badQuote' });
  });
});
