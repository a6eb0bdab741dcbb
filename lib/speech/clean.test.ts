import { describe, expect, it } from 'vitest';
import { cleanForSpeech, isSpeakable, linkWord, leftOutChars } from './clean';

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
    expect(cleanForSpeech('The tide goes out.[1]', 'en', { citations: false })).toBe('The tide goes out.[1]');
    expect(leftOutChars('Other[3] costs 4,933,210[5] or [citation needed].')).toBe(3 + 3 + 17);
    expect(leftOutChars('Other[3].', { citations: false })).toBe(0);
  });
});
