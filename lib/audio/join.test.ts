// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { joinAudio } from './join';
import { parseMp3 } from './mp3';
import { encodeMp3, encodeWav } from './encode.test-helpers';
import { validateAudio } from './validate';
import { parseWav } from './wav';

describe('joinAudio', () => {
  it('joins MP3 parts into valid MP3', async () => {
    const parts = [encodeMp3(0.3), encodeMp3(0.4)];
    const joined = await joinAudio(parts, 'mp3');
    const sum = parts.reduce((s, p) => s + parseMp3(p).durationSec, 0);
    const result = validateAudio(joined, 'mp3');
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.durationSec).toBeCloseTo(sum, 9);
  });

  it('joins WAV parts into valid WAV', async () => {
    const joined = await joinAudio([encodeWav(0.3), encodeWav(0.4)], 'wav');
    expect(validateAudio(joined, 'wav').ok).toBe(true);
    expect(parseWav(joined).durationSec).toBeCloseTo(0.7, 4);
  });
});
