import { beforeEach, describe, expect, it } from 'vitest';
import { capReadingText, MAX_READING_CHARS } from './cap';
import { useEnglishMessages } from '../../i18n.test-helpers';

// Errors are worded from public/_locales/en, as in an English browser.
beforeEach(() => useEnglishMessages());

describe('capReadingText', () => {
  it('leaves ordinary text alone', () => {
    expect(capReadingText('Short. Text.')).toEqual({ text: 'Short. Text.', cut: null });
  });

  it('cuts a book at the last sentence end before the cap and says where it stops', () => {
    const book = 'A sentence of the book. '.repeat(Math.ceil((MAX_READING_CHARS * 2) / 24));
    const { text, cut } = capReadingText(book);
    expect(text.length).toBeLessThanOrEqual(MAX_READING_CHARS);
    expect(text.length).toBeGreaterThan(MAX_READING_CHARS - 30);
    expect(text.endsWith('book.')).toBe(true);
    expect(book.startsWith(text)).toBe(true);
    expect(cut).toMatch(/very long \(1,000,0\d\d characters\): only the first 499,9\d\d are read/);
  });
});
