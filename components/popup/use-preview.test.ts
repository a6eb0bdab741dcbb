import { describe, expect, it } from 'vitest';
import { safePreviewUrl } from './use-preview';

describe('safePreviewUrl', () => {
  it('accepts web addresses only', () => {
    expect(safePreviewUrl('https://api.example.com/samples/en-emma.mp3')).toBe('https://api.example.com/samples/en-emma.mp3');
    expect(safePreviewUrl('http://127.0.0.1:8787/samples/syn-0001.mp3')).toBe('http://127.0.0.1:8787/samples/syn-0001.mp3');
    expect(safePreviewUrl('https://cdn.example.com/a.mp3?sig=1')).toBe('https://cdn.example.com/a.mp3?sig=1');
    for (const bad of ['http://cdn.example.com/a.mp3', 'javascript:alert(1)', 'data:audio/mpeg;base64,AAAA', 'file:///etc/passwd', 'chrome-extension://x/a.mp3', '/samples/a.mp3', '']) {
      expect(safePreviewUrl(bad)).toBeNull();
    }
  });
});
