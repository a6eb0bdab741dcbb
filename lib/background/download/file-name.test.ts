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
  it('removes what the browsers\' download APIs refuse: ~, invisible format characters, device names', () => {
    expect(fileNameFromTitle('Home ~ News', 'mp3')).toBe('Home News.mp3');
    // A family emoji is joined by zero-width joiners (format characters): the people stay.
    expect(fileNameFromTitle('Family 👨\u200d👩\u200d👧 day\u200b\u202e', 'mp3')).toBe('Family 👨 👩 👧 day.mp3');
    expect(fileNameFromTitle('Broken \ud800 pair', 'mp3')).toBe('Broken pair.mp3');
    expect(fileNameFromTitle('nul', 'wav')).toBe('_nul.wav');
    expect(fileNameFromTitle('COM1.report', 'mp3')).toBe('_COM1.report.mp3');
    expect(fileNameFromTitle('Console', 'mp3')).toBe('Console.mp3');
  });
  it('names untitled text and caps long titles', () => {
    expect(fileNameFromTitle('  ', 'mp3')).toBe('speech.mp3');
    expect(fileNameFromTitle('\u200b~', 'mp3')).toBe('speech.mp3');
    expect(fileNameFromTitle('x'.repeat(300), 'mp3')).toHaveLength(84);
  });
  it('caps long names in bytes too, never splitting a character', () => {
    const name = fileNameFromTitle('😀'.repeat(100), 'mp3');
    expect(new TextEncoder().encode(name).byteLength).toBeLessThanOrEqual(154);
    expect(name).toBe(`${'😀'.repeat(37)}.mp3`);
    expect(name.isWellFormed()).toBe(true);
  });
});
