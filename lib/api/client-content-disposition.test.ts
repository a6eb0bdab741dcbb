import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './client';

const FALLBACK = 'tts_output.mp3';

describe('fileNameFromDisposition', () => {
  it.each([
    ['attachment; filename="tts_output.mp3"', 'tts_output.mp3'],
    ['attachment; filename=speech.wav', 'speech.wav'],
    [`attachment; filename*=UTF-8''%C3%A7ok%20g%C3%BCzel.mp3`, 'çok güzel.mp3'],
    [`attachment; filename="fallback.mp3"; filename*=UTF-8''preferred.mp3`, 'preferred.mp3'],
    [`attachment; filename*=iso-8859-1''caf%E9.mp3`, 'café.mp3'],
    ['attachment; filename="quo\\"te.mp3"', 'quo"te.mp3'],
  ])('reads %s', (header, expected) => {
    expect(fileNameFromDisposition(header, FALLBACK)).toBe(expected);
  });

  it.each([
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename="C:\\\\Windows\\\\evil.exe"', 'evil.exe'],
    [`attachment; filename*=UTF-8''..%2F..%2Fsecret.mp3`, 'secret.mp3'],
    ['attachment; filename=".hidden.mp3"', 'hidden.mp3'],
  ])('sanitizes path separators in %s', (header, expected) => {
    expect(fileNameFromDisposition(header, FALLBACK)).toBe(expected);
  });

  it.each([null, '', 'attachment', 'attachment; filename=""', 'attachment; filename="../"', `attachment; filename*=UTF-8''%E0%A4%A`])(
    'falls back for %j',
    (header) => {
      expect(fileNameFromDisposition(header, FALLBACK)).toBe(FALLBACK);
    },
  );
});
