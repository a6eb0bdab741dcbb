import { describe, expect, it } from 'vitest';
import { joinTranslations, splitForTranslation } from './split';

const roundTrip = (text: string, max?: number) => {
  const { parts, separators } = splitForTranslation(text, max);
  return joinTranslations(parts, separators);
};

describe('splitForTranslation', () => {
  it('keeps text that fits as one trimmed part, with its outer whitespace as separators', () => {
    expect(splitForTranslation('  Hello.\n\nWorld.\n')).toEqual({ parts: ['Hello.\n\nWorld.'], separators: ['  ', '\n'] });
  });

  it('returns no parts for whitespace only', () => {
    expect(splitForTranslation(' \n ')).toEqual({ parts: [], separators: [' \n '] });
  });

  it('cuts at paragraph breaks first and packs paragraphs up to the limit', () => {
    const a = 'a'.repeat(30);
    const b = 'b'.repeat(30);
    const c = 'c'.repeat(30);
    const text = `${a}\n\n${b}\n  \n\t${c}`;
    const { parts, separators } = splitForTranslation(text, 70);
    expect(parts).toEqual([`${a}\n\n${b}`, c]);
    expect(separators).toEqual(['', '\n  \n\t', '']);
  });

  it('cuts a long paragraph at sentence boundaries, then at spaces', () => {
    const text = 'The first sentence is here. The second one follows it. A third closes the paragraph.';
    const { parts } = splitForTranslation(text, 40);
    expect(parts).toEqual(['The first sentence is here.', 'The second one follows it.', 'A third closes the paragraph.']);
    const words = 'word '.repeat(40).trim();
    for (const part of splitForTranslation(words, 32).parts) expect(part.length).toBeLessThanOrEqual(32);
  });

  it('never returns a part longer than the limit', () => {
    const text = Array.from({ length: 50 }, (_, i) => `Sentence number ${i} is somewhat long, really.`).join(' ');
    const { parts } = splitForTranslation(text, 100);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(100);
    expect(parts.length).toBeGreaterThan(10);
  });

  it('round-trips any text exactly when parts are returned unchanged', () => {
    const samples = [
      '  Intro line.\r\n\r\nSecond paragraph. With two sentences.\n\n\n   Indented third.  \n',
      'これは日本語の文です。二つ目の文です。\n\n三つ目の段落。',
      'مرحبا بالعالم. هذه جملة ثانية.\n\nفقرة جديدة.',
      'noboundaryatall'.repeat(20),
      'Emoji 😀 text. '.repeat(30),
    ];
    for (const text of samples) {
      for (const max of [5000, 60, 25, 7]) expect(roundTrip(text, max)).toBe(text);
    }
  });
});

describe('joinTranslations', () => {
  it('restores the original separators and trims what the service added', () => {
    const { parts, separators } = splitForTranslation(`${'x'.repeat(20)}\n\n${'y'.repeat(20)}`, 25);
    const translated = parts.map((p) => `[ES] ${p}\n`);
    expect(joinTranslations(translated, separators)).toBe(`[ES] ${'x'.repeat(20)}\n\n[ES] ${'y'.repeat(20)}`);
  });

  it('rejects a separator list that does not match the parts', () => {
    expect(() => joinTranslations(['a', 'b'], ['', ''])).toThrow(RangeError);
  });
});
