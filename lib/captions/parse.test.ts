import { describe, expect, it } from 'vitest';
import type { Cue } from './cue';
import { checkCaptionFileSize, formatTime, MAX_CAPTION_CUES, MAX_CAPTION_FILE_BYTES, parseCaptions, parseTiming, writeSrt, writeVtt } from './parse';

/** The cues of a file that must parse. */
function cuesOf(text: string): Cue[] {
  const parsed = parseCaptions(text);
  if (!parsed.ok) throw new Error(parsed.error.kind);
  return parsed.cues;
}

const brief = (cues: Cue[]) => cues.map((c) => [c.start, c.end, c.text]);

describe('parseCaptions: SRT', () => {
  it('reads a Windows file with a BOM, comma decimals and no final newline', () => {
    const file = '\uFEFF1\r\n00:00:01,000 --> 00:00:04,500\r\nHello there.\r\n\r\n2\r\n00:00:05,250 --> 00:01:02,003\r\n<i>Second</i>\r\nline';
    const parsed = parseCaptions(file);
    expect(parsed).toMatchObject({ ok: true, format: 'srt' });
    expect(cuesOf(file)).toEqual([
      { id: '1', start: 1, end: 4.5, text: 'Hello there.' },
      { id: '2', start: 5.25, end: 62.003, text: 'Second\nline' },
    ]);
  });

  it('reads old Mac line ends, dots for decimals, one-digit hours and SRT coordinates', () => {
    const file = '1\r0:00:01.5 --> 0:00:02.25  X1:40 X2:600 Y1:20 Y2:50\rOne\r\r2\r1:00:00,000 --> 1:00:01,000\rTwo\r';
    expect(brief(cuesOf(file))).toEqual([
      [1.5, 2.25, 'One'],
      [3600, 3601, 'Two'],
    ]);
  });

  it('keeps the lines after a blank line typed inside a caption, but not the next number', () => {
    const file = '1\n00:00:01,000 --> 00:00:02,000\nFirst line\n\nstill the first cue\n\n\n2\n00:00:03,000 --> 00:00:04,000\n42\n';
    expect(brief(cuesOf(file))).toEqual([
      [1, 2, 'First line\nstill the first cue'],
      [3, 4, '42'],
    ]);
  });

  it('reads a file without cue numbers', () => {
    expect(brief(cuesOf('00:00:01,000 --> 00:00:02,000\nA\n\n00:00:03,000 --> 00:00:04,000\nB'))).toEqual([
      [1, 2, 'A'],
      [3, 4, 'B'],
    ]);
  });

  it('drops empty cues and cues ending before they start, and keeps overlapping ones in order', () => {
    const file = [
      '1\n00:00:05,000 --> 00:00:08,000\nLater, overlapping',
      '2\n00:00:01,000 --> 00:00:06,000\nFirst',
      '3\n00:00:02,000 --> 00:00:03,000\n<i> </i>',
      '4\n00:00:09,000 --> 00:00:09,000\nNo time on screen',
      '5\n00:00:12,000 --> 00:00:10,000\nBackwards',
    ].join('\n\n');
    expect(cuesOf(file).map((c) => [c.id, c.start, c.end])).toEqual([
      ['2', 1, 6],
      ['1', 5, 8],
    ]);
  });

  it('gives every cue a unique id even when the file repeats a number', () => {
    const file = '7\n00:00:01,000 --> 00:00:02,000\nA\n\n7\n00:00:03,000 --> 00:00:04,000\nB\n\n7\n00:00:05,000 --> 00:00:06,000\nC';
    expect(cuesOf(file).map((c) => c.id)).toEqual(['7', '7-2', '7-3']);
  });
});

describe('parseCaptions: WebVTT', () => {
  const vtt = [
    'WEBVTT - A film\nKind: captions\nLanguage: en',
    'NOTE This is a comment\nspanning two lines 00:00:00.000 --> 00:00:09.000',
    'STYLE\n::cue { color: yellow }',
    'REGION\nid:fred width:40%',
    'intro\n00:01.000 --> 00:04.000 align:start line:0%\n<v Anna>Hello</v>',
    '00:00:05.000 --> 00:00:07.000 region:fred\nNo identifier &amp; an entity',
    '3\n00:08.000 --> 00:10.000\nOne <00:00:08.500>two',
  ].join('\n\n');

  it('reads cues with or without identifiers and hours, and skips NOTE, STYLE and REGION blocks', () => {
    expect(parseCaptions(vtt)).toMatchObject({ ok: true, format: 'vtt' });
    expect(cuesOf(vtt)).toEqual([
      { id: 'intro', start: 1, end: 4, text: 'Hello' },
      { id: '2', start: 5, end: 7, text: 'No identifier & an entity' },
      // "3" was taken by the file's own identifier for the third cue; an unnamed cue gets its number.
      { id: '3', start: 8, end: 10, text: 'One two' },
    ]);
  });

  it('reads a header without a title, a BOM, CRLF and a missing final newline', () => {
    expect(brief(cuesOf('\uFEFFWEBVTT\r\n\r\n00:00.500 --> 00:01.000\r\nHi'))).toEqual([[0.5, 1, 'Hi']]);
  });

  it('ends a cue at a blank line, as the format says', () => {
    expect(brief(cuesOf('WEBVTT\n\n00:01.000 --> 00:02.000\nA\n\nstray text\n\n00:03.000 --> 00:04.000\nB'))).toEqual([
      [1, 2, 'A'],
      [3, 4, 'B'],
    ]);
  });

  it('tells a cue id that repeats an earlier number apart', () => {
    const file = 'WEBVTT\n\n00:01.000 --> 00:02.000\nA\n\n1\n00:03.000 --> 00:04.000\nB';
    expect(cuesOf(file).map((c) => c.id)).toEqual(['1', '1-2']);
  });
});

describe('parseCaptions: files that are not captions', () => {
  it('refuses text, JSON, an empty file and a lone header as not captions', () => {
    for (const file of ['', 'Just some notes\nabout a film.', '{"cues":[]}', 'WEBVTT\n\nNOTE nothing here']) {
      const parsed = parseCaptions(file);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) {
        expect(parsed.error.kind).toBe('notCaptions');
      }
    }
  });

  it('says so when the times are there but every cue is empty', () => {
    expect(parseCaptions('1\n00:00:01,000 --> 00:00:02,000\n\n2\n00:00:03,000 --> 00:00:04,000\n<b></b>')).toMatchObject({ ok: false, error: { kind: 'noCues' } });
  });

  it('refuses a file over 2 MB, counting bytes, not characters', () => {
    const cue = '1\n00:00:01,000 --> 00:00:02,000\nA\n\n';
    expect(parseCaptions(cue + 'x'.repeat(MAX_CAPTION_FILE_BYTES))).toMatchObject({ ok: false, error: { kind: 'tooLarge' } });
    // 700 000 characters of three bytes each: under the cap in characters, over it in bytes.
    expect(parseCaptions(cue + '語'.repeat(700_000))).toMatchObject({ ok: false, error: { kind: 'tooLarge' } });
    expect(parseCaptions(cue + 'x'.repeat(1000)).ok).toBe(true);
    expect(checkCaptionFileSize(MAX_CAPTION_FILE_BYTES + 1)?.kind).toBe('tooLarge');
    expect(checkCaptionFileSize(MAX_CAPTION_FILE_BYTES)).toBeNull();
  });

  it('refuses more cues than any video has', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => `${formatTime(i, 'vtt')} --> ${formatTime(i + 0.5, 'vtt')}\nx`).join('\n\n');
    expect(parseCaptions(`WEBVTT\n\n${many(MAX_CAPTION_CUES + 1)}`)).toMatchObject({ ok: false, error: { kind: 'tooLarge' } });
    expect(parseCaptions(`WEBVTT\n\n${many(MAX_CAPTION_CUES)}`)).toMatchObject({ ok: true });
  });
});

describe('parseTiming and formatTime', () => {
  it('reads times exactly to the millisecond', () => {
    expect(parseTiming('00:00:00,100 --> 00:00:00,300')).toEqual({ start: 0.1, end: 0.3 });
    expect(parseTiming('12:34.5 --> 12:35')).toEqual({ start: 754.5, end: 755 });
    expect(parseTiming('not --> a time')).toBeNull();
    expect(parseTiming('00:01.000 -> 00:02.000')).toBeNull();
  });

  it('writes each format’s separator and rounds to the millisecond', () => {
    expect(formatTime(3723.4567, 'srt')).toBe('01:02:03,457');
    expect(formatTime(0.1, 'vtt')).toBe('00:00:00.100');
    expect(formatTime(100 * 3600, 'vtt')).toBe('100:00:00.000');
    expect(formatTime(-1, 'srt')).toBe('00:00:00,000');
  });
});

describe('writeSrt and writeVtt', () => {
  const cues: Cue[] = [
    { id: 'intro', start: 1, end: 2.5, text: 'Tom & Jerry <3\nare back' },
    { id: '2', start: 3.04, end: 4, text: 'Untranslated' },
  ];
  const translations = new Map([['intro', 'Tom et Jerry\n<3 sont de retour']]);
  const translationOf = (cue: Cue) => translations.get(cue.id);

  it('writes SRT: a number, the times, the original lines, then the translation on one line', () => {
    expect(writeSrt(cues, translationOf)).toBe(
      '1\n00:00:01,000 --> 00:00:02,500\nTom & Jerry <3\nare back\nTom et Jerry <3 sont de retour\n\n2\n00:00:03,040 --> 00:00:04,000\nUntranslated\n',
    );
  });

  it('writes WebVTT with its header, the cue ids and the markup characters escaped', () => {
    expect(writeVtt(cues, translationOf)).toBe(
      'WEBVTT\n\nintro\n00:00:01.000 --> 00:00:02.500\nTom &amp; Jerry &lt;3\nare back\nTom et Jerry &lt;3 sont de retour\n\n2\n00:00:03.040 --> 00:00:04.000\nUntranslated\n',
    );
  });

  it('leaves out an id a VTT file cannot hold', () => {
    expect(writeVtt([{ id: 'a --> b', start: 0, end: 1, text: 'x' }])).toBe('WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nx\n');
  });

  it('round-trips: what is written reads back as the same cues, translation as their last line', () => {
    const expected = cues.map((c) => ({ start: c.start, end: c.end, text: translationOf(c) ? `${c.text}\n${translationOf(c)!.replace(/\s+/gu, ' ')}` : c.text }));
    const srt = parseCaptions(writeSrt(cues, translationOf));
    const vtt = parseCaptions(writeVtt(cues, translationOf));
    expect(srt).toMatchObject({ ok: true, format: 'srt', cues: expected.map((c, i) => ({ ...c, id: String(i + 1) })) });
    expect(vtt).toMatchObject({ ok: true, format: 'vtt', cues: expected.map((c, i) => ({ ...c, id: cues[i]!.id })) });
  });

  it('round-trips a parsed file with overlapping cues and odd times unchanged', () => {
    const original = cuesOf('1\n00:00:01,001 --> 00:00:05,999\nA\n\n2\n00:00:02,333 --> 00:00:03,667\nB\nb\n\n3\n01:59:59,999 --> 02:00:00,000\nC');
    expect(cuesOf(writeSrt(original))).toEqual(original);
    expect(cuesOf(writeVtt(original))).toEqual(original);
  });
});
