import { describe, expect, it } from 'vitest';
import { ownLanguageText } from './own-language';

describe('ownLanguageText', () => {
  const text = 'Phrases\n\nGood morning.\n\nGuten Morgen.\n\nThank you.\n\nVielen Dank.';
  const mark = (part: string, label = 'de') => ({ from: text.indexOf(part), to: text.indexOf(part) + part.length, kind: 'lang' as const, label });

  it('leaves out the parts declared in another language', () => {
    const own = ownLanguageText(text, [mark('Guten Morgen.'), mark('Vielen Dank.')]);
    expect(own).toContain('Good morning.');
    expect(own).toContain('Thank you.');
    expect(own).not.toMatch(/Guten|Vielen/);
  });

  it('keeps the text whole without language marks, or when they cover all of it', () => {
    expect(ownLanguageText(text, undefined)).toBe(text);
    expect(ownLanguageText(text, [{ from: 0, to: 7, kind: 'code' }])).toBe(text);
    expect(ownLanguageText(text, [{ from: 0, to: text.length, kind: 'lang', label: 'de' }])).toBe(text);
  });
});
