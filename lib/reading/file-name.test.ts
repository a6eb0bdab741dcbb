import { describe, expect, it } from 'vitest';
import { fileNameFromTitle } from './file-name';

describe('fileNameFromTitle', () => {
  it('keeps readable titles, in any script', () => {
    expect(fileNameFromTitle('A short walk in the park', 'mp3')).toBe('A short walk in the park.mp3');
    expect(fileNameFromTitle('桃太郎 — 日本の昔話', 'wav')).toBe('桃太郎 — 日本の昔話.wav');
  });
  it('removes what file systems refuse and path tricks', () => {
    expect(fileNameFromTitle('../../etc/passwd', 'mp3')).toBe('etc passwd.mp3');
    expect(fileNameFromTitle('What? A "quote": <b>x</b>|y', 'mp3')).toBe('What A quote b x b y.mp3');
  });
  it('names untitled text and caps long titles', () => {
    expect(fileNameFromTitle('  ', 'mp3')).toBe('speech.mp3');
    expect(fileNameFromTitle('x'.repeat(300), 'mp3')).toHaveLength(84);
  });
});
