import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareLocale, type LocaleMessages } from './i18n-locales';
import { SHIPPED_LOCALES } from './i18n';

const LOCALES_DIR = path.resolve(import.meta.dirname, '../public/_locales');
const read = (code: string): LocaleMessages => JSON.parse(readFileSync(path.join(LOCALES_DIR, code, 'messages.json'), 'utf8'));

describe('locale files', () => {
  const en = read('en');

  it('ships exactly the locales the UI declares', () => {
    expect(readdirSync(LOCALES_DIR).sort()).toEqual([...SHIPPED_LOCALES].sort());
  });

  for (const code of SHIPPED_LOCALES.filter((c) => c !== 'en')) {
    it(`${code} has every key of en, with the same placeholders`, () => {
      expect(compareLocale(en, read(code))).toEqual([]);
    });
  }

  it('finds a missing key and a changed placeholder', () => {
    const base: LocaleMessages = {
      a: { message: 'Saved as $NAME$.', placeholders: { name: { content: '$1' } } },
      b: { message: 'Detected: {language}' },
    };
    expect(compareLocale(base, { a: { message: 'Guardado.', placeholders: { name: { content: '$1' } } } })).toEqual([
      'placeholders of "a" differ: [name=$1] vs en [$name$ name=$1]',
      'missing key "b"',
    ]);
    expect(compareLocale(base, { ...base, b: { message: 'Detectado: {idioma}' } })).toHaveLength(1);
  });
});
