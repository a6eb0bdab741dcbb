import { describe, expect, it } from 'vitest';
import { cleanForSpeech, isSpeakable, linkWord } from './clean';

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
