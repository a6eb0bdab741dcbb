import { describe, expect, it } from 'vitest';
import { cleanForSpeech, DEFAULT_CLEANUP, isAboutCode, isSpeakable, linkWord, leftOutChars, markedForSpeech, speechMarks } from './clean';

describe('cleanForSpeech', () => {
  it('collapses repeated punctuation and removes dividers', () => {
    expect(cleanForSpeech('Wow!!!!! Really???', 'en')).toBe('Wow! Really?');
    expect(cleanForSpeech('Part one ----- part two', 'en')).toBe('Part one part two');
    expect(cleanForSpeech('===== Title =====', 'en')).toBe('Title');
    expect(cleanForSpeech('*****', 'en')).toBe('');
    expect(cleanForSpeech('Name: ______ please', 'en')).toBe('Name: please');
    expect(cleanForSpeech('This is **bold** and __under__.', 'en')).toBe('This is bold and under.');
    expect(cleanForSpeech('Hmm..... ok', 'en')).toBe('Hmm... ok');
    expect(cleanForSpeech('えっ。。。本当！！', 'ja')).toBe('えっ。本当！');
    expect(cleanForSpeech('So funny 😂😂😂', 'en')).toBe('So funny 😂');
  });

  it('keeps meaningful short sequences', () => {
    expect(cleanForSpeech('I code in C++ and C#.', 'en')).toBe('I code in C++ and C#.');
    expect(cleanForSpeech('Wait... what?!', 'en')).toBe('Wait... what?!');
    expect(cleanForSpeech('It costs 1,000,000 dollars, i.e. 10:30 a.m.', 'en')).toBe('It costs 1,000,000 dollars, i.e. 10:30 a.m.');
    expect(cleanForSpeech('A coffee-shop in 2024.', 'en')).toBe('A coffee-shop in 2024.');
  });

  it('caps letters stretched for emphasis at three', () => {
    expect(cleanForSpeech('soooooo goooood', 'en')).toBe('sooo goood');
    expect(cleanForSpeech('Ahhhhhh! balloon', 'en')).toBe('Ahhh! balloon');
    expect(cleanForSpeech('ははははは', 'ja')).toBe('ははは');
  });

  it('replaces URLs with a localized word and leaves emails alone', () => {
    expect(cleanForSpeech('See https://example.com/a?b=1&c=2.', 'en')).toBe('See link.');
    expect(cleanForSpeech('Go to www.example.org, then write to anna@www.example.org.', 'en')).toBe(
      'Go to link, then write to anna@www.example.org.',
    );
    expect(cleanForSpeech('Mira http://ejemplo.es/x (aquí).', 'es')).toBe('Mira enlace (aquí).');
    expect(cleanForSpeech('(see https://en.wikipedia.org/wiki/Foo_(bar))', 'en')).toBe('(see link)');
    expect(cleanForSpeech('Voir https://exemple.fr', 'fr-CA')).toBe('Voir lien');
    expect(cleanForSpeech('詳しくはhttps://example.jp/aを見て。', 'ja')).toBe('詳しくは リンク を見て。');
    expect(cleanForSpeech('Bak: https://ornek.com.tr', 'tr')).toBe('Bak: bağlantı');
    expect(cleanForSpeech('Write to john.doe@example.com now', 'en')).toBe('Write to john.doe@example.com now');
  });

  it('knows link words per language with an English default', () => {
    expect(linkWord('de-DE')).toBe('Link');
    expect(linkWord('ru')).toBe('ссылка');
    expect(linkWord('zh_TW')).toBe('链接');
    expect(linkWord('sv')).toBe('länk');
    expect(linkWord('xx')).toBe('link');
  });

  it('collapses whitespace', () => {
    expect(cleanForSpeech('  a \n\t b  ', 'en')).toBe('a b');
  });

  it('tells speakable text from punctuation only', () => {
    expect(isSpeakable('--- *** !!!')).toBe(false);
    expect(isSpeakable('')).toBe(false);
    expect(isSpeakable('42')).toBe(true);
    expect(isSpeakable('。はい')).toBe(true);
  });
});

describe('citation markers, left out before paying', () => {
  it('drops numbered, lettered and worded markers (with a page), and keeps words in brackets', () => {
    expect(cleanForSpeech('The tide goes out.[1] Then it turns.[2][3]', 'en')).toBe('The tide goes out. Then it turns.');
    expect(cleanForSpeech('Other[3] costs 4,933,210[5] or $199 billion[6].', 'en')).toBe('Other costs 4,933,210 or $199 billion.');
    expect(cleanForSpeech('Mills[a] were common[citation needed] and old.[4]: 17', 'en')).toBe('Mills were common and old.');
    expect(cleanForSpeech('See notes [3–5] and [note 2].', 'en')).toBe('See notes and.');
    expect(cleanForSpeech('He wrote "teh" [sic] twice [in 1902].', 'en')).toBe('He wrote "teh" [sic] twice [in 1902].');
    expect(cleanForSpeech('[EN] Hello, friend. [OK]', 'en')).toBe('[EN] Hello, friend. [OK]');
  });

  it('is read as written when the rule is turned off, and counts what it leaves out', () => {
    expect(cleanForSpeech('The tide goes out.[1]', 'en', { ...DEFAULT_CLEANUP, citations: false })).toBe('The tide goes out.[1]');
    expect(leftOutChars('Other[3] costs 4,933,210[5] or [citation needed].')).toBe(3 + 3 + 17);
    expect(leftOutChars('Other[3].', { ...DEFAULT_CLEANUP, citations: false })).toBe(0);
  });
});

describe('rules that need the page: code, tables; and image noise', () => {
  const rules = DEFAULT_CLEANUP;
  const prose = 'The clerk explained it. '.repeat(30);
  // "Run it:\n\n<block>\n\nDone." with the block marked, in a text long enough not to be about code.
  const block = 'for x in y: total += x\nprint(total)';
  const text = `${prose}Run it:\n\n${block}\n\nDone.`;
  const from = text.indexOf(block);
  const blockMark = { from, to: from + block.length, kind: 'codeBlock' as const };
  const sentences = [...text.matchAll(/[^\n]+/g)].map((m) => [m.index, m.index + m[0].length] as const).slice(-4);

  it('says a short note where a code block begins and nothing for its other lines', () => {
    const marks = speechMarks(text.length, [blockMark]);
    expect(marks.aboutCode).toBe(false);
    const said = sentences.map(([s, e]) => cleanForSpeech(markedForSpeech(text, s, e, 'en', rules, marks), 'en', rules));
    expect(said.slice(1)).toEqual(['Code left out.', '', 'Done.']);
    expect(cleanForSpeech(markedForSpeech(text, sentences[1]![0], sentences[1]![1], 'de', rules, marks), 'de', rules)).toBe('Code ausgelassen.');
    // Turned off, or on a page about code, the code is read.
    expect(markedForSpeech(text, sentences[1]![0], sentences[1]![1], 'en', { ...rules, code: false }, marks)).toBe('for x in y: total += x');
    expect(markedForSpeech(text, sentences[1]![0], sentences[1]![1], 'en', rules, speechMarks(block.length + 10, [blockMark]))).toBe('for x in y: total += x');
  });

  it('reads short inline code and says long inline code as "code"', () => {
    const line = 'Type npm test, or the whole harbour-count --since=yesterday --ports=north,salt --format=csv here.';
    const short = { from: 5, to: 13, kind: 'code' as const };
    const longFrom = line.indexOf('harbour-count');
    const long = { from: longFrom, to: line.indexOf(' here'), kind: 'code' as const };
    const marks = speechMarks(10_000, [short, long]);
    expect(cleanForSpeech(markedForSpeech(line, 0, line.length, 'en', rules, marks), 'en', rules)).toBe('Type npm test, or the whole code here.');
    expect(cleanForSpeech(markedForSpeech(line, 0, line.length, 'es', rules, marks), 'es', rules)).toBe('Type npm test, or the whole código here.');
  });

  it('knows a page about code: a sixth of it code, or three code blocks', () => {
    expect(isAboutCode(600, [{ from: 0, to: 100, kind: 'codeBlock' }])).toBe(true);
    expect(isAboutCode(601, [{ from: 0, to: 100, kind: 'codeBlock' }])).toBe(false);
    const three = [0, 1, 2].map((i) => ({ from: i * 10, to: i * 10 + 5, kind: 'codeBlock' as const }));
    expect(isAboutCode(100_000, three)).toBe(true);
    expect(isAboutCode(100_000, three.slice(1))).toBe(false);
  });

  it('reads a cell with its column header, unless the rule is off or the cell says it already', () => {
    const table = 'Port\nBoats\nNorthhaven\n1,204\nBoats: 3';
    const cell = (t: string, label: string) => ({ from: table.indexOf(t), to: table.indexOf(t) + t.length, kind: 'cell' as const, label });
    const marks = speechMarks(table.length, [cell('Northhaven', 'Port'), cell('1,204', 'Boats'), cell('Boats: 3', 'Boats')]);
    const lines = [...table.matchAll(/[^\n]+/g)].map((m) => markedForSpeech(table, m.index, m.index + m[0].length, 'en', rules, marks));
    expect(lines).toEqual(['Port', 'Boats', 'Port: Northhaven', 'Boats: 1,204', 'Boats: 3']);
    expect(markedForSpeech(table, 11, 21, 'en', { ...rules, tables: false }, marks)).toBe('Northhaven');
  });

  it('leaves out image credits, file names and placeholders', () => {
    expect(cleanForSpeech('Photograph: Jane Doe/Harbour Press', 'en')).toBe('');
    expect(cleanForSpeech('Image credit: NASA', 'en')).toBe('');
    expect(cleanForSpeech('Foto: Ana Ruiz/EFE', 'es')).toBe('');
    expect(cleanForSpeech('The file IMG_2034.jpg on its website shows them.', 'en')).toBe('The file on its website shows them.');
    expect(cleanForSpeech('See [image] the boats.', 'en')).toBe('See the boats.');
    // Prose that merely mentions pictures, and addresses, stay.
    expect(cleanForSpeech('The photo shows the harbour: boats everywhere.', 'en')).toBe('The photo shows the harbour: boats everywhere.');
    expect(cleanForSpeech('Photograph: Jane Doe/Harbour Press', 'en', { ...DEFAULT_CLEANUP, images: false })).toBe('Photograph: Jane Doe/Harbour Press');
  });

  it('counts what the rules leave out, from where the reading starts', () => {
    const marks = speechMarks(text.length, [blockMark]);
    expect(leftOutChars(text, rules, marks)).toBe(block.length);
    expect(leftOutChars(text, rules, marks, from + 4)).toBe(block.length - 4);
    expect(leftOutChars(text, { ...rules, code: false }, marks)).toBe(0);
    expect(leftOutChars('A boat.\nPhotograph: Jane Doe/Reuters\nIMG_1.png', rules)).toBe('Photograph: Jane Doe/Reuters'.length + 'IMG_1.png'.length);
  });
});
