import { describe, expect, it } from 'vitest';
import { MAX_CAPTION_FILE_BYTES } from '../captions/parse';
import { captionsFromFile } from './captions-file';

describe('a caption file the user loads', () => {
  it('gives its cues (SRT or VTT, told by its text)', async () => {
    const srt = new Blob(['1\n00:00:00,200 --> 00:00:01,800\nThe bell rings at noon.\n\n2\n00:00:02,000 --> 00:00:03,800\nA cat naps.\n']);
    expect(await captionsFromFile(srt)).toEqual({
      ok: true,
      format: 'srt',
      cues: [
        { id: '1', start: 0.2, end: 1.8, text: 'The bell rings at noon.' },
        { id: '2', start: 2, end: 3.8, text: 'A cat naps.' },
      ],
    });
  });

  it('refuses a file that is not captions, and one too large before reading it', async () => {
    expect(await captionsFromFile(new Blob(['just some notes']))).toEqual({ ok: false, error: { kind: 'notCaptions' } });
    const huge = { size: MAX_CAPTION_FILE_BYTES + 1, text: () => Promise.reject(new Error('read')) } as unknown as Blob;
    expect(await captionsFromFile(huge)).toEqual({ ok: false, error: { kind: 'tooLarge' } });
  });
});
