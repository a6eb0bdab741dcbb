import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareLocale, type LocaleMessages } from './i18n-locales';
import { SHIPPED_LOCALES } from '../lib/i18n';

const LOCALES_DIR = path.resolve(import.meta.dirname, '../public/_locales');
const read = (code: string): LocaleMessages => JSON.parse(readFileSync(path.join(LOCALES_DIR, code, 'messages.json'), 'utf8'));

describe('locale files', () => {
  const en = read('en');

  it('ships exactly the locales the UI declares', () => {
    expect(readdirSync(LOCALES_DIR).sort()).toEqual([...SHIPPED_LOCALES].sort());
  });

  for (const code of SHIPPED_LOCALES) {
    it(`${code} has every key of en, none empty, with the same named placeholders`, () => {
      expect(compareLocale(en, read(code))).toEqual([]);
    });
  }

  it('finds a missing key, a changed placeholder, an empty message and another placeholder syntax', () => {
    const base: LocaleMessages = {
      a: { message: 'Saved as $NAME$.', placeholders: { name: { content: '$1' } } },
      b: { message: 'Detected: $LANGUAGE$', placeholders: { language: { content: '$1' } } },
    };
    expect(compareLocale(base, base)).toEqual([]);
    expect(compareLocale(base, { a: { message: 'Guardado.', placeholders: { name: { content: '$1' } } } })).toEqual([
      '"a" defines placeholder "name" but does not use it',
      'placeholders of "a" differ: [name=$1] vs en [$name$ name=$1]',
      'missing key "b"',
    ]);
    expect(compareLocale(base, { ...base, b: { message: 'Detectado: {language}' } })).toEqual([
      '"b" uses a {name} marker: use a named $NAME$ placeholder',
      'placeholders of "b" differ: [] vs en [$language$ language=$1]',
    ]);
    expect(compareLocale(base, { ...base, b: { message: 'Detectado: $1' } })[0]).toBe('"b" uses a bare $1: name it ($NAME$ with content "$1")');
    expect(compareLocale(base, { ...base, b: { message: ' ' } })).toEqual(['empty message "b"']);
    expect(compareLocale(base, { ...base, c: { message: 'Kept' } })).toEqual(['key "c" is not in en']);
    const dollars = { c: { message: 'Costs $$5 $N$' } };
    expect(compareLocale(dollars, dollars)).toEqual(['"c" uses $N$ without defining it']);
  });
});
