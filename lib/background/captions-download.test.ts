import { describe, expect, it } from 'vitest';
import { captionsFileName } from './captions-download';

describe('captionsFileName', () => {
  it('names the file after the page, the language and the format, made safe', () => {
    expect(captionsFileName('River captions', 'es', 'srt')).toBe('River captions.es.srt');
    expect(captionsFileName('a/b: c?', 'ja', 'vtt')).toBe('a b c.ja.vtt');
    expect(captionsFileName('', 'de', 'vtt')).toBe('captions.de.vtt');
  });
});
