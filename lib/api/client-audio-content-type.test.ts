import { describe, expect, it } from 'vitest';
import { isAudioTypeFor, mediaType } from './client';

describe('isAudioTypeFor', () => {
  it.each([
    ['audio/mpeg', 'mp3', true],
    ['audio/mp3', 'mp3', true],
    ['Audio/MPEG; charset=binary', 'mp3', true],
    ['audio/wav', 'wav', true],
    ['audio/x-wav', 'wav', true],
    ['audio/wave', 'wav', true],
    ['audio/vnd.wave', 'wav', true],
    ['audio/wav', 'mp3', false],
    ['audio/mpeg', 'wav', false],
    ['application/json', 'mp3', false],
    ['application/octet-stream', 'mp3', false],
    [null, 'mp3', false],
  ] as const)('%s for %s → %s', (type, format, expected) => {
    expect(isAudioTypeFor(type, format)).toBe(expected);
  });

  it('normalizes the media type', () => {
    expect(mediaType(' Text/HTML ; charset=utf-8')).toBe('text/html');
    expect(mediaType(null)).toBe('');
  });
});
