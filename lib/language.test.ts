import { describe, expect, it } from 'vitest';
import { defaultTargetLanguage, isRtl, languageByCode, languageByName, LANGUAGES } from './language';

describe('languages', () => {
  it('covers the contract and the voices list, with unique codes and names', () => {
    const required = 'en es fr de it pt tr ru ja ko zh ar hi pl nl sv uk cs el fi da he id vi'.split(' ');
    for (const code of required) expect(languageByCode(code)?.code).toBe(code);
    expect(new Set(LANGUAGES.map((l) => l.code)).size).toBe(LANGUAGES.length);
    expect(new Set(LANGUAGES.map((l) => l.name)).size).toBe(LANGUAGES.length);
  });

  it('finds a language by tag and by name, case-insensitively', () => {
    expect(languageByCode('pt-BR')?.name).toBe('Portuguese');
    expect(languageByCode('ZH_tw')?.name).toBe('Chinese');
    expect(languageByCode('iw')?.name).toBe('Hebrew');
    expect(languageByCode('xx')).toBeUndefined();
    expect(languageByName('spanish')?.code).toBe('es');
    expect(languageByName(' GERMAN ')?.code).toBe('de');
    expect(languageByName('Klingon')).toBeUndefined();
  });

  it('knows right-to-left languages', () => {
    expect(isRtl('ar')).toBe(true);
    expect(isRtl('he-IL')).toBe(true);
    expect(isRtl('fa')).toBe(true);
    expect(isRtl('en')).toBe(false);
    expect(isRtl('ja')).toBe(false);
  });

  it('defaults to the last choice, then the UI language, then English', () => {
    expect(defaultTargetLanguage('de-DE', 'ja')).toBe('ja');
    expect(defaultTargetLanguage('de-DE', 'xx')).toBe('de');
    expect(defaultTargetLanguage('de-DE', null)).toBe('de');
    expect(defaultTargetLanguage('nb', null)).toBe('no');
    expect(defaultTargetLanguage('sw', null)).toBe('en');
    expect(defaultTargetLanguage('', null)).toBe('en');
  });
});
